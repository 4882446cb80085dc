CREATE TABLE "prediction_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"predictions" integer NOT NULL,
	"verified" integer NOT NULL,
	"accurate" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prediction_history" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"stories" integer NOT NULL,
	"reached" integer NOT NULL,
	CONSTRAINT "prediction_history_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "prediction_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"confidence" text NOT NULL,
	"predictions" integer NOT NULL,
	"verified" integer NOT NULL,
	"accurate" integer NOT NULL,
	"confidence_sum" double precision NOT NULL,
	CONSTRAINT "prediction_hourly_hour_confidence_pk" PRIMARY KEY("hour","confidence")
);
--> statement-breakpoint
CREATE TABLE "prediction_reliability" (
	"bin" integer PRIMARY KEY NOT NULL,
	"verified" integer NOT NULL,
	"reached" integer NOT NULL,
	"probability_sum" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prediction_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"stories_scored" integer DEFAULT 0 NOT NULL,
	"predictions_recorded" integer DEFAULT 0 NOT NULL,
	"predictions_verified" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "predictions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"story_id" integer NOT NULL,
	"predicted_at" timestamp with time zone NOT NULL,
	"probability" double precision NOT NULL,
	"confidence" text NOT NULL,
	"score_at_prediction" integer NOT NULL,
	"comments_at_prediction" integer NOT NULL,
	"model_version" text NOT NULL,
	"backfilled" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"score_at_horizon" integer,
	"reached_target" boolean,
	"accurate" boolean
);
--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "prediction_probability" double precision;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "prediction_confidence" text;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "predicted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "front_page_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "history_settled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prediction_domains_verified_idx" ON "prediction_domains" USING btree ("verified" DESC NULLS FIRST,"domain");--> statement-breakpoint
CREATE INDEX "prediction_runs_started_idx" ON "prediction_runs" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "predictions_pending_idx" ON "predictions" USING btree ("predicted_at") WHERE "predictions"."verified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "predictions_verified_idx" ON "predictions" USING btree ("verified_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "predictions"."verified_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "predictions_story_idx" ON "predictions" USING btree ("story_id","predicted_at");--> statement-breakpoint
CREATE INDEX "stories_prediction_idx" ON "stories" USING btree ("prediction_probability" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "stories"."prediction_probability" IS NOT NULL AND NOT "stories"."dead" AND NOT "stories"."deleted";--> statement-breakpoint
CREATE INDEX "stories_front_page_idx" ON "stories" USING btree ("top_rank") WHERE "stories"."top_rank" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stories_unsettled_idx" ON "stories" USING btree ("front_page_at") WHERE "stories"."front_page_at" IS NOT NULL AND NOT "stories"."history_settled";--> statement-breakpoint
-- The ledger is append-only (docs/predictions.md): a prediction is never deleted, and the only change it accepts is
-- its one verification, which fills the verifier's columns together.
CREATE FUNCTION predictions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'predictions are append-only: prediction % cannot be deleted', OLD.id;
  END IF;
  IF OLD.verified_at IS NOT NULL THEN
    RAISE EXCEPTION 'predictions are append-only: prediction % is already verified', OLD.id;
  END IF;
  IF (NEW.id, NEW.story_id, NEW.predicted_at, NEW.probability, NEW.confidence, NEW.score_at_prediction,
      NEW.comments_at_prediction, NEW.model_version, NEW.backfilled)
     IS DISTINCT FROM
     (OLD.id, OLD.story_id, OLD.predicted_at, OLD.probability, OLD.confidence, OLD.score_at_prediction,
      OLD.comments_at_prediction, OLD.model_version, OLD.backfilled) THEN
    RAISE EXCEPTION 'predictions are append-only: prediction % cannot be changed, only verified', OLD.id;
  END IF;
  IF NEW.verified_at IS NULL OR NEW.score_at_horizon IS NULL OR NEW.reached_target IS NULL OR NEW.accurate IS NULL THEN
    RAISE EXCEPTION 'a verification records its time, score, whether the target was reached and the outcome together';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER predictions_append_only BEFORE UPDATE OR DELETE ON predictions
  FOR EACH ROW EXECUTE FUNCTION predictions_append_only();--> statement-breakpoint
-- The sums by hour and by domain follow the ledger: every way a prediction is recorded or verified keeps them right.
CREATE FUNCTION prediction_hour(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT to_timestamp(floor(extract(epoch FROM at) / 3600) * 3600)
$$;--> statement-breakpoint
CREATE FUNCTION predictions_sum_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A prediction may arrive already verified (a backfill from recorded history): it counts as verified at once.
  INSERT INTO prediction_hourly AS h (hour, confidence, predictions, verified, accurate, confidence_sum)
    SELECT prediction_hour(predicted_at), confidence, count(*), count(verified_at), count(*) FILTER (WHERE accurate),
           sum(greatest(probability, 1 - probability))
      FROM recorded GROUP BY 1, 2
    ON CONFLICT (hour, confidence) DO UPDATE
      SET predictions = h.predictions + excluded.predictions, verified = h.verified + excluded.verified,
          accurate = h.accurate + excluded.accurate, confidence_sum = h.confidence_sum + excluded.confidence_sum;
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
CREATE FUNCTION predictions_sum_verified() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE prediction_hourly h SET verified = h.verified + v.verified, accurate = h.accurate + v.accurate
    FROM (SELECT prediction_hour(predicted_at) AS hour, confidence, count(*) AS verified, count(*) FILTER (WHERE accurate) AS accurate
            FROM verified GROUP BY 1, 2) AS v
   WHERE h.hour = v.hour AND h.confidence = v.confidence;
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
$$;--> statement-breakpoint
CREATE TRIGGER predictions_recorded AFTER INSERT ON predictions
  REFERENCING NEW TABLE AS recorded FOR EACH STATEMENT EXECUTE FUNCTION predictions_sum_recorded();--> statement-breakpoint
CREATE TRIGGER predictions_verified AFTER UPDATE ON predictions
  REFERENCING NEW TABLE AS verified FOR EACH STATEMENT EXECUTE FUNCTION predictions_sum_verified();
--> statement-breakpoint
ALTER TABLE predictions ADD CONSTRAINT predictions_verification_whole CHECK (
  (verified_at IS NULL AND score_at_horizon IS NULL AND reached_target IS NULL AND accurate IS NULL)
  OR (verified_at IS NOT NULL AND score_at_horizon IS NOT NULL AND reached_target IS NOT NULL AND accurate IS NOT NULL));
