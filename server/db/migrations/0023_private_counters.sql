-- Rate-limit keys become keyed hashes, so the counters that held raw addresses and emails go; they restart at zero.
DELETE FROM "rate_limits";--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "expires_at" timestamp with time zone NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limits_expires_idx" ON "rate_limits" USING btree ("expires_at");--> statement-breakpoint
-- Viewer keys no longer include the browser, so keys of today change meaning: today's rows go.
DELETE FROM "story_daily_viewers";--> statement-breakpoint
DELETE FROM "shared_link_daily_views";--> statement-breakpoint
CREATE TABLE "story_hourly_events" (
	"story_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"event_type" text NOT NULL,
	"viewer" text NOT NULL,
	CONSTRAINT "story_hourly_events_story_id_hour_event_type_viewer_pk" PRIMARY KEY("story_id","hour","event_type","viewer")
);
--> statement-breakpoint
ALTER TABLE "story_hourly_events" ADD CONSTRAINT "story_hourly_events_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "story_hourly_events_hour_idx" ON "story_hourly_events" USING btree ("hour");--> statement-breakpoint
CREATE TABLE "shared_link_daily_clicks" (
	"shared_link_id" integer NOT NULL,
	"day" date NOT NULL,
	"viewer" text NOT NULL,
	"click_type" text NOT NULL,
	CONSTRAINT "shared_link_daily_clicks_shared_link_id_day_viewer_click_type_pk" PRIMARY KEY("shared_link_id","day","viewer","click_type")
);
--> statement-breakpoint
ALTER TABLE "shared_link_daily_clicks" ADD CONSTRAINT "shared_link_daily_clicks_shared_link_id_shared_links_id_fk" FOREIGN KEY ("shared_link_id") REFERENCES "public"."shared_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shared_link_daily_clicks_day_idx" ON "shared_link_daily_clicks" USING btree ("day");
