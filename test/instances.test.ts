import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayServer } from '../tools/hn-replay/index.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { startAppProcess, type AppProcess } from './support/process.ts';
import { startTestReplay } from './support/replay.ts';

/**
 * Two instances of the app on one database (the PostgreSQL server, or the embedded database's socket shared
 * by both): every ingestion cycle runs once, and both serve the same data.
 */
const POLL_SECONDS = 3;
let replay: ReplayServer;
let database: TestDatabase;
const apps: AppProcess[] = [];

beforeAll(async () => {
  replay = await startTestReplay();
  replay.clock.resume();
  database = await createTestDatabase();
  const env = { DATABASE_URL: database.url, HN_API_URL: replay.url, HN_POLL_SECONDS: String(POLL_SECONDS), HN_MAX_NEW_ITEMS: '5000' };
  apps.push(...(await Promise.all([startAppProcess(env), startAppProcess(env)])));
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop('SIGTERM')));
  await replay?.close();
  await database?.close();
});

describe('two instances on one database', () => {
  it('run each ingestion cycle once and serve the same data', async () => {
    const finishedCycles = async () =>
      (
        await database.database.pool.query<{ id: number; instance: string; started_at: Date; finished_at: Date | null }>(
          `SELECT id, instance, started_at, finished_at FROM ingestion_cycles WHERE finished_at IS NOT NULL ORDER BY started_at`,
        )
      ).rows;
    // At least five intervals, and until three cycles have finished (the first, fetching every item, takes longest).
    const deadline = Date.now() + 60_000;
    await new Promise((resolve) => setTimeout(resolve, 5 * POLL_SECONDS * 1000));
    let cycles = await finishedCycles();
    while (cycles.length < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      cycles = await finishedCycles();
    }
    expect(cycles.length).toBeGreaterThanOrEqual(3);
    // Never two cycles at once: each starts after the previous one finished.
    for (let i = 1; i < cycles.length; i++) {
      expect(cycles[i]!.started_at.getTime()).toBeGreaterThanOrEqual(cycles[i - 1]!.finished_at!.getTime());
    }
    // Once per interval, not once per instance per interval (plus the one each start asks for).
    const spanSeconds = (cycles.at(-1)!.started_at.getTime() - cycles[0]!.started_at.getTime()) / 1000;
    expect(cycles.length).toBeLessThanOrEqual(Math.floor(spanSeconds / POLL_SECONDS) + 3);

    const pages = await Promise.all(
      apps.map(async (app) => (await fetch(`${app.url}/api/stories/top?limit=100`)).json() as Promise<{ stories: { hnId: number; score: number }[]; totalCount: number }>),
    );
    // Caches may be up to one cycle apart; compare after both have seen the same newest cycle.
    expect(pages[0]!.totalCount).toBeGreaterThan(100);
    const ids = pages.map((page) => page.stories.map((story) => story.hnId));
    expect(ids[0]!.slice(0, 20)).toEqual(ids[1]!.slice(0, 20));
  }, 120_000);
});
