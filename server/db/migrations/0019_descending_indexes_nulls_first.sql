-- Descending indexes in the order ORDER BY ... DESC reads: DESC means NULLS FIRST, and an index built DESC NULLS LAST
-- cannot be walked for it, so those reads sorted every matching row instead (the audit log, the outbox, each
-- person's bookmarks, watches and shares, the maintenance logs, the suggestions' order of use).
DROP INDEX "ingestion_cycles_started_idx";--> statement-breakpoint
DROP INDEX "title_words_stories_idx";--> statement-breakpoint
DROP INDEX "admin_logs_created_idx";--> statement-breakpoint
DROP INDEX "admin_logs_action_created_idx";--> statement-breakpoint
DROP INDEX "admin_logs_admin_created_idx";--> statement-breakpoint
DROP INDEX "bookmarks_user_created_idx";--> statement-breakpoint
DROP INDEX "shared_links_user_created_idx";--> statement-breakpoint
DROP INDEX "story_watches_user_created_idx";--> statement-breakpoint
DROP INDEX "prediction_runs_started_idx";--> statement-breakpoint
DROP INDEX "email_outbox_created_idx";--> statement-breakpoint
DROP INDEX "maintenance_logs_started_idx";--> statement-breakpoint
CREATE INDEX "ingestion_cycles_started_idx" ON "ingestion_cycles" USING btree ("started_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "title_words_stories_idx" ON "title_words" USING btree ("stories" DESC NULLS FIRST,"word");--> statement-breakpoint
CREATE INDEX "admin_logs_created_idx" ON "admin_logs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_logs_action_created_idx" ON "admin_logs" USING btree ("action","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_logs_admin_created_idx" ON "admin_logs" USING btree ("admin_user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookmarks_user_created_idx" ON "bookmarks" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shared_links_user_created_idx" ON "shared_links" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "story_watches_user_created_idx" ON "story_watches" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "prediction_runs_started_idx" ON "prediction_runs" USING btree ("started_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "maintenance_logs_started_idx" ON "maintenance_logs" USING btree ("started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);