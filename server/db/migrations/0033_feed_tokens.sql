-- A person's feed token (docs/feeds.md, "Private feeds"): the secret in the addresses of their private feeds. Only its
-- SHA-256 is kept; one per person, replaced when renewed, deleted when revoked or with the account.
CREATE TABLE "feed_tokens" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_tokens" ADD CONSTRAINT "feed_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_tokens_token_hash_idx" ON "feed_tokens" USING btree ("token_hash");
