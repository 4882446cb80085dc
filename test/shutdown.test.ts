import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayServer } from '../tools/hn-replay/index.ts';
import { createProcessDatabase, startAppProcess, type ProcessDatabase } from './support/process.ts';
import { startTestReplay } from './support/replay.ts';

/**
 * SIGTERM in the middle of an ingestion cycle: the process stops cleanly, what was fetched is stored, what
 * was not is queued for retry, and the next start is healthy and catches up.
 */
let replay: ReplayServer;
let database: ProcessDatabase;
let env: Record<string, string>;

beforeAll(async () => {
  replay = await startTestReplay();
  database = await createProcessDatabase('shutdown');
  env = { HN_API_URL: replay.url, HN_CONCURRENCY: '4', HN_MAX_NEW_ITEMS: '5000', ...database.env };
});
afterAll(async () => {
  await replay?.close();
  await database?.close();
});

describe('stopping in the middle of a cycle', () => {
  it('SIGTERM stops cleanly; data is intact; the next start is healthy and catches up', async () => {
    // Slow items make the first cycle take many seconds, so the signal lands inside it.
    replay.faults.set([{ kind: 'latency', match: '/v0/item/', latencyMs: 100 }]);
    const first = await startAppProcess(env);
    const deadline = Date.now() + 20_000;
    while (replay.requests().items < 40 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(replay.requests().items).toBeGreaterThanOrEqual(40);
    const code = await first.stop('SIGTERM');
    expect(code, first.output()).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');

    const afterStop = await database.inspect(async (pool) => {
      const cycles = await pool.query<{ status: string; finished_at: Date | null }>('SELECT status, finished_at FROM ingestion_cycles');
      const counts = await pool.query<{ stories: number; pending: number; orphans: number }>(
        `SELECT (SELECT count(*)::int FROM stories) AS stories,
                (SELECT count(*)::int FROM pending_items) AS pending,
                (SELECT count(*)::int FROM stories s WHERE NOT EXISTS (SELECT 1 FROM story_snapshots p WHERE p.story_id = s.id)) AS orphans`,
      );
      return { cycles: cycles.rows, ...counts.rows[0]! };
    });
    // The interrupted cycle finished its bookkeeping: stored what it fetched, queued the rest.
    expect(afterStop.cycles).toHaveLength(1);
    expect(afterStop.cycles[0]!.finished_at).not.toBeNull();
    expect(afterStop.cycles[0]!.status).toBe('partial');
    expect(afterStop.stories).toBeGreaterThan(0);
    expect(afterStop.pending).toBeGreaterThan(0);
    expect(afterStop.orphans).toBe(0);

    replay.faults.clear();
    const second = await startAppProcess(env);
    try {
      const catchUpDeadline = Date.now() + 30_000;
      let pending = afterStop.pending;
      while (pending > 0 && Date.now() < catchUpDeadline) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        const metrics = await (await fetch(`${second.url}/metrics`)).text();
        if (/hn_ingest_cycle_duration_seconds_count\{status="ok"\} [1-9]/.test(metrics)) pending = 0;
      }
      expect(pending).toBe(0);
      const page = (await (await fetch(`${second.url}/api/stories/top?limit=5`)).json()) as { totalCount: number };
      expect(page.totalCount).toBeGreaterThan(afterStop.stories);
    } finally {
      expect(await second.stop('SIGTERM')).toBe(0);
    }
    const final = await database.inspect(async (pool) => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pending_items')).rows[0]!.n);
    expect(final).toBe(0);
  }, 90_000);
});
