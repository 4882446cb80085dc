CREATE TABLE "shared_link_daily_views" (
	"shared_link_id" integer NOT NULL,
	"day" date NOT NULL,
	"viewer" text NOT NULL,
	CONSTRAINT "shared_link_daily_views_shared_link_id_day_viewer_pk" PRIMARY KEY("shared_link_id","day","viewer")
);
--> statement-breakpoint
ALTER TABLE "shared_link_daily_views" ADD CONSTRAINT "shared_link_daily_views_shared_link_id_shared_links_id_fk" FOREIGN KEY ("shared_link_id") REFERENCES "public"."shared_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shared_link_daily_views_day_idx" ON "shared_link_daily_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "shared_links_created_idx" ON "shared_links" USING btree ("created_at");