-- The calls' figures (docs/predictions.md "The calls to trend") from sums kept by prediction_calls' own triggers, so
-- the accuracy answer reads at most 23 hours and 30 days of rows whatever the number of calls in its window:
-- - prediction_call_hourly / prediction_call_daily: by the hour (UTC day) of the call and its confidence, the calls
--   made, those settled, those that came true, and the sum of their probabilities (the trends' average confidence);
-- - prediction_lead_hourly / prediction_lead_daily: by the hour (UTC day) a story was first seen at the target, the
--   stories, by their lead bucket: -1 for a story not called strictly before (recall's misses), else the call's lead
--   in whole 10-minute buckets, capped at bucket 360 ("60 hours or more", longer than any call can lead), with the sum
--   of the leads in milliseconds, so the median lead is read from the histogram (common/rules/predictions.ts).
CREATE TABLE "prediction_call_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"confidence" text NOT NULL,
	"made" integer NOT NULL,
	"settled" integer NOT NULL,
	"came_true" integer NOT NULL,
	"probability_sum" double precision NOT NULL,
	CONSTRAINT "prediction_call_hourly_hour_confidence_pk" PRIMARY KEY("hour","confidence")
);
--> statement-breakpoint
CREATE TABLE "prediction_call_daily" (
	"day" timestamp with time zone NOT NULL,
	"confidence" text NOT NULL,
	"made" integer NOT NULL,
	"settled" integer NOT NULL,
	"came_true" integer NOT NULL,
	"probability_sum" double precision NOT NULL,
	CONSTRAINT "prediction_call_daily_day_confidence_pk" PRIMARY KEY("day","confidence")
);
--> statement-breakpoint
CREATE TABLE "prediction_lead_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"lead_bucket" integer NOT NULL,
	"stories" integer NOT NULL,
	"lead_ms_sum" bigint NOT NULL,
	CONSTRAINT "prediction_lead_hourly_hour_lead_bucket_pk" PRIMARY KEY("hour","lead_bucket")
);
--> statement-breakpoint
CREATE TABLE "prediction_lead_daily" (
	"day" timestamp with time zone NOT NULL,
	"lead_bucket" integer NOT NULL,
	"stories" integer NOT NULL,
	"lead_ms_sum" bigint NOT NULL,
	CONSTRAINT "prediction_lead_daily_day_lead_bucket_pk" PRIMARY KEY("day","lead_bucket")
);
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) the rows' parts of the sums. The triggers take away a changed row's old parts
-- and add its new ones, so every way a row enters or changes (a call recorded, a call settled, a story first seen at
-- the target or seen there earlier, a row inserted already settled by a backfill) keeps the sums equal to the rows.
CREATE FUNCTION prediction_call_sums_add(calls prediction_calls[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO prediction_call_hourly AS h (hour, confidence, made, settled, came_true, probability_sum)
    SELECT prediction_hour(called_at), confidence, sign * count(*), sign * count(settled_at), sign * count(*) FILTER (WHERE call_reached),
           sign * sum(probability)
      FROM unnest(calls) WHERE called_at IS NOT NULL GROUP BY 1, 2
    ON CONFLICT (hour, confidence) DO UPDATE
      SET made = h.made + excluded.made, settled = h.settled + excluded.settled, came_true = h.came_true + excluded.came_true,
          probability_sum = h.probability_sum + excluded.probability_sum;
  INSERT INTO prediction_call_daily AS d (day, confidence, made, settled, came_true, probability_sum)
    SELECT prediction_day(called_at), confidence, sign * count(*), sign * count(settled_at), sign * count(*) FILTER (WHERE call_reached),
           sign * sum(probability)
      FROM unnest(calls) WHERE called_at IS NOT NULL GROUP BY 1, 2
    ON CONFLICT (day, confidence) DO UPDATE
      SET made = d.made + excluded.made, settled = d.settled + excluded.settled, came_true = d.came_true + excluded.came_true,
          probability_sum = d.probability_sum + excluded.probability_sum;
  INSERT INTO prediction_lead_hourly AS h (hour, lead_bucket, stories, lead_ms_sum)
    SELECT prediction_hour(reached_at), bucket, sign * count(*), sign * coalesce(sum(lead_ms), 0)
      FROM (SELECT reached_at,
                   CASE WHEN called_at < reached_at THEN least(360, floor(extract(epoch FROM reached_at - called_at) / 600))::int ELSE -1 END AS bucket,
                   CASE WHEN called_at < reached_at THEN round(extract(epoch FROM reached_at - called_at) * 1000)::bigint END AS lead_ms
              FROM unnest(calls) WHERE reached_at IS NOT NULL) AS l
     GROUP BY 1, 2
    ON CONFLICT (hour, lead_bucket) DO UPDATE SET stories = h.stories + excluded.stories, lead_ms_sum = h.lead_ms_sum + excluded.lead_ms_sum;
  INSERT INTO prediction_lead_daily AS d (day, lead_bucket, stories, lead_ms_sum)
    SELECT prediction_day(reached_at), bucket, sign * count(*), sign * coalesce(sum(lead_ms), 0)
      FROM (SELECT reached_at,
                   CASE WHEN called_at < reached_at THEN least(360, floor(extract(epoch FROM reached_at - called_at) / 600))::int ELSE -1 END AS bucket,
                   CASE WHEN called_at < reached_at THEN round(extract(epoch FROM reached_at - called_at) * 1000)::bigint END AS lead_ms
              FROM unnest(calls) WHERE reached_at IS NOT NULL) AS l
     GROUP BY 1, 2
    ON CONFLICT (day, lead_bucket) DO UPDATE SET stories = d.stories + excluded.stories, lead_ms_sum = d.lead_ms_sum + excluded.lead_ms_sum;
$$;--> statement-breakpoint
-- (A transition table is visible only in its trigger's own function: one function for inserts, one for updates.
-- INSERT ... ON CONFLICT DO UPDATE fires both, each with its own rows.) Rows are never deleted (0024).
CREATE FUNCTION prediction_calls_sum_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM prediction_call_sums_add((SELECT array_agg(n::prediction_calls) FROM inserted n), 1);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION prediction_calls_sum_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM prediction_call_sums_add((SELECT array_agg(o::prediction_calls) FROM before_update o), -1);
  PERFORM prediction_call_sums_add((SELECT array_agg(n::prediction_calls) FROM after_update n), 1);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER prediction_calls_sum_inserted AFTER INSERT ON prediction_calls
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION prediction_calls_sum_inserted();--> statement-breakpoint
CREATE TRIGGER prediction_calls_sum_updated AFTER UPDATE ON prediction_calls
  REFERENCING OLD TABLE AS before_update NEW TABLE AS after_update FOR EACH STATEMENT EXECUTE FUNCTION prediction_calls_sum_updated();--> statement-breakpoint
-- The sums so far, from the rows.
SELECT prediction_call_sums_add((SELECT array_agg(c) FROM prediction_calls c), 1);
