-- Each period's trends answer, written by refreshTrendCandidates (server/modules/keywords/windows.ts) with the
-- candidates after every change to the windows; until the first change, a trends call writes it (refreshKeywordAnswersNow).
ALTER TABLE "keyword_trend_candidates" ADD COLUMN "trends" text;
