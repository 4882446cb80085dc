-- The calls (docs/predictions.md "The calls to trend"): a story is called "will trend" when a prediction reaches the
-- product's cut. The ledger now records, at verification, when the story was first seen at the target within the
-- horizon; the sums count the predictions that reached the target (the "always will not" baseline); and
-- prediction_calls keeps, once per story, its first call (time, probability, confidence, score then), whether that
-- call came true, and when the story was first seen at the target: the precision, recall and lead read it.
ALTER TABLE "predictions" ADD COLUMN "reached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_reached_at_when_reached" CHECK ("reached_at" IS NULL OR "reached_target");--> statement-breakpoint
ALTER TABLE "prediction_hourly" ADD COLUMN "reached" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prediction_daily" ADD COLUMN "reached" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE prediction_hourly h SET reached = v.reached
  FROM (SELECT prediction_hour(predicted_at) AS hour, confidence, count(*)::int AS reached FROM predictions WHERE reached_target GROUP BY 1, 2) AS v
 WHERE h.hour = v.hour AND h.confidence = v.confidence;--> statement-breakpoint
UPDATE prediction_daily d SET reached = v.reached
  FROM (SELECT prediction_day(predicted_at) AS day, confidence, count(*)::int AS reached FROM predictions WHERE reached_target GROUP BY 1, 2) AS v
 WHERE d.day = v.day AND d.confidence = v.confidence;--> statement-breakpoint
