import type pg from 'pg';

/** Arbitrary constants shared by every instance, one per piece of work that must not run twice at once. */
export const LOCKS = { migrations: 727_001, ingestionCycle: 727_002, jobsSetup: 727_003, keywordWindows: 727_004, personCaps: 727_005 } as const;

/**
 * Runs `work` while holding a session advisory lock, so instances starting together take turns. Waiting for the
 * lock, and the work done on this connection (migrations), may rightly take longer than a request's statement timeout.
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, key: number, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    try {
      return await work(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key]);
      // Back to the connection's own setting (DATABASE_STATEMENT_TIMEOUT_MS) before it serves requests again.
      await client.query('RESET statement_timeout');
    }
  } finally {
    client.release();
  }
}
