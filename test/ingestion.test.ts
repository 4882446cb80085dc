import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Fault } from '../tools/hn-replay/index.ts';
import { ATTENTION_MIN_POINTS } from '#common/rules/keyword-trends.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { startTestReplay } from './support/replay.ts';
import { mergeSearchIndexPendingLists } from '../server/modules/search/indexes.ts';
import { DIGEST_IS_CURRENT_SQL, SNAPSHOTS_NOW_SQL } from '../server/modules/stories/history-digests.ts';
import type { ReplayServer } from '../tools/hn-replay/index.ts';

let replay: ReplayServer;
let t: TestApp;

beforeAll(async () => {
  replay = await startTestReplay();
  t = await createTestApp({
    // The replay answers in this process, beside the embedded database: on a loaded machine an answer can take
    // several hundred milliseconds, which a shorter timeout turned into a 'partial' cycle.
    env: { HN_API_URL: replay.url, HN_TIMEOUT_MS: '1500', HN_RETRIES: '1', HN_CONCURRENCY: '8', HN_MAX_NEW_ITEMS: '5000' },
    now: () => replay.clock.now() * 1000,
  });
});
afterAll(async () => {
  await t?.close();
  await replay?.close();
});
afterEach(() => replay.faults.clear());

const pool = () => t.db.database.pool;
async function scalar(sql: string, params: unknown[] = []): Promise<number> {
  const result = await pool().query(sql, params);
  return Number(Object.values(result.rows[0] ?? {})[0] ?? 0);
}

/** Moves the replay on minute by minute with a cycle each minute, as production runs. */
async function advanceWithCycles(minutes: number): Promise<void> {
  for (let i = 0; i < minutes; i++) {
    replay.clock.advance(60);
    const report = await t.ingestion.runCycle('test');
    expect(report?.status).toBe('ok');
  }
}

/** Up to `count` story ids the replay lists at `at` that are not stored yet (they will be fetched next cycle). */
async function unseenListedIds(at: number, count: number): Promise<number[]> {
  const listed = [...new Set([...replay.dataset.newAt(at), ...replay.dataset.topAt(at)])].filter((id) => {
    const item = replay.dataset.itemAt(id, at);
    return item && item.type === 'story' && !item.dead && !item.deleted;
  });
  const stored = await pool().query<{ hn_id: number }>('SELECT hn_id FROM stories WHERE hn_id = ANY($1::int[])', [listed]);
  const known = new Set(stored.rows.map((row) => row.hn_id));
  return listed.filter((id) => !known.has(id)).slice(0, count);
}

/** Every story the replay lists now, stored with the replay's current title, score and comment count. */
async function expectStoredMatchesReplay(): Promise<void> {
  const now = replay.clock.now();
  const listed = new Set([...replay.dataset.topAt(now), ...replay.dataset.newAt(now), ...replay.dataset.bestAt(now), ...replay.dataset.askAt(now), ...replay.dataset.showAt(now)]);
  const stored = await pool().query<{ hn_id: number; title: string; score: number; descendants: number; url: string; dead: boolean; synthetic: boolean }>(
    `SELECT hn_id, title, score, descendants, url, dead, synthetic FROM stories WHERE hn_id = ANY($1::int[])`,
    [[...listed]],
  );
  const skipped = await pool().query<{ hn_id: number }>(`SELECT hn_id FROM skipped_items WHERE hn_id = ANY($1::int[])`, [[...listed]]);
  const byId = new Map(stored.rows.map((row) => [row.hn_id, row]));
  const skippedIds = new Set(skipped.rows.map((row) => row.hn_id));
  let compared = 0;
  for (const id of listed) {
    const item = replay.dataset.itemAt(id, now);
    if (!item || item.type !== 'story' || item.dead || item.deleted) {
      expect(byId.has(id) && !byId.get(id)!.dead, `item ${id} (${item?.type}) must not be listed as a live story`).toBe(false);
      continue;
    }
    // Nothing is lost: each listed story is stored (or, being no story, remembered as skipped).
    expect(byId.has(id) || skippedIds.has(id), `story ${id} missing`).toBe(true);
    const row = byId.get(id)!;
    expect(row.score).toBe(item.score ?? 0);
    expect(row.descendants).toBe(item.descendants ?? 0);
    expect(row.url).toBe(item.url ?? '');
    expect(row.synthetic, `story ${id} marked as the replay marks it`).toBe(item.synthetic === true);
    compared++;
  }
  expect(compared).toBeGreaterThan(100);
}