CREATE TABLE "prediction_calls" (
	"story_id" integer PRIMARY KEY NOT NULL,
	"prediction_id" bigint,
	"called_at" timestamp with time zone,
	"probability" double precision,
	"confidence" text,
	"score_at_call" integer,
	"settled_at" timestamp with time zone,
	"call_reached" boolean,
	"reached_at" timestamp with time zone,
	CONSTRAINT "prediction_calls_call_whole" CHECK (("called_at" IS NULL) = ("prediction_id" IS NULL) AND ("called_at" IS NULL) = ("probability" IS NULL)
	  AND ("called_at" IS NULL) = ("confidence" IS NULL) AND ("called_at" IS NULL) = ("score_at_call" IS NULL)),
	CONSTRAINT "prediction_calls_settled_whole" CHECK (("settled_at" IS NULL) = ("call_reached" IS NULL) AND ("settled_at" IS NULL OR "called_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "prediction_calls" ADD CONSTRAINT "prediction_calls_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prediction_calls" ADD CONSTRAINT "prediction_calls_prediction_id_predictions_id_fk" FOREIGN KEY ("prediction_id") REFERENCES "public"."predictions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prediction_calls_called_idx" ON "prediction_calls" USING btree ("called_at") WHERE "prediction_calls"."called_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "prediction_calls_reached_idx" ON "prediction_calls" USING btree ("reached_at") WHERE "prediction_calls"."reached_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "prediction_calls_settled_idx" ON "prediction_calls" USING btree ("settled_at" DESC NULLS FIRST,"story_id" DESC NULLS FIRST) WHERE "prediction_calls"."settled_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "prediction_calls_prediction_idx" ON "prediction_calls" USING btree ("prediction_id") WHERE "prediction_calls"."prediction_id" IS NOT NULL;--> statement-breakpoint
-- Each part of a story's row is written once: its first call, that call's outcome, and its first sighting at the
-- target, which may only move earlier (a prediction verified later may have seen it sooner).
CREATE FUNCTION prediction_calls_kept_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'prediction calls are kept: the call of story % cannot be deleted', OLD.story_id;
  END IF;
  IF OLD.called_at IS NOT NULL AND (NEW.prediction_id, NEW.called_at, NEW.probability, NEW.confidence, NEW.score_at_call)
     IS DISTINCT FROM (OLD.prediction_id, OLD.called_at, OLD.probability, OLD.confidence, OLD.score_at_call) THEN
    RAISE EXCEPTION 'the first call of story % is already recorded', OLD.story_id;
  END IF;
  IF OLD.settled_at IS NOT NULL AND (NEW.settled_at, NEW.call_reached) IS DISTINCT FROM (OLD.settled_at, OLD.call_reached) THEN
    RAISE EXCEPTION 'the call of story % is already settled', OLD.story_id;
  END IF;
  IF OLD.reached_at IS NOT NULL AND (NEW.reached_at IS NULL OR NEW.reached_at > OLD.reached_at) THEN
    RAISE EXCEPTION 'story % was already seen at the target earlier', OLD.story_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER prediction_calls_kept_once BEFORE UPDATE OR DELETE ON prediction_calls
  FOR EACH ROW EXECUTE FUNCTION prediction_calls_kept_once();--> statement-breakpoint
-- The calls so far, from the ledger, with the cut and the bands in force when they were made (50 %, 65 %, 80 %):
-- each story's first prediction at or above the cut, its outcome, and its first snapshot at the target by the end of
-- a horizon in which it reached it.
INSERT INTO prediction_calls (story_id, prediction_id, called_at, probability, confidence, score_at_call, settled_at, call_reached)
  SELECT DISTINCT ON (story_id) story_id, id, predicted_at, probability,
         CASE WHEN probability >= 0.8 THEN 'high' WHEN probability >= 0.65 THEN 'medium' ELSE 'low' END,
         score_at_prediction, verified_at, reached_target
    FROM predictions WHERE probability >= 0.5 ORDER BY story_id, predicted_at, id;--> statement-breakpoint
INSERT INTO prediction_calls AS c (story_id, reached_at)
  SELECT r.story_id, min(s.sampled_at)
    FROM (SELECT story_id, max(predicted_at) + interval '6 hours' AS horizon_end FROM predictions WHERE reached_target GROUP BY story_id) AS r
    JOIN story_snapshots s ON s.story_id = r.story_id AND s.score >= 300 AND s.sampled_at <= r.horizon_end
   GROUP BY r.story_id
  ON CONFLICT (story_id) DO UPDATE SET reached_at = excluded.reached_at;--> statement-breakpoint
-- A story's current prediction has a confidence only when it is a call.
UPDATE stories SET prediction_confidence = NULL WHERE prediction_probability IS NOT NULL AND prediction_probability < 0.5;--> statement-breakpoint
UPDATE stories SET prediction_confidence = CASE WHEN prediction_probability >= 0.8 THEN 'high' WHEN prediction_probability >= 0.65 THEN 'medium' ELSE 'low' END
 WHERE prediction_probability IS NOT NULL AND prediction_probability >= 0.5;--> statement-breakpoint
-- From now on the ledger's triggers keep prediction_calls: the application records a prediction's confidence as
-- 'none' when it is not a call (under the cut in force), so the trigger needs no copy of the cut.
-- (A transition table is visible only in its trigger's own function: the two functions repeat the same three statements.)
CREATE FUNCTION predictions_calls_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO prediction_calls AS c (story_id, prediction_id, called_at, probability, confidence, score_at_call)
    SELECT DISTINCT ON (story_id) story_id, id, predicted_at, probability, confidence, score_at_prediction
      FROM recorded WHERE confidence <> 'none' ORDER BY story_id, predicted_at, id
  ON CONFLICT (story_id) DO UPDATE
    SET prediction_id = excluded.prediction_id, called_at = excluded.called_at, probability = excluded.probability,
        confidence = excluded.confidence, score_at_call = excluded.score_at_call
    WHERE c.called_at IS NULL;
  UPDATE prediction_calls c SET settled_at = r.verified_at, call_reached = r.reached_target
    FROM recorded r WHERE r.id = c.prediction_id AND r.verified_at IS NOT NULL AND c.settled_at IS NULL;
  INSERT INTO prediction_calls AS c (story_id, reached_at)
    SELECT story_id, min(reached_at) FROM recorded WHERE reached_at IS NOT NULL GROUP BY story_id
  ON CONFLICT (story_id) DO UPDATE SET reached_at = excluded.reached_at
    WHERE c.reached_at IS NULL OR excluded.reached_at < c.reached_at;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION predictions_calls_verified() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A verification may settle the story's call and may have seen the story at the target.
  UPDATE prediction_calls c SET settled_at = r.verified_at, call_reached = r.reached_target
    FROM verified r WHERE r.id = c.prediction_id AND r.verified_at IS NOT NULL AND c.settled_at IS NULL;
  INSERT INTO prediction_calls AS c (story_id, reached_at)
    SELECT story_id, min(reached_at) FROM verified WHERE reached_at IS NOT NULL GROUP BY story_id
  ON CONFLICT (story_id) DO UPDATE SET reached_at = excluded.reached_at
    WHERE c.reached_at IS NULL OR excluded.reached_at < c.reached_at;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER predictions_calls_recorded AFTER INSERT ON predictions
  REFERENCING NEW TABLE AS recorded FOR EACH STATEMENT EXECUTE FUNCTION predictions_calls_recorded();--> statement-breakpoint
CREATE TRIGGER predictions_calls_verified AFTER UPDATE ON predictions
  REFERENCING NEW TABLE AS verified FOR EACH STATEMENT EXECUTE FUNCTION predictions_calls_verified();--> statement-breakpoint
-- The ledger's sum triggers as in 0014, each counting the predictions that reached the target too.
CREATE OR REPLACE FUNCTION predictions_sum_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A prediction may arrive already verified (a backfill from recorded history): it counts as verified at once.
  INSERT INTO prediction_hourly AS h (hour, confidence, predictions, verified, accurate, reached, confidence_sum)
    SELECT prediction_hour(predicted_at), confidence, count(*), count(verified_at), count(*) FILTER (WHERE accurate),
           count(*) FILTER (WHERE reached_target), sum(greatest(probability, 1 - probability))
      FROM recorded GROUP BY 1, 2
    ON CONFLICT (hour, confidence) DO UPDATE
      SET predictions = h.predictions + excluded.predictions, verified = h.verified + excluded.verified,
          accurate = h.accurate + excluded.accurate, reached = h.reached + excluded.reached,
          confidence_sum = h.confidence_sum + excluded.confidence_sum;
  INSERT INTO prediction_daily AS d (day, confidence, predictions, verified, accurate, reached, confidence_sum)
    SELECT prediction_day(predicted_at), confidence, count(*), count(verified_at), count(*) FILTER (WHERE accurate),
           count(*) FILTER (WHERE reached_target), sum(greatest(probability, 1 - probability))
      FROM recorded GROUP BY 1, 2
    ON CONFLICT (day, confidence) DO UPDATE
      SET predictions = d.predictions + excluded.predictions, verified = d.verified + excluded.verified,
          accurate = d.accurate + excluded.accurate, reached = d.reached + excluded.reached,
          confidence_sum = d.confidence_sum + excluded.confidence_sum;
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
  UPDATE prediction_hourly h SET verified = h.verified + v.verified, accurate = h.accurate + v.accurate, reached = h.reached + v.reached
    FROM (SELECT prediction_hour(predicted_at) AS hour, confidence, count(*) AS verified, count(*) FILTER (WHERE accurate) AS accurate,
                 count(*) FILTER (WHERE reached_target) AS reached
            FROM verified GROUP BY 1, 2) AS v
   WHERE h.hour = v.hour AND h.confidence = v.confidence;
  UPDATE prediction_daily d SET verified = d.verified + v.verified, accurate = d.accurate + v.accurate, reached = d.reached + v.reached
    FROM (SELECT prediction_day(predicted_at) AS day, confidence, count(*) AS verified, count(*) FILTER (WHERE accurate) AS accurate,
                 count(*) FILTER (WHERE reached_target) AS reached
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
