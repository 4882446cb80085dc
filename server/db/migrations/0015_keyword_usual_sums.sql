-- The trends read each keyword's usual level as two sums (common/rules/keyword-trends.ts, usualLevelScore), kept
-- by the database from the four weekly counts: one rewrite of the table for both columns.
ALTER TABLE "keyword_windows"
  ADD COLUMN "usual_sum" integer GENERATED ALWAYS AS (usual_1 + usual_2 + usual_3 + usual_4) STORED,
  ADD COLUMN "usual_sum_of_squares" bigint GENERATED ALWAYS AS (usual_1::bigint * usual_1 + usual_2::bigint * usual_2 + usual_3::bigint * usual_3 + usual_4::bigint * usual_4) STORED;
