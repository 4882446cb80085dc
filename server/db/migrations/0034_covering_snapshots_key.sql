-- The snapshots' primary key carries the story page's chart columns (docs/performance.md, "The story page"): a
-- story's history is read from the index alone (an index-only scan, where the visibility map allows), a few
-- neighbouring pages, instead of one table page per snapshot (ingestion writes a minute's snapshots of every story
-- together). Every other read of the key (ingestion's ON CONFLICT, thinning, scoring, derived stories) is served as
-- before. Rebuilding it takes the table's lock while it builds (docs/performance.md has the time on 10 million rows).
ALTER TABLE "story_snapshots" DROP CONSTRAINT "story_snapshots_story_id_sampled_at_pk";--> statement-breakpoint
ALTER TABLE "story_snapshots" ADD CONSTRAINT "story_snapshots_story_id_sampled_at_pk" PRIMARY KEY ("story_id", "sampled_at") INCLUDE ("score", "descendants", "top_rank");
