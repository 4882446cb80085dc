-- A person's named collections of stories, each shareable read-only by an unguessable link (docs/actions.md, "Collections").
CREATE TABLE "collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"share_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_stories" (
	"collection_id" integer NOT NULL,
	"story_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_stories_collection_id_story_id_pk" PRIMARY KEY("collection_id","story_id")
);
--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_stories" ADD CONSTRAINT "collection_stories_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_stories" ADD CONSTRAINT "collection_stories_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collections_user_created_idx" ON "collections" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "collections_share_token_idx" ON "collections" USING btree ("share_token") WHERE "collections"."share_token" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "collection_stories_collection_added_idx" ON "collection_stories" USING btree ("collection_id","added_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "collection_stories_story_idx" ON "collection_stories" USING btree ("story_id");