describe('ingestion against the replay', () => {
  it('a first cycle stores every listed story as the API gives it', async () => {
    const report = await t.ingestion.runCycle('test');
    expect(report?.status).toBe('ok');
    expect(report?.errors).toBe(0);
    await expectStoredMatchesReplay();
    const top = replay.dataset.topAt(replay.clock.now());
    const ranks = await pool().query<{ hn_id: number; top_rank: number }>(
      `SELECT hn_id, top_rank FROM stories WHERE top_rank IS NOT NULL ORDER BY top_rank LIMIT 5`,
    );
    expect(ranks.rows.map((row) => row.hn_id)).toEqual(top.slice(0, 5));
    // Every story has its first snapshot.
    expect(await scalar('SELECT count(*) FROM stories s WHERE NOT EXISTS (SELECT 1 FROM story_snapshots p WHERE p.story_id = s.id)')).toBe(0);
  });

  it('a second cycle on unchanged data duplicates and appends nothing', async () => {
    const stories = await scalar('SELECT count(*) FROM stories');
    const snapshots = await scalar('SELECT count(*) FROM story_snapshots');
    const digest = await scalar(`SELECT sum(hashtext(title || score || descendants || url)) FROM stories`);
    const report = await t.ingestion.runCycle('test');
    expect(report?.status).toBe('ok');
    expect(report?.snapshotsAppended).toBe(0);
    expect(await scalar('SELECT count(*) FROM stories')).toBe(stories);
    expect(await scalar('SELECT count(*) FROM story_snapshots')).toBe(snapshots);
    expect(await scalar(`SELECT sum(hashtext(title || score || descendants || url)) FROM stories`)).toBe(digest);
  });

  it('as time passes, changed stories get new counts, snapshots and velocities', async () => {
    const snapshots = await scalar('SELECT count(*) FROM story_snapshots');
    await advanceWithCycles(20);
    expect(await scalar('SELECT count(*) FROM story_snapshots')).toBeGreaterThan(snapshots);
    await expectStoredMatchesReplay();
    const topId = replay.dataset.topAt(replay.clock.now())[0]!;
    const top = await pool().query<{ score_velocity: number; trending_score: number }>(
      'SELECT score_velocity, trending_score FROM stories WHERE hn_id = $1',
      [topId],
    );
    expect(top.rows[0]!.score_velocity).toBeGreaterThan(0);
    expect(top.rows[0]!.trending_score).toBeGreaterThan(0);
    const trending = await t.app.server.inject({ url: '/api/stories/trending?timeFilter=week&limit=10' });
    expect(trending.json().stories.length).toBe(10);
    // The exposure of front-page stories accrues with the ranks they held.
    expect(await scalar('SELECT count(*) FROM stories WHERE top_rank <= 30 AND expected_upvotes > 0')).toBeGreaterThan(20);
  });

  it("leaves no pending entries in the search indexes: each cycle merges what it added", async () => {
    // Stories changed outside a cycle leave entries in GIN's pending lists, which a merge finds...
    // (A change and its undoing: the stories end as they were.)
    await pool().query('UPDATE stories SET score = score + 1 WHERE id IN (SELECT id FROM stories ORDER BY id LIMIT 50)');
    await pool().query('UPDATE stories SET score = score - 1 WHERE id IN (SELECT id FROM stories ORDER BY id LIMIT 50)');
    expect(await mergeSearchIndexPendingLists(pool())).toBeGreaterThan(0);
    // ...and after a cycle that changed stories there are none left to merge.
    replay.clock.advance(60);
    const report = await t.ingestion.runCycle('test');
    expect(report?.storiesUpserted).toBeGreaterThan(0);
    expect(await mergeSearchIndexPendingLists(pool())).toBe(0);
  });

  it("a module's listener that fails leaves the cycle's stories stored and the other listeners run: the cycle is partial", async () => {
    const unsubscribe = t.app.ingestionEvents.onStoriesStored('failing', async () => {
      throw new Error('listener broke');
    });
    try {
      const before = await scalar('SELECT count(*) FROM story_snapshots');
      replay.clock.advance(60);
      const report = await t.ingestion.runCycle('test');
      expect(report?.status).toBe('partial');
      expect(report?.errors).toBe(1);
      expect(report?.snapshotsAppended).toBeGreaterThan(0);
      expect(await scalar('SELECT count(*) FROM story_snapshots')).toBe(before + report!.snapshotsAppended);
      expect(Object.keys(report!.listenersMs)).toEqual(['stories', 'keywords', 'predictions', 'search', 'failing']);
    } finally {
      unsubscribe();
    }
  });

  it('keeps a current history digest of every story it took snapshots of', async () => {
    expect(await scalar('SELECT count(*) FROM story_history_digests')).toBeGreaterThan(50);
    expect(
      await scalar(`SELECT count(*) FROM stories s CROSS JOIN ${SNAPSHOTS_NOW_SQL} LEFT JOIN story_history_digests d ON d.story_id = s.id
                     WHERE v.count > 0 AND (d.story_id IS NULL OR NOT (${DIGEST_IS_CURRENT_SQL}))`),
    ).toBe(0);
  });

  it("counts every stored story's keywords in the hourly buckets, as it is now", async () => {
    expect(await scalar('SELECT count(*) FROM keyword_extractions')).toBeGreaterThan(50);
    // Every live story is counted with its current title and score; a dead one, or one the replay made up, is not.
    expect(
      await scalar(`SELECT count(*) FROM stories s LEFT JOIN keyword_extractions e ON e.story_id = s.id
                     WHERE (NOT s.dead AND NOT s.synthetic AND (e.title IS DISTINCT FROM s.title OR e.points IS DISTINCT FROM s.score))
                        OR ((s.dead OR s.synthetic) AND e.story_id IS NOT NULL)`),
    ).toBe(0);
    // The buckets hold exactly what the keywords of the stories readers paid attention to add up to.
    expect(
      await scalar(`SELECT count(*) FROM (
                      SELECT sk.keyword_id, e.hour, count(*) AS stories, sum(e.points) AS points
                        FROM story_keywords sk JOIN keyword_extractions e ON e.story_id = sk.story_id
                       WHERE e.points >= ${ATTENTION_MIN_POINTS} GROUP BY 1, 2) AS expected
                    FULL JOIN keyword_hourly h ON h.keyword_id = expected.keyword_id AND h.hour = expected.hour
                    WHERE h.stories IS DISTINCT FROM expected.stories::int OR h.points IS DISTINCT FROM expected.points::int`),
    ).toBe(0);
  });
});
describe("the stories the demo's replay made up", () => {
  it('are stored with their mark, marked in the lists, and count under no keyword', async () => {
    // Some of them have the points that would count (ATTENTION_MIN_POINTS): being made up is what leaves them out.
    expect(await scalar('SELECT count(*) FROM stories WHERE synthetic AND NOT dead AND score >= $1', [ATTENTION_MIN_POINTS])).toBeGreaterThan(0);
    expect(await scalar('SELECT count(*) FROM stories WHERE NOT synthetic')).toBeGreaterThan(50);
    expect(await scalar('SELECT count(*) FROM keyword_extractions e JOIN stories s ON s.id = e.story_id WHERE s.synthetic')).toBe(0);
    expect(await scalar('SELECT count(*) FROM story_keywords k JOIN stories s ON s.id = k.story_id WHERE s.synthetic')).toBe(0);

    const response = await t.app.server.inject({ url: '/api/stories/recent?limit=100' });
    expect(response.statusCode).toBe(200);
    const stories = response.json().stories as { hnId: number; synthetic?: boolean }[];
    const now = replay.clock.now();
    const marked = stories.filter((story) => replay.dataset.itemAt(story.hnId, now)?.synthetic);
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.length).toBeLessThan(stories.length);
    for (const story of stories) {
      // The mark only where it is true, so a real story's JSON is as it was.
      if (marked.includes(story)) expect(story.synthetic, `story ${story.hnId}`).toBe(true);
      else expect('synthetic' in story, `story ${story.hnId}`).toBe(false);
    }
  });
});

