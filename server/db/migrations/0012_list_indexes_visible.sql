DROP INDEX "stories_trending_idx";--> statement-breakpoint
DROP INDEX "stories_rise_idx";--> statement-breakpoint
DROP INDEX "stories_score_idx";--> statement-breakpoint
DROP INDEX "stories_comments_idx";--> statement-breakpoint
DROP INDEX "stories_time_idx";--> statement-breakpoint
CREATE INDEX "stories_trending_idx" ON "stories" USING btree ("trending_score" DESC NULLS FIRST,"score" DESC NULLS FIRST,"id" DESC NULLS FIRST,"time") WHERE NOT "stories"."dead" AND NOT "stories"."deleted" AND NOT "stories"."hidden";--> statement-breakpoint
CREATE INDEX "stories_rise_idx" ON "stories" USING btree ("rise_score" DESC NULLS FIRST,"id" DESC NULLS FIRST,"score","time","score_velocity") WHERE NOT "stories"."dead" AND NOT "stories"."deleted" AND NOT "stories"."hidden" AND "stories"."rise_score" > 0;--> statement-breakpoint
CREATE INDEX "stories_score_idx" ON "stories" USING btree ("score" DESC NULLS FIRST,"id" DESC NULLS FIRST,"time") WHERE NOT "stories"."dead" AND NOT "stories"."deleted" AND NOT "stories"."hidden";--> statement-breakpoint
CREATE INDEX "stories_comments_idx" ON "stories" USING btree ("descendants" DESC NULLS FIRST,"id" DESC NULLS FIRST,"score","time") WHERE NOT "stories"."dead" AND NOT "stories"."deleted" AND NOT "stories"."hidden";--> statement-breakpoint
CREATE INDEX "stories_time_idx" ON "stories" USING btree ("time" DESC NULLS FIRST,"id" DESC NULLS FIRST,"score") WHERE NOT "stories"."dead" AND NOT "stories"."deleted" AND NOT "stories"."hidden";