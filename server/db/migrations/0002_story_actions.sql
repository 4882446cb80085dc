CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"properties" jsonb NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookmarks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"story_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"story_id" integer NOT NULL,
	"flag_type" text NOT NULL,
	"reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_link_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shared_link_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"share_token" text NOT NULL,
	"user_id" text NOT NULL,
	"story_id" integer NOT NULL,
	"custom_title" text,
	"custom_description" text,
	"view_count" integer DEFAULT 0 NOT NULL,
	"article_clicks" integer DEFAULT 0 NOT NULL,
	"comments_clicks" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"story_id" integer NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_watches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"story_id" integer NOT NULL,
	"initial_score" integer NOT NULL,
	"initial_descendants" integer NOT NULL,
	"initial_status" text NOT NULL,
	"last_status" text NOT NULL,
	"last_status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_status_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"watch_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"story_id" integer NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_flags" ADD CONSTRAINT "content_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_flags" ADD CONSTRAINT "content_flags_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_flags" ADD CONSTRAINT "content_flags_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_link_events" ADD CONSTRAINT "shared_link_events_shared_link_id_shared_links_id_fk" FOREIGN KEY ("shared_link_id") REFERENCES "public"."shared_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_links" ADD CONSTRAINT "shared_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_links" ADD CONSTRAINT "shared_links_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_notes" ADD CONSTRAINT "story_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_notes" ADD CONSTRAINT "story_notes_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_watches" ADD CONSTRAINT "story_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_watches" ADD CONSTRAINT "story_watches_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_status_changes" ADD CONSTRAINT "watch_status_changes_watch_id_story_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."story_watches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_status_changes" ADD CONSTRAINT "watch_status_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_status_changes" ADD CONSTRAINT "watch_status_changes_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_type_created_idx" ON "analytics_events" USING btree ("event_type","created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_user_idx" ON "analytics_events" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookmarks_user_story_idx" ON "bookmarks" USING btree ("user_id","story_id");--> statement-breakpoint
CREATE INDEX "bookmarks_user_created_idx" ON "bookmarks" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookmarks_story_idx" ON "bookmarks" USING btree ("story_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_flags_pending_user_story_idx" ON "content_flags" USING btree ("user_id","story_id") WHERE "content_flags"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "content_flags_user_story_idx" ON "content_flags" USING btree ("user_id","story_id");--> statement-breakpoint
CREATE INDEX "content_flags_status_created_idx" ON "content_flags" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "content_flags_story_idx" ON "content_flags" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "shared_link_events_link_idx" ON "shared_link_events" USING btree ("shared_link_id","created_at");--> statement-breakpoint
CREATE INDEX "shared_link_events_created_idx" ON "shared_link_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_links_token_idx" ON "shared_links" USING btree ("share_token");--> statement-breakpoint
CREATE INDEX "shared_links_user_created_idx" ON "shared_links" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shared_links_story_idx" ON "shared_links" USING btree ("story_id");--> statement-breakpoint
CREATE UNIQUE INDEX "story_notes_user_story_idx" ON "story_notes" USING btree ("user_id","story_id");--> statement-breakpoint
CREATE UNIQUE INDEX "story_watches_user_story_idx" ON "story_watches" USING btree ("user_id","story_id");--> statement-breakpoint
CREATE INDEX "story_watches_user_created_idx" ON "story_watches" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "story_watches_story_idx" ON "story_watches" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "watch_status_changes_watch_idx" ON "watch_status_changes" USING btree ("watch_id","changed_at");--> statement-breakpoint
CREATE INDEX "watch_status_changes_user_idx" ON "watch_status_changes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "watch_status_changes_unnotified_idx" ON "watch_status_changes" USING btree ("changed_at") WHERE "watch_status_changes"."notified_at" IS NULL;