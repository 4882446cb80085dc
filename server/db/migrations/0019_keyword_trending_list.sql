-- Each period's trending list (the longest a call may ask for), written by refreshTrendCandidates
-- (server/modules/keywords/windows.ts) after every change to the windows; until the first change, a trending call
-- writes it (refreshKeywordAnswersNow).
ALTER TABLE "keyword_trend_candidates" ADD COLUMN "trending" text;
