import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../../server/db/embedded.ts';
import { isDatabaseTimeout } from '../../server/db/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/** The socket under a `pg` client, to stop and restart reading from it. */
const streamOf = (client: pg.Client): NodeJS.ReadableStream => (client as unknown as { connection: { stream: NodeJS.ReadableStream } }).connection.stream;

describe('the embedded database keeps every reply whole and to its own connection', () => {
  let dataDir: string;
  let embedded: EmbeddedDatabase;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'security-database-'));
    embedded = await startEmbeddedDatabase(dataDir, { idleInTransactionTimeoutMs: 10_000 });
  });

  afterAll(async () => {
    await embedded.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers large results on many connections at once byte for byte, while the clients read slowly', async () => {
    const connections = 12;
    // 32 hex characters repeated: about 400 KB per reply, more than a socket buffer holds, so writes queue up.
    const repeats = 12_500;
    const clients = await Promise.all(
      Array.from({ length: connections }, async () => {
        const client = new pg.Client({ connectionString: embedded.connectionString });
        await client.connect();
        return client;
      }),
    );
    try {
      // Nobody reads until every query has been answered, so each reply waits in the server's write queue
      // while the session goes on to produce the other connections' replies.
      for (const client of clients) streamOf(client).pause();
      const replies = clients.map((client, i) =>
        client.query<{ v: string }>('SELECT repeat(md5($1::text), $2::int) AS v', [`connection ${i}`, repeats]),
      );
      await sleep(500);
      for (const client of clients) streamOf(client).resume();
      const values = (await Promise.all(replies)).map((result) => result.rows[0]!.v);
      values.forEach((value, i) => {
        const expected = createHash('md5').update(`connection ${i}`).digest('hex').repeat(repeats);
        expect(value.length).toBe(expected.length);
        // Comparing whole strings of 400 KB makes an unreadable failure; the first differing position says enough.
        expect(firstDifference(value, expected), `connection ${i}`).toBe(-1);
      });
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });
});

describe('no request can hold the database forever', () => {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  const poolSize = 3;
  let t: TestApp;
  // The announcements are read from the database on every request (story lists are answered from memory).
  const databaseRead = () => t.app.server.inject({ method: 'GET', url: '/api/announcements' });
  const get = (url: string) => t.app.server.inject({ method: 'GET', url });
  const busy = { message: 'The service is busy. Please try again in a moment.' };

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        DATABASE_POOL_SIZE: String(poolSize),
        // Shorter than the pool timeout: a request behind an idle transaction still gets its answer.
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '300',
        DATABASE_POOL_TIMEOUT_MS: '1000',
        DATABASE_STATEMENT_TIMEOUT_MS: '1000',
      },
    });
  });

  afterAll(async () => {
    await t.close();
  });

  it.runIf(onPostgres)('cancels a statement that runs past the statement timeout; its request answers 503 and the others answer', async () => {
    await expect(t.db.database.pool.query('SELECT pg_sleep(30)')).rejects.toMatchObject({ code: '57014' });

    // A table locked by someone outside the app's pool: the request reading it waits, then is cancelled.
    const locker = new pg.Client({ connectionString: t.db.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE announcements IN ACCESS EXCLUSIVE MODE');
      const stuck = databaseRead();
      expect((await get('/healthz')).statusCode).toBe(200);
      expect((await get('/readyz')).statusCode).toBe(200);
      const answer = await stuck;
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual(busy);
    } finally {
      await locker.end();
    }
    expect((await databaseRead()).statusCode).toBe(200);
  });

  it('ends a connection that stays idle inside its transaction, so the requests behind it go on', async () => {
    // Inside a transaction and then silent: on PostgreSQL its lock blocks readers of announcements; on the embedded
    // database it holds the one session every connection takes turns on.
    const stalled = await t.db.database.pool.connect();
    const ended = new Promise<Error>((resolve) => stalled.once('error', resolve));
    try {
      await stalled.query('BEGIN');
      await stalled.query('LOCK TABLE announcements IN ACCESS EXCLUSIVE MODE');
      const behind = databaseRead();
      expect((await get('/healthz')).statusCode).toBe(200);
      expect(await ended).toMatchObject({ code: '25P03' });
      expect((await behind).statusCode).toBe(200);
      await expect(stalled.query('SELECT 1')).rejects.toThrow();
    } finally {
      stalled.release(true);
    }
    expect((await databaseRead()).statusCode).toBe(200);
  });

  it('answers 503 within the pool timeout when every connection is taken, and /readyz says so until one is free', async () => {
    const taken = await Promise.all(Array.from({ length: poolSize }, () => t.db.database.pool.connect()));
    try {
      const answer = await databaseRead();
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual(busy);
      expect(answer.headers['retry-after']).toBeDefined();
      await expect(t.db.database.pool.query('SELECT 1')).rejects.toSatisfy(isDatabaseTimeout);

      const waiting = databaseRead();
      const readiness = await get('/readyz');
      expect(readiness.statusCode).toBe(503);
      expect(readiness.json()).toMatchObject({ status: 'not ready', database: false, reason: expect.any(String) });
      expect((await get('/healthz')).statusCode).toBe(200);
      expect((await waiting).statusCode).toBe(503);
    } finally {
      for (const client of taken) client.release();
    }
    expect((await get('/readyz')).statusCode).toBe(200);
    expect((await databaseRead()).statusCode).toBe(200);
  });
});

function firstDifference(actual: string, expected: string): number {
  for (let i = 0; i < Math.max(actual.length, expected.length); i++) if (actual[i] !== expected[i]) return i;
  return -1;
}
