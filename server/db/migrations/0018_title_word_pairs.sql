CREATE TABLE "title_word_pairs" (
	"pair" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "title_word_pairs_pair_word_pk" PRIMARY KEY("pair","word")
);
--> statement-breakpoint
-- The distinct pairs of consecutive characters of a word: a two-letter suggestion text is one of them.
CREATE FUNCTION title_word_pair_list(word text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT substr(word, i, 2) FROM generate_series(1, length(word) - 1) AS i
$$;--> statement-breakpoint
-- A word's pairs arrive with the word and leave with it. A word's count changing (most changes) touches nothing here.
CREATE FUNCTION title_word_pairs_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO title_word_pairs (pair, word)
    SELECT held.pair, added.word FROM added, title_word_pair_list(added.word) AS held(pair)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION title_word_pairs_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM title_word_pairs p USING removed, title_word_pair_list(removed.word) AS held(pair)
   WHERE p.pair = held.pair AND p.word = removed.word;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER title_words_pairs_added AFTER INSERT ON title_words
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION title_word_pairs_add();--> statement-breakpoint
CREATE TRIGGER title_words_pairs_removed AFTER DELETE ON title_words
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION title_word_pairs_remove();--> statement-breakpoint
INSERT INTO title_word_pairs (pair, word) SELECT held.pair, w.word FROM title_words w, title_word_pair_list(w.word) AS held(pair);--> statement-breakpoint
ANALYZE title_word_pairs;
