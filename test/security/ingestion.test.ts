import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCKS } from '../../server/db/locks.ts';
import { MAX_ITEM_BYTES, MAX_LIST_BYTES } from '../../server/hn/client.ts';
import { whileNoOtherCycleRuns } from '../../server/hn/ingest.ts';
import { FUTURE_TIME_TOLERANCE_SECONDS, MAX_AUTHOR_LENGTH, MAX_TITLE_LENGTH, decodeHtmlEntities } from '../../server/hn/parse.ts';
import { type Fault, type Poison, type ReplayServer } from '../../tools/hn-replay/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createProcessDatabase, startAppProcess, type AppProcess, type ProcessDatabase } from '../support/process.ts';
import { startTestReplay } from '../support/replay.ts';

/**
 * Threat: an upstream item (broken or hostile) that the database cannot store, or a process killed in the
 * middle of a cycle, stops ingestion. Control: every field is normalised or refused before it reaches the
 * database, a story the database still refuses is retried alone, and a restart reaps the dead cycle and job.
 */
const NEW_ITEMS_PER_CYCLE = 40;
/** Attempts before an item is given up (MAX_ITEM_ATTEMPTS in server/hn/ingest.ts). */
const ATTEMPTS = 8;

let replay: ReplayServer;

beforeAll(async () => {
  replay = await startTestReplay();
});
afterAll(async () => {
  await replay?.close();
});
afterEach(() => replay.faults.clear());