describe('faults: every cycle completes, nothing is duplicated, nothing is lost', () => {
  const itemFaults: [string, Omit<Fault, 'match'>][] = [
    ['5xx answers', { kind: 'error' }],
    ['timeouts', { kind: 'timeout' }],
    ['truncated JSON', { kind: 'truncate' }],
    ['null items', { kind: 'null' }],
  ];

  it.each(itemFaults)('%s: the items that fail are retried next cycle and then stored', async (_name, fault) => {
    replay.clock.advance(60);
    let victims = await unseenListedIds(replay.clock.now(), 3);
    while (victims.length === 0) {
      replay.clock.advance(60);
      victims = await unseenListedIds(replay.clock.now(), 3);
    }
    // These items fail on every attempt of this cycle (retries included); everything else succeeds.
    replay.faults.set(victims.map((id) => ({ ...fault, match: `/v0/item/${id}.json` })));
    const faulty = await t.ingestion.runCycle('test');
    expect(faulty?.status).toBe('partial');
    const pending = await pool().query<{ hn_id: number }>('SELECT hn_id FROM pending_items ORDER BY hn_id');
    expect(pending.rows.map((row) => row.hn_id)).toEqual([...victims].sort((a, b) => a - b));
    expect(await scalar('SELECT count(*) FROM stories WHERE hn_id = ANY($1::int[])', [victims])).toBe(0);

    replay.faults.clear();
    const healed = await t.ingestion.runCycle('test');
    expect(healed?.status).toBe('ok');
    expect(await scalar('SELECT count(*) FROM pending_items')).toBe(0);
    expect(await scalar('SELECT count(*) FROM stories WHERE hn_id = ANY($1::int[])', [victims])).toBe(victims.length);
    await expectStoredMatchesReplay();
    expect(await scalar('SELECT count(*) - count(DISTINCT hn_id) FROM stories')).toBe(0);
  });

  it('latency on every item and 5xx on half of them: the cycle completes and the next one catches up', async () => {
    replay.clock.advance(60);
    replay.faults.set([{ kind: 'error', match: '/v0/item/', rate: 0.5 }, { kind: 'latency', match: '/v0/item/', rate: 1, latencyMs: 50 }]);
    const faulty = await t.ingestion.runCycle('test');
    expect(['ok', 'partial']).toContain(faulty?.status);
    replay.faults.clear();
    expect((await t.ingestion.runCycle('test'))?.status).toBe('ok');
    expect(await scalar('SELECT count(*) FROM pending_items')).toBe(0);
    await expectStoredMatchesReplay();
  });

  it('a failing list keeps the ranks it gave before; the other lists go on', async () => {
    const before = await scalar('SELECT count(*) FROM stories WHERE top_rank IS NOT NULL');
    replay.faults.set([{ kind: 'error', match: '/v0/topstories.json' }]);
    replay.clock.advance(5 * 60);
    const report = await t.ingestion.runCycle('test');
    expect(report?.status).toBe('partial');
    expect(await scalar('SELECT count(*) FROM stories WHERE top_rank IS NOT NULL')).toBe(before);
  });

  it('when every list fails the cycle is recorded as failed and nothing changes', async () => {
    const stories = await scalar('SELECT count(*) FROM stories');
    replay.faults.set([{ kind: 'error', match: /\/v0\/(\w+stories|updates)\.json/ }]);
    const report = await t.ingestion.runCycle('test');
    expect(report?.status).toBe('failed');
    expect(await scalar('SELECT count(*) FROM stories')).toBe(stories);
    expect(await scalar(`SELECT count(*) FROM ingestion_cycles WHERE status = 'failed'`)).toBe(1);
  });
});

describe('POST /api/stories/refresh', () => {
  it('runs a cycle, then joins it for 30 seconds, and is rate limited', async () => {
    replay.clock.advance(10 * 60);
    const cyclesBefore = await scalar('SELECT count(*) FROM ingestion_cycles');
    const first = await t.app.server.inject({ method: 'POST', url: '/api/stories/refresh' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ refreshed: true, cycle: { status: 'ok' } });
    expect(await scalar('SELECT count(*) FROM ingestion_cycles')).toBe(cyclesBefore + 1);

    replay.clock.advance(10);
    const second = await t.app.server.inject({ method: 'POST', url: '/api/stories/refresh' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ refreshed: false, cycle: { id: first.json().cycle.id } });
    expect(await scalar('SELECT count(*) FROM ingestion_cycles')).toBe(cyclesBefore + 1);

    let limited = null;
    for (let i = 0; i < 6 && !limited; i++) {
      const response = await t.app.server.inject({ method: 'POST', url: '/api/stories/refresh' });
      if (response.statusCode === 429) limited = response;
    }
    expect(limited?.json().message).toMatch(/Too many requests/);
  });
});
