-- What the keyword calls read, written by refreshKeywordAnswers (server/modules/keywords/windows.ts) after every
-- change to the keyword windows: each period's trends answer and trending list, and its hourly patterns answer for
-- each whole-hour offset's split of the day. Until the first change, a trends or trending call writes them
-- (refreshKeywordAnswersNow) and a patterns call reads the windows in batches. The trend candidates they replace
-- are worked out in the same step instead of kept.
DROP TABLE "keyword_trend_candidates" CASCADE;
--> statement-breakpoint
CREATE TABLE "keyword_answers" (
	"period" smallint PRIMARY KEY NOT NULL,
	"trends" text NOT NULL,
	"trending" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keyword_pattern_answers" (
	"period" smallint NOT NULL,
	"split" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"lists" text,
	CONSTRAINT "keyword_pattern_answers_period_split_pk" PRIMARY KEY("period","split")
);
