import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoryHistory } from '#common/contracts/story-history.ts';
import { HISTORY_CHART_MAX_POINTS } from '#common/rules/story-history.ts';
import { storeHistoryDigests } from '../server/modules/stories/history-digests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { seedStories } from './support/seed.ts';

/**
 * GET /api/stories/{id}/history on the real database: a story's snapshots oldest first, its front-page markers
 * and facts, the ledger's rows with their outcome, its keywords; unknown and hidden stories are one 404; bad ids
 * are 400s; a long history is thinned to the chart's bound with its resolution said.
 */
const clock = Date.parse('2026-11-18T12:00:00Z');
const MINUTE = 60_000;
let t: TestApp;
const ids: Record<string, number> = {};
const pool = () => t.db.database.pool;
const get = (url: string) => t.app.server.inject({ url });

async function story(key: string, hnId: number, postedMs: number, extra: { score?: number; rank?: number | null; hidden?: boolean } = {}) {
  await seedStories(pool(), [{ hnId, title: `History ${key}`, time: postedMs / 1000, score: extra.score ?? 10, scoreVelocity: 12, commentsVelocity: 3 }]);
  const row = await pool().query<{ id: number }>('UPDATE stories SET top_rank = $2, hidden = $3 WHERE hn_id = $1 RETURNING id', [hnId, extra.rank ?? null, extra.hidden ?? false]);
  ids[key] = row.rows[0]!.id;
}

async function snapshots(storyId: number, rows: { atMs: number; score: number; comments: number; rank: number | null }[]) {
  await pool().query(
    `INSERT INTO story_snapshots (story_id, sampled_at, score, descendants, top_rank)
     SELECT $1, to_timestamp(t / 1000.0), s, c, r FROM unnest($2::bigint[], $3::int[], $4::int[], $5::int[]) AS u(t, s, c, r)`,
    [storyId, rows.map((r) => r.atMs), rows.map((r) => r.score), rows.map((r) => r.comments), rows.map((r) => r.rank)],
  );
}

const posted = clock - 5 * 60 * MINUTE;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await story('main', 9_100_001, posted, { score: 140, rank: 12 });
  // Seen 10 minutes after posting; front page from minute 60 (rank 25), peak rank 3 at minute 120, off at minute
  // 180 (rank 40), back at minute 240 (rank 12) and still there now (the story's rank is the last snapshot's).
  await snapshots(ids.main!, [
    { atMs: posted + 10 * MINUTE, score: 2, comments: 0, rank: null },
    { atMs: posted + 60 * MINUTE, score: 20, comments: 4, rank: 25 },
    { atMs: posted + 120 * MINUTE, score: 80, comments: 20, rank: 3 },
    { atMs: posted + 180 * MINUTE, score: 100, comments: 30, rank: 40 },
    { atMs: posted + 240 * MINUTE, score: 140, comments: 40, rank: 12 },
  ]);
  await pool().query(
    `INSERT INTO predictions (story_id, predicted_at, probability, confidence, score_at_prediction, comments_at_prediction, model_version,
                              verified_at, score_at_horizon, reached_target, accurate)
     VALUES ($1, $2, 0.9, 'high', 20, 4, 'test', $3, 140, false, false),
            ($1, $4, 0.3, 'medium', 100, 30, 'test', NULL, NULL, NULL, NULL)`,
    [ids.main, new Date(posted + 60 * MINUTE), new Date(posted + 6 * 60 * MINUTE + 60 * MINUTE), new Date(posted + 180 * MINUTE)],
  );
  const keyword = await pool().query<{ id: number }>(`INSERT INTO keywords (key, display) VALUES ('postgres', 'Postgres') RETURNING id`);
  await pool().query('INSERT INTO story_keywords (story_id, keyword_id) VALUES ($1, $2)', [ids.main, keyword.rows[0]!.id]);

  await story('hidden', 9_100_002, posted, { hidden: true });
  await snapshots(ids.hidden!, [{ atMs: posted + 10 * MINUTE, score: 5, comments: 1, rank: 9 }]);
  await story('never', 9_100_003, posted);

  // Two days of a snapshot every minute: more than the chart draws.
  await story('long', 9_100_004, clock - 2 * 1440 * MINUTE, { score: 3000 });
  const minutes = 2 * 1440;
  await snapshots(
    ids.long!,
    Array.from({ length: minutes }, (_, i) => ({ atMs: clock - (minutes - i) * MINUTE, score: 1 + i, comments: i >> 2, rank: i === 1000 ? 1 : 5 + (i % 20) })),
  );
}, 120_000);

