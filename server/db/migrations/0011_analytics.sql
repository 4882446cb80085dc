CREATE TABLE "analytics_hourly" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"bookmarks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_windows" (
	"timeframe" smallint PRIMARY KEY NOT NULL,
	"expired_before" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_usage" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"endpoint" text NOT NULL,
	"response_time_ms" real NOT NULL,
	"status_code" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_usage_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"endpoint" text NOT NULL,
	"requests" integer NOT NULL,
	"client_errors" integer NOT NULL,
	"server_errors" integer NOT NULL,
	"total_response_ms" double precision NOT NULL,
	CONSTRAINT "api_usage_hourly_hour_method_endpoint_pk" PRIMARY KEY("hour","method","endpoint")
);
--> statement-breakpoint
CREATE TABLE "story_daily_viewers" (
	"story_id" integer NOT NULL,
	"day" date NOT NULL,
	"viewer" text NOT NULL,
	CONSTRAINT "story_daily_viewers_story_id_day_viewer_pk" PRIMARY KEY("story_id","day","viewer")
);
--> statement-breakpoint
CREATE TABLE "story_hourly_activity" (
	"hour" timestamp with time zone NOT NULL,
	"story_id" integer NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"unique_views" integer DEFAULT 0 NOT NULL,
	"bookmarks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "story_hourly_activity_hour_story_id_pk" PRIMARY KEY("hour","story_id")
);
--> statement-breakpoint
CREATE TABLE "story_window_activity" (
	"timeframe" smallint NOT NULL,
	"story_id" integer NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"unique_views" integer DEFAULT 0 NOT NULL,
	"bookmarks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "story_window_activity_timeframe_story_id_pk" PRIMARY KEY("timeframe","story_id")
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "story_id" integer;--> statement-breakpoint
ALTER TABLE "story_daily_viewers" ADD CONSTRAINT "story_daily_viewers_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_hourly_activity" ADD CONSTRAINT "story_hourly_activity_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_window_activity" ADD CONSTRAINT "story_window_activity_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_usage_created_idx" ON "api_usage" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "story_daily_viewers_day_idx" ON "story_daily_viewers" USING btree ("day");--> statement-breakpoint
CREATE INDEX "story_window_activity_rank_idx" ON "story_window_activity" USING btree ("timeframe","views" DESC NULLS FIRST,"unique_views" DESC NULLS FIRST,"bookmarks" DESC NULLS FIRST,"story_id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookmarks_created_idx" ON "bookmarks" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "analytics_windows" ("timeframe", "expired_before") VALUES (1, '1970-01-01'), (6, '1970-01-01'), (24, '1970-01-01'), (72, '1970-01-01'), (168, '1970-01-01');
