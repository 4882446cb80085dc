-- Each period's hourly patterns answer for each whole-hour offset's split of the day, written by
-- refreshPatternAnswers (server/modules/keywords/patterns.ts) after every change to the keyword windows; until the
-- first change, a patterns call reads the windows in batches as before.
CREATE TABLE "keyword_pattern_answers" (
	"period" smallint NOT NULL,
	"split" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"lists" text,
	CONSTRAINT "keyword_pattern_answers_period_split_pk" PRIMARY KEY("period","split")
);
