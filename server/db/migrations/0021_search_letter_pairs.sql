-- Every pair of consecutive characters of a text, in order, repeats kept (GIN keeps each key once per row). A search
-- of two letters has no trigram for pg_trgm's indexes; it is a pair, so this finds it (docs/search.md). An
-- aggregate, so PostgreSQL never inlines the function and the index's expression stays the one a query names. Its
-- cost is set high because it is: a plan that calls it on every row of the table (a scan) costs far more than one
-- that reads the index.
CREATE FUNCTION letter_pairs(text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1000
  AS $$ SELECT coalesce(array_agg(substr($1, i, 2)), '{}') FROM generate_series(1, length($1) - 1) AS i $$;--> statement-breakpoint
CREATE INDEX "stories_letter_pairs_idx" ON "stories" USING gin (letter_pairs("search_text"));
