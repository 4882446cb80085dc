CREATE TABLE "maintenance_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_name" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"execution_time_ms" integer,
	"records_deleted" bigint DEFAULT 0 NOT NULL,
	"space_saved_mb" double precision DEFAULT 0 NOT NULL,
	"error_message" text
);
--> statement-breakpoint
CREATE TABLE "maintenance_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_name" text NOT NULL,
	"description" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"schedule" text NOT NULL,
	"retention_days" integer NOT NULL,
	"last_run" timestamp with time zone,
	"next_run" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "maintenance_logs_started_idx" ON "maintenance_logs" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_tasks_name_idx" ON "maintenance_tasks" USING btree ("task_name");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "analytics_events_created_idx" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_bodies_idx" ON "email_outbox" USING btree ("created_at") WHERE "email_outbox"."html" <> '' AND "email_outbox"."status" IN ('sent', 'failed', 'skipped');