CREATE TABLE "keyword_windows" (
	"period" smallint NOT NULL,
	"keyword_id" integer NOT NULL,
	"key" text NOT NULL,
	"display" text NOT NULL,
	"phrase" boolean NOT NULL,
	"stories" integer NOT NULL,
	"points" integer NOT NULL,
	"last_hour" timestamp with time zone,
	"previous" integer NOT NULL,
	"usual_1" integer NOT NULL,
	"usual_2" integer NOT NULL,
	"usual_3" integer NOT NULL,
	"usual_4" integer NOT NULL,
	"hour_0" integer NOT NULL,
	"hour_1" integer NOT NULL,
	"hour_2" integer NOT NULL,
	"hour_3" integer NOT NULL,
	"hour_4" integer NOT NULL,
	"hour_5" integer NOT NULL,
	"hour_6" integer NOT NULL,
	"hour_7" integer NOT NULL,
	"hour_8" integer NOT NULL,
	"hour_9" integer NOT NULL,
	"hour_10" integer NOT NULL,
	"hour_11" integer NOT NULL,
	"hour_12" integer NOT NULL,
	"hour_13" integer NOT NULL,
	"hour_14" integer NOT NULL,
	"hour_15" integer NOT NULL,
	"hour_16" integer NOT NULL,
	"hour_17" integer NOT NULL,
	"hour_18" integer NOT NULL,
	"hour_19" integer NOT NULL,
	"hour_20" integer NOT NULL,
	"hour_21" integer NOT NULL,
	"hour_22" integer NOT NULL,
	"hour_23" integer NOT NULL,
	CONSTRAINT "keyword_windows_period_keyword_id_pk" PRIMARY KEY("period","keyword_id")
);
--> statement-breakpoint
CREATE TABLE "keyword_windows_clock" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"hour" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "keyword_windows" ADD CONSTRAINT "keyword_windows_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "keyword_windows_current_idx" ON "keyword_windows" USING btree ("period","stories" DESC NULLS FIRST,"points" DESC NULLS FIRST,"keyword_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "keyword_windows_support_idx" ON "keyword_windows" USING btree ("period",("stories" + "previous") DESC,"keyword_id" DESC NULLS FIRST);