import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../server/db/index.ts';
import type { ReplayServer } from '../tools/hn-replay/index.ts';
import { createTestDatabase, embeddedDataDir, type TestDatabase } from './support/database.ts';
import { startAppProcess, type AppProcess } from './support/process.ts';
import { startTestReplay } from './support/replay.ts';
import { onServer } from './support/server-sql.ts';

/**
 * The database goes away in the middle of an ingestion cycle and its job, and comes back: the process lives
 * through it, says it is not ready while it lasts, answers requests 503, and by itself finishes the job and runs
 * a cycle once the database is back. On PostgreSQL the database stops taking connections and its sessions are
 * ended; on the embedded database (served by this process on its socket, as to a second instance) the database
 * is closed and opened again on its folder.
 */
interface OutageDatabase {
  url: string;
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  takeAway(): Promise<void>;
  bringBack(): Promise<void>;
  close(): Promise<void>;
}

async function postgresDatabase(serverUrl: string): Promise<OutageDatabase> {
  const database: TestDatabase = await createTestDatabase({ DATABASE_POOL_SIZE: 2 });
  const name = new URL(database.url).pathname.slice(1);
  const admin = (text: string) => onServer(serverUrl, text);
  return {
    url: database.url,
    query: async (text, values) => (await database.database.pool.query(text, values)).rows,
    takeAway: async () => {
      await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
    },
    bringBack: () => admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`),
    close: () => database.close(),
  };
}

async function embeddedDatabase(): Promise<OutageDatabase> {
  const dataDir = await embeddedDataDir('hn-outage-');
  const open = (): Promise<Database> => openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined, DATABASE_POOL_SIZE: 2 });
  let database: Database | null = await open();
  return {
    url: database.connectionString,
    query: async (text, values) => (await database!.pool.query(text, values)).rows,
    takeAway: async () => {
      await database!.close();
      database = null;
    },
    bringBack: async () => {
      database = await open();
    },
    close: async () => {
      await database?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` until it is true; fails with `what` after the deadline. */
async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const status = async (url: string): Promise<number> => (await fetch(url)).status;

let replay: ReplayServer;
let database: OutageDatabase;
let app: AppProcess | null = null;

beforeAll(async () => {
  replay = await startTestReplay();
  const serverUrl = process.env.TEST_DATABASE_URL;
  database = serverUrl ? await postgresDatabase(serverUrl) : await embeddedDatabase();
});
afterAll(async () => {
  await app?.stop('SIGKILL');
  await replay?.close();
  await database?.close();
});

describe('a database outage in the middle of a cycle', () => {
  it('is lived through, reported by /readyz, and the jobs and the ingestion resume by themselves', async () => {
    // Slow items keep the first cycle fetching (its job active, the cycle lock held) when the database goes.
    replay.faults.set([{ kind: 'latency', match: '/v0/item/', latencyMs: 100 }]);
    app = await startAppProcess({
      DATABASE_URL: database.url,
      HN_API_URL: replay.url,
      HN_CONCURRENCY: '4',
      HN_MAX_NEW_ITEMS: '300',
      // No scheduled cycle within the test: the one after the outage is the process's own doing.
      HN_POLL_SECONDS: '3600',
      DATABASE_POOL_TIMEOUT_MS: '1000',
    });
    const running = app;
    const alive = (): boolean => running.child.exitCode === null && running.child.signalCode === null;
    await until('the first cycle fetches', () => replay.requests().items >= 20, 20_000);

    await database.takeAway();
    await until('/readyz says not ready', async () => (await status(`${running.url}/readyz`)) === 503, 10_000);
    // A request that needs the database is told to come back, not that something broke.
    expect(await status(`${running.url}/api/announcements`)).toBe(503);
    // The cycle goes on to store what it fetched, into the missing database, and fails; then its job cannot be
    // recorded. The outage lasts a while longer, the process living through it.
    replay.faults.clear();
    await until('the cycle meets the outage', () => running.output().includes('"msg":"ingestion cycle failed"') || !alive(), 30_000);
    const outageEnds = Date.now() + 3000;
    await until('the outage has lasted', () => Date.now() > outageEnds || !alive(), 5000);
    expect(alive(), running.output()).toBe(true);
    expect(await status(`${running.url}/readyz`)).toBe(503);
    expect(await status(`${running.url}/healthz`)).toBe(200);
    // By now no connection is left: the request's own connection is refused, which is the outage too.
    expect(await status(`${running.url}/api/announcements`)).toBe(503);

    await database.bringBack();
    const back = Date.now();
    await until('/readyz says ready', async () => (await status(`${running.url}/readyz`)) === 200, 10_000);
    // Within 30 s of the database's return a cycle has run to its end, without anyone asking.
    await until(
      'a cycle finishes after the outage',
      async () =>
        (
          await database.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM ingestion_cycles
              WHERE status IN ('ok', 'partial') AND reason = 'database back' AND started_at >= $1`,
            [new Date(back - 1000)],
          )
        )[0]!.n > 0,
      30_000,
    );
    expect(alive(), running.output()).toBe(true);
    // The job the outage interrupted was recorded (failed), not left active to block the queue.
    const stuck = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'hn-ingest' AND state = 'active' AND started_on < now() - interval '30 seconds'`,
    );
    expect(stuck[0]!.n).toBe(0);
    const interrupted = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ingestion_cycles WHERE status = 'running' AND started_at < $1`, [
      new Date(back),
    ]);
    expect(interrupted[0]!.n).toBe(0);

    expect(await app.stop('SIGTERM')).toBe(0);
    app = null;
  }, 120_000);
});
