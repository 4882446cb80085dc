-- A person's rules that hide stories (common/rules/mutes.ts); they go with the account.
CREATE TABLE "story_mutes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "story_mutes" ADD CONSTRAINT "story_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "story_mutes_user_kind_value_idx" ON "story_mutes" USING btree ("user_id","kind","value");