afterAll(() => t?.close());

describe('GET /api/stories/{id}/history', () => {
  it("answers a story's snapshots oldest first, with its markers, facts, predictions and keywords", async () => {
    const response = await get(`/api/stories/${ids.main}/history`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<StoryHistory>();
    expect(body.story).toMatchObject({ id: ids.main, hnId: 9_100_001, title: 'History main', rank: 12 });
    expect(body.snapshots.map((s) => [s.score, s.comments, s.rank])).toEqual([
      [2, 0, null],
      [20, 4, 25],
      [80, 20, 3],
      [100, 30, 40],
      [140, 40, 12],
    ]);
    expect(body.snapshots[0]!.time).toBe(new Date(posted + 10 * MINUTE).toISOString());
    expect(body.markers.map((m) => [m.kind, m.rank])).toEqual([
      ['entered', 25],
      ['peak', 3],
      ['left', 40],
      ['entered', 12],
    ]);
    expect(body.facts).toMatchObject({
      firstSeen: new Date(posted + 10 * MINUTE).toISOString(),
      minutesToFrontPage: 60,
      peak: { rank: 3, time: new Date(posted + 120 * MINUTE).toISOString() },
      // 120 minutes in the first stay, then from minute 240 to now (minute 300).
      minutesOnFrontPage: 180,
      now: { pointsPerHour: 12, commentsPerHour: 3 },
      // At the peak (minute 120): 80 points and 20 comments over the 2 hours since submission.
      atPeak: { pointsPerHour: 40, commentsPerHour: 10 },
    });
    expect(body.facts.heat.length).toBeGreaterThan(0);
    expect(body.resolution).toMatchObject({ sliceMinutes: null, hourlyBefore: null, dailyBefore: null, label: 'Every change, minute by minute.' });
    expect(body.predictions.map((p) => [p.predictionScore, p.confidence, p.outcome])).toEqual([
      [90, 'high', 'inaccurate'],
      [30, 'medium', 'pending'],
    ]);
    expect(body.keywords).toEqual(['Postgres']);
  });

  it('answers a story never sampled with empty history, not an error', async () => {
    const body = (await get(`/api/stories/${ids.never}/history`)).json<StoryHistory>();
    expect(body.snapshots).toEqual([]);
    expect(body.markers).toEqual([]);
    expect(body.facts).toMatchObject({ firstSeen: null, minutesToFrontPage: null, peak: null, minutesOnFrontPage: 0 });
  });

  it('thins a long history to the chart bound, keeping the peak, and says so', async () => {
    const body = (await get(`/api/stories/${ids.long}/history`)).json<StoryHistory>();
    expect(body.snapshots.length).toBeLessThanOrEqual(HISTORY_CHART_MAX_POINTS + body.markers.length);
    expect(body.snapshots.length).toBeGreaterThan(HISTORY_CHART_MAX_POINTS / 2);
    const times = body.snapshots.map((s) => Date.parse(s.time));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(body.snapshots.some((s) => s.rank === 1)).toBe(true);
    expect(body.snapshots.at(-1)!.score).toBe(2 * 1440);
    expect(body.resolution.sliceMinutes).toBeGreaterThan(1);
    expect(body.resolution.label).toMatch(/Drawn as the last snapshot of every \d+ minutes\./);
  });

  it('is one 404 for an unknown story and for one moderators hid', async () => {
    for (const id of [ids.hidden, 2_000_000_000]) {
      const response = await get(`/api/stories/${id}/history`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Story not found: no story has this id, or it is no longer shown.' });
      expect(response.body).not.toContain('History hidden');
    }
  });

  it('refuses ids that are not story ids with a 400, never a 500', async () => {
    for (const id of ['0', '-1', 'abc', '1.5', '2147483648', '99999999999999999999', '%00', '1e3']) {
      const response = await get(`/api/stories/${id}/history`);
      expect(response.statusCode, `${id}: ${response.body}`).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/id/);
    }
  });
});

describe("a story's history digest", () => {
  const digestOf = async (storyId: number) =>
    (await pool().query<{ snapshot_count: number; digest: string }>('SELECT snapshot_count, digest FROM story_history_digests WHERE story_id = $1', [storyId])).rows[0];
  const answer = async (storyId: number) => {
    const response = await get(`/api/stories/${storyId}/history`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StoryHistory>();
  };

  it('gives the answer the snapshots give, for a long history and one still on the front page', async () => {
    const fromSnapshots = [await answer(ids.main!), await answer(ids.long!)];
    expect(await storeHistoryDigests(pool(), [ids.main!, ids.long!, ids.never!, ids.main!])).toBe(2);
    expect((await digestOf(ids.long!))?.snapshot_count).toBe(2 * 1440);
    expect(await digestOf(ids.never!)).toBeUndefined();
    expect([await answer(ids.main!), await answer(ids.long!)]).toEqual(fromSnapshots);
    // Current digests are not made again.
    expect(await storeHistoryDigests(pool(), [ids.main!, ids.long!])).toBe(0);
  });

  it('is read while it stands for the snapshots, and never once they change or its rules do', async () => {
    await story('digested', 9_100_005, posted, { score: 60, rank: 7 });
    const rows = [
      { atMs: posted + 30 * MINUTE, score: 10, comments: 1, rank: 20 },
      { atMs: posted + 90 * MINUTE, score: 60, comments: 9, rank: 7 },
    ];
    await snapshots(ids.digested!, rows);
    expect(await storeHistoryDigests(pool(), [ids.digested!])).toBe(1);
    const made = (await answer(ids.digested!)).facts;
    expect(made).toMatchObject({ minutesToFrontPage: 30, peak: { rank: 7 } });
    // A digest marked so it shows when it is read: the page reads it, not the snapshots.
    const marked = (await digestOf(ids.digested!))!.digest.replace('"minutesToFrontPage":30', '"minutesToFrontPage":999');
    await pool().query('UPDATE story_history_digests SET digest = $2 WHERE story_id = $1', [ids.digested, marked]);
    expect((await answer(ids.digested!)).facts.minutesToFrontPage).toBe(999);

    // A digest of another version of the rules is not read.
    await pool().query('UPDATE story_history_digests SET version = version - 1 WHERE story_id = $1', [ids.digested]);
    expect((await answer(ids.digested!)).facts).toEqual(made);
    await pool().query('UPDATE story_history_digests SET version = version + 1 WHERE story_id = $1', [ids.digested]);
    expect((await answer(ids.digested!)).facts.minutesToFrontPage).toBe(999);

    // A newer snapshot: the snapshots are read, and show it.
    await snapshots(ids.digested!, [{ atMs: posted + 150 * MINUTE, score: 90, comments: 12, rank: 2 }]);
    const newer = await answer(ids.digested!);
    expect(newer.facts).toMatchObject({ minutesToFrontPage: 30, peak: { rank: 2 } });
    expect(newer.snapshots).toHaveLength(3);
    expect(await storeHistoryDigests(pool(), [ids.digested!])).toBe(1);
    expect(await answer(ids.digested!)).toEqual(newer);

    // One snapshot fewer, the newest unchanged (as thinning does): the snapshots are read.
    await pool().query('UPDATE story_history_digests SET digest = replace(digest, $2, $3) WHERE story_id = $1', [ids.digested, '"minutesToFrontPage":30', '"minutesToFrontPage":999']);
    await pool().query('DELETE FROM story_snapshots WHERE story_id = $1 AND sampled_at = $2', [ids.digested, new Date(rows[1]!.atMs)]);
    const thinned = await answer(ids.digested!);
    expect(thinned.facts.minutesToFrontPage).toBe(30);
    expect(thinned.snapshots).toHaveLength(2);
  });
});
