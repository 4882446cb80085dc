import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded.ts';

describe('the embedded database under concurrent connections', () => {
  let dataDir: string;
  let db: EmbeddedDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'session-server-'));
    db = await startEmbeddedDatabase(dataDir, { idleInTransactionTimeoutMs: 10_000, sharedBuffersMb: 48 });
    pool = new pg.Pool({ connectionString: db.connectionString, max: 10 });
    await pool.query('CREATE TABLE entries (id serial PRIMARY KEY, n int NOT NULL, label text NOT NULL)');
  });

  afterAll(async () => {
    await pool.end();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts with the page cache it was given', async () => {
    const { rows } = await pool.query<{ shared_buffers: string }>('SHOW shared_buffers');
    expect(rows[0]!.shared_buffers).toBe('48MB');
  });

  it('answers an exchange whose error skips the rest of it, then the next one', async () => {
    // Parse fails, so PostgreSQL skips Bind and Execute up to Sync; the connection is usable again after it.
    await expect(pool.query('SELECT no_such_column FROM entries WHERE n = $1', [1])).rejects.toThrow(/no_such_column/);
    const { rows } = await pool.query<{ one: number }>('SELECT $1::int AS one', [1]);
    expect(rows[0]!.one).toBe(1);
  });

  it('keeps each query and each transaction whole when many connections use it at once', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 300 }, async (_, i) => {
        if (i % 3 === 0) {
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            await client.query('INSERT INTO entries (n, label) VALUES ($1, $2)', [i, `entry ${i}`]);
            const { rows } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM entries WHERE n = $1', [i]);
            await client.query('COMMIT');
            return rows[0]!.count === 1;
          } finally {
            client.release();
          }
        }
        // Statements with different numbers of parameters: interleaved, one's Bind would meet the other's Parse.
        const { rows } = i % 2 ? await pool.query('SELECT $1::int + $2::int AS v', [i, 1]) : await pool.query('SELECT $1::int AS v', [i]);
        return rows[0].v === (i % 2 ? i + 1 : i);
      }),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(results.every((result) => result.status === 'fulfilled' && result.value)).toBe(true);
    expect((await pool.query('SELECT count(*)::int AS count FROM entries')).rows[0].count).toBe(100);
  });

  it('rolls back the transaction of a connection that goes away in the middle of it', async () => {
    const client = new pg.Client({ connectionString: db.connectionString });
    await client.connect();
    client.on('error', () => undefined);
    await client.query('BEGIN');
    await client.query("INSERT INTO entries (n, label) VALUES (-1, 'abandoned')");
    // Gone without COMMIT: another connection must get the session, outside that transaction.
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    const { rows } = await pool.query("SELECT count(*)::int AS count FROM entries WHERE label = 'abandoned'");
    expect(rows[0].count).toBe(0);
    await pool.query("INSERT INTO entries (n, label) VALUES (-2, 'after')");
    expect((await pool.query("SELECT count(*)::int AS count FROM entries WHERE label = 'after'")).rows[0].count).toBe(1);
  });

  it("keeps each connection's prepared statements its own, and drops them when it closes", async () => {
    const prepared = async (): Promise<number> => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]!.n;
    const before = await prepared();
    const first = new pg.Client({ connectionString: db.connectionString });
    const second = new pg.Client({ connectionString: db.connectionString });
    await Promise.all([first.connect(), second.connect()]);
    // The same name for two statements, as two PostgreSQL connections may have: each gets its own, used in turns.
    const use = async (client: pg.Client, text: string): Promise<string[]> => {
      const values: string[] = [];
      for (let i = 0; i < 20; i++) values.push((await client.query<{ v: string }>({ name: 'shared-name', text, values: [i] })).rows[0]!.v);
      return values;
    };
    const [firsts, seconds] = await Promise.all([use(first, "SELECT 'first ' || $1::text AS v"), use(second, "SELECT 'second ' || ($1::int * 2)::text AS v")]);
    expect(firsts).toEqual(Array.from({ length: 20 }, (_, i) => `first ${i}`));
    expect(seconds).toEqual(Array.from({ length: 20 }, (_, i) => `second ${i * 2}`));
    expect(await prepared()).toBe(before + 2);
    await first.end();
    await second.end();
    await expect.poll(prepared).toBe(before);
  });
});