describe('a poisoned item never stops ingestion', () => {
  let t: TestApp;
  const pool = (): pg.Pool => t.db.database.pool;

  beforeAll(async () => {
    t = await createTestApp({
      env: { HN_API_URL: replay.url, HN_TIMEOUT_MS: '2000', HN_RETRIES: '0', HN_MAX_NEW_ITEMS: String(NEW_ITEMS_PER_CYCLE) },
      now: () => replay.clock.now() * 1000,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The stories the next cycle fetches as new: the first front-page ids not stored, skipped or queued yet. */
  async function nextNewIds(): Promise<number[]> {
    const top = replay.dataset.topAt(replay.clock.now());
    const seen = await pool().query<{ hn_id: number }>(
      `SELECT hn_id FROM stories WHERE hn_id = ANY($1::int[]) UNION SELECT hn_id FROM skipped_items WHERE hn_id = ANY($1::int[])`,
      [top],
    );
    const known = new Set(seen.rows.map((row) => row.hn_id));
    return top.filter((id) => !known.has(id)).slice(0, NEW_ITEMS_PER_CYCLE);
  }

  const isStory = (id: number): boolean => replay.dataset.itemAt(id, replay.clock.now())?.type === 'story';

  async function storedRows(ids: number[]): Promise<Map<number, { title: string; url: string; domain: string; by: string; time: number; score: number }>> {
    const result = await pool().query<{ hn_id: number; title: string; url: string; domain: string; by: string; time: number; score: number }>(
      `SELECT hn_id, title, url, domain, by, time::float8 AS time, score FROM stories WHERE hn_id = ANY($1::int[])`,
      [ids],
    );
    return new Map(result.rows.map((row) => [row.hn_id, row]));
  }

  async function pendingIds(): Promise<number[]> {
    return (await pool().query<{ hn_id: number }>('SELECT hn_id FROM pending_items ORDER BY hn_id')).rows.map((row) => row.hn_id);
  }

  const normalised: Poison[] = ['nul-title', 'lone-surrogate', 'long-title', 'long-author', 'bad-url', 'long-url', 'negative-score', 'future-time'];
  const refused: Poison[] = ['huge-score', 'huge-descendants', 'fractional-score', 'huge-id'];
  /** The refused victims, in the order of `refused`. */
  let refusedVictims: number[] = [];
  const refusedIds = (): number[] => [...refusedVictims].sort((a, b) => a - b);

  it('one item of each poison in a cycle: every other story is stored, the poisoned ones normalised or queued for retry', async () => {
    const fetched = await nextNewIds();
    const victims = fetched.filter(isStory).slice(0, normalised.length + refused.length);
    const poisonOf = new Map([...normalised, ...refused].map((poison, i) => [victims[i]!, poison]));
    replay.faults.set([...poisonOf].map(([id, poison]): Fault => ({ kind: 'poison', poison, match: `/v0/item/${id}.json` })));

    const report = await t.ingestion.runCycle('test');
    expect(report?.status).toBe('partial');

    refusedVictims = victims.slice(normalised.length);
    expect(refusedVictims).toHaveLength(refused.length);
    expect(await pendingIds()).toEqual(refusedIds());
    const stored = await storedRows(fetched);
    const now = replay.clock.now();
    for (const id of fetched.filter(isStory)) {
      if (refusedVictims.includes(id)) {
        expect(stored.has(id), `refused item ${id} (${poisonOf.get(id)}) is not stored`).toBe(false);
        continue;
      }
      const row = stored.get(id);
      expect(row, `story ${id} (${poisonOf.get(id) ?? 'clean'}) is stored`).toBeDefined();
      const item = replay.dataset.itemAt(id, now)!;
      const title = decodeHtmlEntities(item.title!).trim();
      switch (poisonOf.get(id)) {
        case 'nul-title':
        case 'lone-surrogate':
          expect(row!.title).toBe(title);
          break;
        case 'long-title':
          expect(row!.title.startsWith(title)).toBe(true);
          expect(row!.title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
          break;
        case 'long-author':
          expect(row!.by).toBe('a'.repeat(MAX_AUTHOR_LENGTH));
          break;
        case 'bad-url':
        case 'long-url':
          expect(row).toMatchObject({ url: '', domain: '', title });
          break;
        case 'negative-score':
          expect(row!.score).toBe(0);
          break;
        case 'future-time':
          expect(row!.time).toBe(now + FUTURE_TIME_TOLERANCE_SECONDS);
          break;
        default:
          expect(row).toMatchObject({ title, url: item.url ?? '', score: item.score });
      }
    }
  });

  it('a refused item is retried each cycle, then given up as skipped, and later cycles keep working', async () => {
    replay.faults.set(refused.map((poison, i): Fault => ({ kind: 'poison', poison, match: `/v0/item/${refusedVictims[i]}.json` })));
    for (let attempt = 2; attempt <= ATTEMPTS; attempt++) {
      const fetched = (await nextNewIds()).filter((id) => isStory(id) && !refusedVictims.includes(id));
      const report = await t.ingestion.runCycle('test');
      expect(report?.status).toBe('partial');
      expect((await storedRows(fetched)).size).toBe(fetched.length);
    }
    expect(await pendingIds()).toEqual([]);
    const skipped = await pool().query<{ hn_id: number; reason: string }>(
      'SELECT hn_id, reason FROM skipped_items WHERE hn_id = ANY($1::int[]) ORDER BY hn_id',
      [refusedIds()],
    );
    expect(skipped.rows.map((row) => row.hn_id)).toEqual(refusedIds());
    for (const row of skipped.rows) expect(row.reason).toMatch(/^given up: /);

    replay.faults.clear();
    const fetched = (await nextNewIds()).filter(isStory);
    expect((await t.ingestion.runCycle('test'))?.status).toBe('ok');
    expect((await storedRows(fetched)).size).toBe(fetched.length);
  });

  it('a list holding an id above the integer range loses that id, not the cycle', async () => {
    replay.faults.set([{ kind: 'poison', poison: 'huge-id', match: /\/v0\/(topstories|updates)\.json/ }]);
    const fetched = (await nextNewIds()).filter(isStory);
    const report = await t.ingestion.runCycle('test');
    expect(report?.status).toBe('ok');
    expect((await storedRows(fetched)).size).toBe(fetched.length);
    const top = await pool().query<{ hn_id: number }>('SELECT hn_id FROM stories WHERE top_rank IS NOT NULL ORDER BY top_rank LIMIT 3');
    expect(top.rows.map((row) => row.hn_id)).toEqual(replay.dataset.topAt(replay.clock.now()).slice(0, 3));
    expect(await pendingIds()).toEqual([]);
    expect(replay.faults.list().map((fault) => fault.applied)).toEqual([2]);
  });

  it('the cycle lock excludes a second holder, also on the embedded database where all connections share one session', async () => {
    const nested = await whileNoOtherCycleRuns(pool(), () => whileNoOtherCycleRuns(pool(), async () => 'second holder'));
    expect(nested).toBeNull();
    expect(await whileNoOtherCycleRuns(pool(), async () => 'free again')).toBe('free again');
    if (process.env.TEST_DATABASE_URL) {
      // On a PostgreSQL server, a cycle in another database (another deployment) holds another lock.
      const elsewhere = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await elsewhere.connect();
      try {
        await elsewhere.query('SELECT pg_advisory_lock($1)', [LOCKS.ingestionCycle]);
        expect(await whileNoOtherCycleRuns(pool(), async () => 'not blocked')).toBe('not blocked');
      } finally {
        await elsewhere.end();
      }
    }
  });

  it('a story the database refuses goes to the retry queue; the rest of the cycle is stored', async () => {
    const fetched = (await nextNewIds()).filter(isStory);
    const victim = fetched[3]!;
    // A database-side rule that refuses one row: what no normalisation can foresee.
    await pool().query(`CREATE FUNCTION refuse_one_story() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.hn_id = ${victim} THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`);
    await pool().query('CREATE TRIGGER refuse_one_story BEFORE INSERT OR UPDATE ON stories FOR EACH ROW EXECUTE FUNCTION refuse_one_story()');
    try {
      const report = await t.ingestion.runCycle('test');
      expect(report?.status).toBe('partial');
      const stored = await storedRows(fetched);
      expect(stored.has(victim)).toBe(false);
      expect(stored.size).toBe(fetched.length - 1);
      const pending = await pool().query<{ hn_id: number; last_error: string }>('SELECT hn_id, last_error FROM pending_items');
      expect(pending.rows).toEqual([{ hn_id: victim, last_error: expect.stringContaining('refused by the test') }]);
    } finally {
      await pool().query('DROP TRIGGER refuse_one_story ON stories');
      await pool().query('DROP FUNCTION refuse_one_story()');
    }
    expect((await t.ingestion.runCycle('test'))?.status).toBe('ok');
    expect((await storedRows([victim])).size).toBe(1);
    expect(await pendingIds()).toEqual([]);
  });

  it('an answer larger than its cap is refused unread: the item is queued for retry, the list left out, the rest stored', async () => {
    const fetched = (await nextNewIds()).filter(isStory);
    const victim = fetched[2]!;
    // Valid JSON (the real answer, then whitespace) streamed by the replay: only the size is wrong.
    replay.faults.set([
      { kind: 'oversize', bytes: 4 * MAX_ITEM_BYTES, match: `/v0/item/${victim}.json` },
      { kind: 'oversize', bytes: 2 * MAX_LIST_BYTES, match: '/v0/newstories.json' },
    ]);
    const report = await t.ingestion.runCycle('test');
    expect(report).toMatchObject({ status: 'partial', errors: 2 });
    const stored = await storedRows(fetched);
    expect(stored.has(victim)).toBe(false);
    expect(stored.size).toBe(fetched.length - 1);
    const pending = await pool().query<{ hn_id: number; last_error: string }>('SELECT hn_id, last_error FROM pending_items');
    expect(pending.rows).toEqual([{ hn_id: victim, last_error: expect.stringContaining(`larger than ${MAX_ITEM_BYTES} bytes`) }]);
    expect(replay.faults.list().map((fault) => fault.applied)).toEqual([1, 1]);

    replay.faults.clear();
    expect((await t.ingestion.runCycle('test'))?.status).toBe('ok');
    expect((await storedRows([victim])).size).toBe(1);
    expect(await pendingIds()).toEqual([]);
  });
});

describe('a crash never stops ingestion', () => {
  const POLL_SECONDS = 2;
  let database: ProcessDatabase;
  let env: Record<string, string>;
  let second: AppProcess | null = null;

  beforeAll(async () => {
    database = await createProcessDatabase('crash');
    env = { HN_API_URL: replay.url, HN_POLL_SECONDS: String(POLL_SECONDS), HN_CONCURRENCY: '2', HN_MAX_NEW_ITEMS: '100', ...database.env };
  });
  afterAll(async () => {
    await second?.stop('SIGTERM');
    await database?.close();
  });

  it('after kill -9 in the middle of a cycle, the restarted process reaps the dead cycle and job and ingests at once', async () => {
    // Slow items keep the first cycle running for many seconds, so the kill lands inside it.
    replay.faults.set([{ kind: 'latency', match: '/v0/item/', latencyMs: 300 }]);
    replay.resetRequests();
    const first = await startAppProcess(env);
    const deadline = Date.now() + 30_000;
    while (replay.requests().items < 10 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(replay.requests().items).toBeGreaterThanOrEqual(10);
    expect(await first.stop('SIGKILL')).toBeNull();

    const dead = await database.inspect(async (pool) => {
      const cycles = await pool.query<{ id: number; status: string }>('SELECT id, status FROM ingestion_cycles');
      const jobs = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'hn-ingest' AND state = 'active'`);
      return { cycles: cycles.rows, activeJobs: jobs.rows[0]!.n };
    });
    // What the kill leaves: a cycle `running` for ever and a job active until pg-boss expires it (10 minutes).
    expect(dead.cycles).toEqual([{ id: expect.any(Number), status: 'running' }]);
    expect(dead.activeJobs).toBe(1);

    replay.faults.clear();
    second = await startAppProcess(env);
    const restarted = Date.now();
    let finished = false;
    // Without reaping, the dead job would hold the queue for its 10-minute expiry. The bound is loose only for a
    // busy machine: the reap happens at start or at the next poll, and the cycle (100 items) takes seconds.
    while (!finished && Date.now() - restarted < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const metrics = await (await fetch(`${second.url}/metrics`)).text();
      finished = /hn_ingest_cycle_duration_seconds_count\{status="(ok|partial)"\} [1-9]/.test(metrics);
    }
    expect(finished, second.output()).toBe(true);
    expect(await second.stop('SIGTERM')).toBe(0);
    second = null;

    const after = await database.inspect(async (pool) => {
      const cycles = await pool.query<{ id: number; status: string; error: string | null }>('SELECT id, status, error FROM ingestion_cycles ORDER BY id');
      const jobs = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'hn-ingest' AND state = 'active'`);
      return { cycles: cycles.rows, activeJobs: jobs.rows[0]!.n };
    });
    expect(after.cycles[0]).toEqual({ id: dead.cycles[0]!.id, status: 'failed', error: expect.stringMatching(/^abandoned/) });
    expect(after.cycles.slice(1).map((cycle) => cycle.status)).toContain('ok');
    expect(after.cycles.filter((cycle) => cycle.status === 'running')).toEqual([]);
    expect(after.activeJobs).toBe(0);
  }, 120_000);
});
