CREATE TABLE "prediction_daily" (
	"day" timestamp with time zone NOT NULL,
	"confidence" text NOT NULL,
	"predictions" integer NOT NULL,
	"verified" integer NOT NULL,
	"accurate" integer NOT NULL,
	"confidence_sum" double precision NOT NULL,
	CONSTRAINT "prediction_daily_day_confidence_pk" PRIMARY KEY("day","confidence")
);
--> statement-breakpoint
-- The start of the UTC day of a moment, as prediction_hour gives its hour.
CREATE FUNCTION prediction_day(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT to_timestamp(floor(extract(epoch FROM at) / 86400) * 86400)
$$;--> statement-breakpoint
-- The days so far, from the hourly sums (each hour lies within one UTC day).
INSERT INTO prediction_daily (day, confidence, predictions, verified, accurate, confidence_sum)
  SELECT prediction_day(hour), confidence, sum(predictions), sum(verified), sum(accurate), sum(confidence_sum)
    FROM prediction_hourly GROUP BY 1, 2;--> statement-breakpoint
-- The ledger's triggers as in 0006, each with the daily sums added after the hourly ones.
CREATE OR REPLACE FUNCTION predictions_sum_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A prediction may arrive already verified (a backfill from recorded history): it counts as verified at once.
  INSERT INTO prediction_hourly AS h (hour, confidence, predictions, verified, accurate, confidence_sum)
    SELECT prediction_hour(predicted_at), confidence, count(*), count(verified_at), count(*) FILTER (WHERE accurate),
           sum(greatest(probability, 1 - probability))
      FROM recorded GROUP BY 1, 2
    ON CONFLICT (hour, confidence) DO UPDATE
      SET predictions = h.predictions + excluded.predictions, verified = h.verified + excluded.verified,
          accurate = h.accurate + excluded.accurate, confidence_sum = h.confidence_sum + excluded.confidence_sum;
  INSERT INTO prediction_daily AS d (day, confidence, predictions, verified, accurate, confidence_sum)
    SELECT prediction_day(predicted_at), confidence, count(*), count(verified_at), count(*) FILTER (WHERE accurate),
           sum(greatest(probability, 1 - probability))
      FROM recorded GROUP BY 1, 2
    ON CONFLICT (day, confidence) DO UPDATE
      SET predictions = d.predictions + excluded.predictions, verified = d.verified + excluded.verified,
          accurate = d.accurate + excluded.accurate, confidence_sum = d.confidence_sum + excluded.confidence_sum;
  INSERT INTO prediction_domains AS d (domain, predictions, verified, accurate)
    SELECT s.domain, count(*), count(r.verified_at), count(*) FILTER (WHERE r.accurate)
      FROM recorded r JOIN stories s ON s.id = r.story_id GROUP BY s.domain
    ON CONFLICT (domain) DO UPDATE
      SET predictions = d.predictions + excluded.predictions, verified = d.verified + excluded.verified, accurate = d.accurate + excluded.accurate;
  INSERT INTO prediction_reliability AS b (bin, verified, reached, probability_sum)
    SELECT least(9, floor(probability * 10))::int, count(*), count(*) FILTER (WHERE reached_target), sum(probability)
      FROM recorded WHERE verified_at IS NOT NULL GROUP BY 1
    ON CONFLICT (bin) DO UPDATE SET verified = b.verified + excluded.verified, reached = b.reached + excluded.reached,
                                    probability_sum = b.probability_sum + excluded.probability_sum;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION predictions_sum_verified() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE prediction_hourly h SET verified = h.verified + v.verified, accurate = h.accurate + v.accurate
    FROM (SELECT prediction_hour(predicted_at) AS hour, confidence, count(*) AS verified, count(*) FILTER (WHERE accurate) AS accurate
            FROM verified GROUP BY 1, 2) AS v
   WHERE h.hour = v.hour AND h.confidence = v.confidence;
  UPDATE prediction_daily d SET verified = d.verified + v.verified, accurate = d.accurate + v.accurate
    FROM (SELECT prediction_day(predicted_at) AS day, confidence, count(*) AS verified, count(*) FILTER (WHERE accurate) AS accurate
            FROM verified GROUP BY 1, 2) AS v
   WHERE d.day = v.day AND d.confidence = v.confidence;
  UPDATE prediction_domains d SET verified = d.verified + v.verified, accurate = d.accurate + v.accurate
    FROM (SELECT s.domain, count(*) AS verified, count(*) FILTER (WHERE r.accurate) AS accurate
            FROM verified r JOIN stories s ON s.id = r.story_id GROUP BY s.domain) AS v
   WHERE d.domain = v.domain;
  INSERT INTO prediction_reliability AS b (bin, verified, reached, probability_sum)
    SELECT least(9, floor(probability * 10))::int, count(*), count(*) FILTER (WHERE reached_target), sum(probability)
      FROM verified GROUP BY 1
    ON CONFLICT (bin) DO UPDATE SET verified = b.verified + excluded.verified, reached = b.reached + excluded.reached,
                                    probability_sum = b.probability_sum + excluded.probability_sum;
  RETURN NULL;
END
$$;
