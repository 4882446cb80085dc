-- Stories the demo's replay made up (docs/hn-replay.md): shown as such, and left out of keyword intelligence.
ALTER TABLE "stories" ADD COLUMN "synthetic" boolean DEFAULT false NOT NULL;
