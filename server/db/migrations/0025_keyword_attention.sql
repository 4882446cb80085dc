-- Keywords count the stories readers paid attention to (common/rules/keyword-trends.ts, ATTENTION_MIN_POINTS = 5):
-- a story adds one story and its points to its keywords from 5 points on, nothing below. The buckets are counted
-- again from what each story was counted with under that rule, and the windows are counted afresh from them by the
-- next cycle or call (no hour recorded).
CREATE INDEX "keyword_windows_attention_idx" ON "keyword_windows" USING btree ("period","points" DESC NULLS FIRST,"stories" DESC NULLS FIRST,"keyword_id" DESC NULLS FIRST);--> statement-breakpoint
DELETE FROM "keyword_hourly";--> statement-breakpoint
INSERT INTO "keyword_hourly" ("keyword_id", "hour", "stories", "points")
SELECT k."keyword_id", e."hour", count(*)::int, sum(e."points")::int
  FROM "keyword_extractions" e JOIN "story_keywords" k ON k."story_id" = e."story_id"
 WHERE e."points" >= 5
 GROUP BY k."keyword_id", e."hour";--> statement-breakpoint
DELETE FROM "keyword_windows_clock";--> statement-breakpoint
DELETE FROM "keyword_windows";
