CREATE TABLE "keyword_alert_firings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"keyword" text NOT NULL,
	"story_ids" integer[] NOT NULL,
	"fired_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "keyword_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"keyword" text NOT NULL,
	"match_key" text NOT NULL,
	"threshold" integer DEFAULT 5 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_fired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keyword_aliases" (
	"alias" text PRIMARY KEY NOT NULL,
	"keyword" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keyword_extractions" (
	"story_id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"points" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keyword_hourly" (
	"keyword_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"stories" integer NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "keyword_hourly_keyword_id_hour_pk" PRIMARY KEY("keyword_id","hour")
);
--> statement-breakpoint
CREATE TABLE "keyword_spellings" (
	"keyword_id" integer NOT NULL,
	"spelling" text NOT NULL,
	"weight" integer NOT NULL,
	CONSTRAINT "keyword_spellings_keyword_id_spelling_pk" PRIMARY KEY("keyword_id","spelling")
);
--> statement-breakpoint
CREATE TABLE "keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"display" text NOT NULL,
	CONSTRAINT "keywords_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "story_keywords" (
	"story_id" integer NOT NULL,
	"keyword_id" integer NOT NULL,
	CONSTRAINT "story_keywords_story_id_keyword_id_pk" PRIMARY KEY("story_id","keyword_id")
);
--> statement-breakpoint
ALTER TABLE "keyword_alert_firings" ADD CONSTRAINT "keyword_alert_firings_alert_id_keyword_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."keyword_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_alert_firings" ADD CONSTRAINT "keyword_alert_firings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_alerts" ADD CONSTRAINT "keyword_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_extractions" ADD CONSTRAINT "keyword_extractions_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_hourly" ADD CONSTRAINT "keyword_hourly_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_spellings" ADD CONSTRAINT "keyword_spellings_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_keywords" ADD CONSTRAINT "story_keywords_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_keywords" ADD CONSTRAINT "story_keywords_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "keyword_alert_firings_alert_idx" ON "keyword_alert_firings" USING btree ("alert_id","fired_at");--> statement-breakpoint
CREATE INDEX "keyword_alert_firings_user_idx" ON "keyword_alert_firings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "keyword_alert_firings_unnotified_idx" ON "keyword_alert_firings" USING btree ("fired_at") WHERE "keyword_alert_firings"."notified_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "keyword_alerts_user_key_idx" ON "keyword_alerts" USING btree ("user_id","match_key");--> statement-breakpoint
CREATE INDEX "keyword_alerts_first_word_idx" ON "keyword_alerts" USING btree (split_part("match_key", ' ', 1)) WHERE "keyword_alerts"."is_active";--> statement-breakpoint
CREATE INDEX "keyword_hourly_hour_idx" ON "keyword_hourly" USING btree ("hour","keyword_id");--> statement-breakpoint
CREATE INDEX "story_keywords_keyword_idx" ON "story_keywords" USING btree ("keyword_id");--> statement-breakpoint
INSERT INTO "keyword_aliases" ("alias", "keyword") VALUES
  ('llms', 'LLM'), ('js', 'JavaScript'), ('golang', 'Go'), ('k8s', 'Kubernetes'), ('postgres', 'PostgreSQL'),
  ('rustlang', 'Rust'), ('apis', 'API'), ('gpus', 'GPU'), ('cpus', 'CPU')
ON CONFLICT DO NOTHING;
