CREATE TABLE "story_deletions" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"deletions" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "list_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "stories_list_xid_idx" ON "stories" USING btree ("list_xid");--> statement-breakpoint
INSERT INTO "story_deletions" DEFAULT VALUES;--> statement-breakpoint
-- A story's list_xid moves to the changing transaction whenever something a story list shows or sorts by changes, so
-- the lists' in-memory index reads only those stories (server/modules/stories/list-index.ts). A trigger, so that every
-- writer (ingestion, derivation, predictions, moderation, scripts) keeps it right without knowing of it. It fires
-- only for updates that set one of those columns (not, say, a list rank) and, by its WHEN, only when one changed.
CREATE FUNCTION stories_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_xid := pg_current_xact_id();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER stories_list_changed
  BEFORE UPDATE OF hn_id, title, url, domain, "by", time, score, descendants, dead, deleted, hidden, score_velocity,
                   comments_velocity, trending_score, rise_score, prediction_probability
  ON stories FOR EACH ROW
  WHEN ((NEW.hn_id, NEW.title, NEW.url, NEW.domain, NEW."by", NEW.time, NEW.score, NEW.descendants, NEW.dead, NEW.deleted,
         NEW.hidden, NEW.score_velocity, NEW.comments_velocity, NEW.trending_score, NEW.rise_score, NEW.prediction_probability)
        IS DISTINCT FROM
        (OLD.hn_id, OLD.title, OLD.url, OLD.domain, OLD."by", OLD.time, OLD.score, OLD.descendants, OLD.dead, OLD.deleted,
         OLD.hidden, OLD.score_velocity, OLD.comments_velocity, OLD.trending_score, OLD.rise_score, OLD.prediction_probability))
  EXECUTE FUNCTION stories_list_changed();--> statement-breakpoint
CREATE FUNCTION stories_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE story_deletions SET deletions = deletions + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER stories_deleted AFTER DELETE OR TRUNCATE ON stories FOR EACH STATEMENT EXECUTE FUNCTION stories_deleted();
