CREATE TABLE "keyword_trend_candidates" (
	"period" smallint PRIMARY KEY NOT NULL,
	"candidates" json NOT NULL
);
--> statement-breakpoint
-- Filled from the windows as they stand, as refreshTrendCandidates (server/modules/keywords/windows.ts) writes it
-- after every change to them: the periods of 1, 6, 24 and 168 hours, keywords with at least 3 stories in the
-- period and the one before, the 500 best supported, column by column.
INSERT INTO "keyword_trend_candidates" ("period", "candidates")
SELECT p.period,
       (SELECT json_build_array(json_agg(w.display), json_agg(w.stories), json_agg(w.previous), json_agg(w.usual_sum), json_agg(w.usual_sum_of_squares))
          FROM (SELECT w.display, w.stories, w.previous, w.usual_sum, w.usual_sum_of_squares FROM "keyword_windows" w
                 WHERE w.period = p.period AND w.stories + w.previous >= 3
                 ORDER BY w.stories + w.previous DESC, w.keyword_id DESC
                 LIMIT 500) AS w)
  FROM unnest('{1,6,24,168}'::int2[]) AS p(period);
