-- What a story page draws from a story's snapshots (its facts, markers and chart points), kept as the snapshots are
-- written (server/modules/stories/history-digests.ts): a page reads it whole instead of every snapshot. A digest
-- stands for the snapshots counted and the newest one named here; a page whose story's snapshots are not those
-- reads them all, as before (docs/performance.md, "The story page"); so does one made by an earlier version of its
-- rules (`version`).
CREATE TABLE "story_history_digests" (
	"story_id" integer PRIMARY KEY NOT NULL REFERENCES "stories"("id") ON DELETE cascade,
	"snapshot_count" integer NOT NULL,
	"newest_at" timestamp with time zone NOT NULL,
	"version" smallint NOT NULL,
	"digest" text NOT NULL
);
