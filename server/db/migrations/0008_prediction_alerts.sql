CREATE TABLE "prediction_alert_stories" (
	"story_id" integer PRIMARY KEY NOT NULL,
	"probability" double precision NOT NULL,
	"alerted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prediction_alert_stories" ADD CONSTRAINT "prediction_alert_stories_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;