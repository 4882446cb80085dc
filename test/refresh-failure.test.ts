import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HN_UNREACHABLE } from '../server/hn/ingest.ts';
import { FreshnessService } from '../server/modules/freshness/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';

// Modules: freshness, stories

/**
 * A refresh whose cycle fails says so: the test app's Hacker News address (port 9) answers nobody, so every list
 * fails, and neither the refresh that ran the cycle nor one that joins it may claim the stories were refreshed.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t?.close());

const FAILED = 'Refresh failed: Hacker News could not be reached. Showing the stories we have.';

describe('POST /api/stories/refresh when Hacker News cannot be reached', () => {
  it('reports the failure in its message and as not refreshed, also to a refresh that joins the failed cycle', async () => {
    const first = await t.app.server.inject({ method: 'POST', url: '/api/stories/refresh' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ refreshed: false, message: FAILED, cycle: { status: 'failed' } });

    const joined = await t.app.server.inject({ method: 'POST', url: '/api/stories/refresh' });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ refreshed: false, message: FAILED, cycle: { id: first.json().cycle.id, status: 'failed' } });
  });
});

describe('GET /api/stories/freshness: how old the data is, and since when Hacker News is unreachable', () => {
  const seconds = (text: string) => Date.parse(text) / 1000;
  const cycle = (startedAt: string, status: 'ok' | 'partial' | 'failed' | 'running', error: string | null = null) =>
    t.db.database.pool.query(
      `INSERT INTO ingestion_cycles (reason, instance, started_at, finished_at, status, error)
       VALUES ('test', 'test', $1::timestamptz, CASE WHEN $2 = 'running' THEN NULL ELSE $1::timestamptz + interval '10 seconds' END, $2, $3)`,
      [startedAt, status, error],
    );
  const read = () => new FreshnessService(t.db.database.pool, 0).current();

  it('after the failed refresh above: unreachable since that cycle began, and no data yet', async () => {
    const response = await t.app.server.inject({ url: '/api/stories/freshness' });
    expect(response.statusCode).toBe(200);
    const started = await t.db.database.pool.query<{ started_at: Date }>(`SELECT started_at FROM ingestion_cycles ORDER BY id LIMIT 1`);
    expect(response.json()).toEqual({ asOf: null, unreachableSince: Math.floor(started.rows[0]!.started_at.getTime() / 1000) });
  });

  it('reads the end of the last good cycle, and the first unreachable one after it while none succeeded since', async () => {
    await t.db.database.pool.query('DELETE FROM ingestion_cycles');
    expect(await read()).toEqual({ asOf: null, unreachableSince: null });
    await cycle('2026-11-29T10:00:00Z', 'ok');
    await cycle('2026-11-29T10:01:00Z', 'partial');
    expect(await read()).toEqual({ asOf: seconds('2026-11-29T10:01:10Z'), unreachableSince: null });
    await cycle('2026-11-29T10:02:00Z', 'failed', HN_UNREACHABLE);
    await cycle('2026-11-29T10:03:00Z', 'failed', HN_UNREACHABLE);
    await cycle('2026-11-29T10:04:00Z', 'running');
    expect(await read()).toEqual({ asOf: seconds('2026-11-29T10:01:10Z'), unreachableSince: seconds('2026-11-29T10:02:00Z') });
    await cycle('2026-11-29T10:05:00Z', 'ok');
    expect(await read()).toEqual({ asOf: seconds('2026-11-29T10:05:10Z'), unreachableSince: null });
    // A cycle that failed for another reason (the database) only lets the data age.
    await cycle('2026-11-29T10:06:00Z', 'failed', 'Connection terminated unexpectedly');
    expect(await read()).toEqual({ asOf: seconds('2026-11-29T10:05:10Z'), unreachableSince: null });
  });
});
