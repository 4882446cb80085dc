-- Trigram indexes answer substring searches (LIKE '%text%' on lowercased text) without scanning the table.
-- pg_trgm is a trusted extension: a database owner may create it; the embedded database loads it at start.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "title_words" (
	"word" text PRIMARY KEY NOT NULL,
	"stories" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title) || E'\n' || lower(domain) || E'\n' || lower(by)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "title_words_word_trgm_idx" ON "title_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "title_words_stories_idx" ON "title_words" USING btree ("stories" DESC NULLS LAST,"word");--> statement-breakpoint
CREATE INDEX "stories_search_text_trgm_idx" ON "stories" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stories_domain_trgm_idx" ON "stories" USING gin (lower("domain") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stories_by_trgm_idx" ON "stories" USING gin (lower("by") gin_trgm_ops);
--> statement-breakpoint
-- The distinct words of a title that suggestions offer: runs of letters and digits, lowercased, longer than 3.
CREATE FUNCTION title_word_list(title text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT word FROM regexp_split_to_table(lower(title), '[^[:alnum:]]+') AS word WHERE length(word) > 3
$$;--> statement-breakpoint
-- Keeps title_words counting the visible stories that use each word, whatever stores or changes a story.
-- Stories arrive and leave in batches (an ingestion cycle inserts hundreds in one statement): those triggers run
-- once per statement over its transition table. A title or visibility change is rare and handled per row.
CREATE FUNCTION title_words_add_stories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO title_words (word, stories)
    SELECT word, count(*) FROM added, title_word_list(added.title) AS word WHERE NOT dead AND NOT deleted GROUP BY word
    ON CONFLICT (word) DO UPDATE SET stories = title_words.stories + excluded.stories;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION title_words_remove_stories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE title_words SET stories = title_words.stories - gone.stories
    FROM (SELECT word, count(*) AS stories FROM removed, title_word_list(removed.title) AS word
           WHERE NOT dead AND NOT deleted GROUP BY word) AS gone
   WHERE title_words.word = gone.word;
  DELETE FROM title_words WHERE stories <= 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION title_words_change_story() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT OLD.dead AND NOT OLD.deleted THEN
    UPDATE title_words SET stories = stories - 1 WHERE word IN (SELECT title_word_list(OLD.title));
    DELETE FROM title_words WHERE stories <= 0 AND word IN (SELECT title_word_list(OLD.title));
  END IF;
  IF NOT NEW.dead AND NOT NEW.deleted THEN
    INSERT INTO title_words (word, stories) SELECT word, 1 FROM title_word_list(NEW.title) AS word
      ON CONFLICT (word) DO UPDATE SET stories = title_words.stories + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER stories_title_words_added AFTER INSERT ON stories
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION title_words_add_stories();--> statement-breakpoint
CREATE TRIGGER stories_title_words_removed AFTER DELETE ON stories
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION title_words_remove_stories();--> statement-breakpoint
CREATE TRIGGER stories_title_words_changed AFTER UPDATE OF title, dead, deleted ON stories
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.dead IS DISTINCT FROM NEW.dead OR OLD.deleted IS DISTINCT FROM NEW.deleted)
  EXECUTE FUNCTION title_words_change_story();--> statement-breakpoint
INSERT INTO title_words (word, stories)
  SELECT word, count(*) FROM stories, title_word_list(stories.title) AS word WHERE NOT dead AND NOT deleted GROUP BY word;
