CREATE TABLE "ingestion_cycles" (
	"id" serial PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text NOT NULL,
	"items_fetched" integer DEFAULT 0 NOT NULL,
	"stories_upserted" integer DEFAULT 0 NOT NULL,
	"snapshots_appended" integer DEFAULT 0 NOT NULL,
	"stories_derived" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "pending_items" (
	"hn_id" integer PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"last_error" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skipped_items" (
	"hn_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" serial PRIMARY KEY NOT NULL,
	"hn_id" integer NOT NULL,
	"title" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
	"by" text DEFAULT '' NOT NULL,
	"time" bigint NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"descendants" integer DEFAULT 0 NOT NULL,
	"dead" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"top_rank" smallint,
	"new_rank" smallint,
	"best_rank" smallint,
	"ask_rank" smallint,
	"show_rank" smallint,
	"expected_upvotes" double precision DEFAULT 0 NOT NULL,
	"exposure_updated_at" timestamp with time zone,
	"score_velocity" double precision DEFAULT 0 NOT NULL,
	"comments_velocity" double precision DEFAULT 0 NOT NULL,
	"trending_score" double precision DEFAULT 0 NOT NULL,
	"rise_score" double precision DEFAULT 0 NOT NULL,
	"heat_level" text,
	"derived_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stories_hn_id_unique" UNIQUE("hn_id")
);
--> statement-breakpoint
CREATE TABLE "story_snapshots" (
	"story_id" integer NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"score" integer NOT NULL,
	"descendants" integer NOT NULL,
	"top_rank" smallint,
	"new_rank" smallint,
	"best_rank" smallint,
	"ask_rank" smallint,
	"show_rank" smallint,
	CONSTRAINT "story_snapshots_story_id_sampled_at_pk" PRIMARY KEY("story_id","sampled_at")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"category" text DEFAULT 'features' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "story_snapshots" ADD CONSTRAINT "story_snapshots_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ingestion_cycles_started_idx" ON "ingestion_cycles" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stories_trending_idx" ON "stories" USING btree ("trending_score" DESC NULLS LAST,"id") WHERE NOT "stories"."dead" AND NOT "stories"."deleted";--> statement-breakpoint
CREATE INDEX "stories_rise_idx" ON "stories" USING btree ("rise_score" DESC NULLS LAST,"id") WHERE NOT "stories"."dead" AND NOT "stories"."deleted";--> statement-breakpoint
CREATE INDEX "stories_score_idx" ON "stories" USING btree ("score" DESC NULLS LAST,"id") WHERE NOT "stories"."dead" AND NOT "stories"."deleted";--> statement-breakpoint
CREATE INDEX "stories_comments_idx" ON "stories" USING btree ("descendants" DESC NULLS LAST,"id") WHERE NOT "stories"."dead" AND NOT "stories"."deleted";--> statement-breakpoint
CREATE INDEX "stories_time_idx" ON "stories" USING btree ("time" DESC NULLS LAST,"id") WHERE NOT "stories"."dead" AND NOT "stories"."deleted";--> statement-breakpoint
CREATE INDEX "stories_moving_idx" ON "stories" USING btree ("derived_at") WHERE "stories"."score_velocity" > 0 OR "stories"."comments_velocity" > 0;--> statement-breakpoint
CREATE INDEX "stories_listed_idx" ON "stories" USING btree ("last_fetched_at") WHERE "stories"."top_rank" IS NOT NULL OR "stories"."new_rank" IS NOT NULL OR "stories"."best_rank" IS NOT NULL OR "stories"."ask_rank" IS NOT NULL OR "stories"."show_rank" IS NOT NULL;