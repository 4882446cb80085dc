import type pg from 'pg';
import { heatLevel } from '#common/rules/heat.ts';
import { computeVelocity, riseScore, trendingScore, type CountsAt } from './derive.ts';

/** A moving story's velocity is recomputed at least this often, so it decays when the story stalls. */
const RECOMPUTE_MOVING_AFTER_SECONDS = 5 * 60;
const MOVING_BATCH_LIMIT = 2000;

interface DeriveInput {
  storyIds: number[];
  nowMs: number;
  windowHours: number;
}

interface TargetRow {
  id: number;
  time: number;
  score: number;
  descendants: number;
  expected_upvotes: number;
  before_at: number | null;
  before_score: number | null;
  before_descendants: number | null;
  first_at: number | null;
  first_score: number | null;
  first_descendants: number | null;
}

/**
 * Recomputes velocities, trending and rise scores and heat for the given stories and for stories whose
 * velocity is still above zero but was last computed a while ago. Returns how many stories it updated.
 */
export async function deriveStories(pool: pg.Pool, input: DeriveInput): Promise<number> {
  const now = new Date(input.nowMs);
  const windowStart = new Date(input.nowMs - input.windowHours * 3_600_000);
  const staleBefore = new Date(input.nowMs - RECOMPUTE_MOVING_AFTER_SECONDS * 1000);
  const targets = await pool.query<TargetRow>(
    `WITH targets AS (
        SELECT id FROM stories WHERE id = ANY($1::int[])
        UNION
        (SELECT id FROM stories
          WHERE (score_velocity > 0 OR comments_velocity > 0) AND derived_at < $3
          ORDER BY derived_at LIMIT $4)
     )
     SELECT s.id, s.time, s.score, s.descendants, s.expected_upvotes,
            extract(epoch FROM b.sampled_at)::float8 AS before_at, b.score AS before_score, b.descendants AS before_descendants,
            extract(epoch FROM f.sampled_at)::float8 AS first_at, f.score AS first_score, f.descendants AS first_descendants
       FROM targets t
       JOIN stories s ON s.id = t.id
       LEFT JOIN LATERAL (
         SELECT sampled_at, score, descendants FROM story_snapshots
          WHERE story_id = s.id AND sampled_at <= $2 ORDER BY sampled_at DESC LIMIT 1) b ON true
       LEFT JOIN LATERAL (
         SELECT sampled_at, score, descendants FROM story_snapshots
          WHERE story_id = s.id ORDER BY sampled_at LIMIT 1) f ON true`,
    [input.storyIds, windowStart, staleBefore, MOVING_BATCH_LIMIT],
  );
  if (targets.rows.length === 0) return 0;

  const nowSeconds = input.nowMs / 1000;
  const updates = targets.rows.map((row) => {
    const counts = (at: number | null, score: number | null, descendants: number | null): CountsAt | null =>
      at === null ? null : { at, score: score ?? 0, descendants: descendants ?? 0 };
    const velocity = computeVelocity({
      time: row.time,
      now: { at: nowSeconds, score: row.score, descendants: row.descendants },
      beforeWindow: counts(row.before_at, row.before_score, row.before_descendants),
      earliest: counts(row.first_at, row.first_score, row.first_descendants),
      windowHours: input.windowHours,
    });
    const ageHours = Math.max(0, (nowSeconds - row.time) / 3600);
    return {
      id: row.id,
      ...velocity,
      trendingScore: trendingScore({ ...velocity, score: row.score, expectedUpvotes: row.expected_upvotes, ageHours }),
      riseScore: riseScore(velocity.scoreVelocity, ageHours),
      heat: heatLevel({ ...velocity, score: row.score, descendants: row.descendants, time: row.time }, input.nowMs),
    };
  });

  await pool.query(
    `UPDATE stories s
        SET score_velocity = u.sv, comments_velocity = u.cv, trending_score = u.ts, rise_score = u.rs,
            heat_level = u.heat, derived_at = $7
       FROM unnest($1::int[], $2::float8[], $3::float8[], $4::float8[], $5::float8[], $6::text[])
            AS u(id, sv, cv, ts, rs, heat)
      WHERE s.id = u.id`,
    [
      updates.map((u) => u.id),
      updates.map((u) => u.scoreVelocity),
      updates.map((u) => u.commentsVelocity),
      updates.map((u) => u.trendingScore),
      updates.map((u) => u.riseScore),
      updates.map((u) => u.heat),
      now,
    ],
  );
  return updates.length;
}
