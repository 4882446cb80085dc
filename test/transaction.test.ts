import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../server/db/transaction.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

/** The one transaction helper every multi-statement write goes through, on a real database. */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.pool.query('CREATE TABLE transaction_probe (n int)');
}, 120_000);
afterAll(async () => t?.close());

const pool = () => t.database.pool;
const rows = async () => (await pool().query<{ n: number }>('SELECT n FROM transaction_probe ORDER BY n')).rows.map((row) => row.n);

describe('withTransaction', () => {
  it('commits what the work wrote and returns its answer', async () => {
    const answer = await withTransaction(pool(), async (client) => {
      await client.query('INSERT INTO transaction_probe VALUES (1), (2)');
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await rows()).toEqual([1, 2]);
  });

  it('rolls back everything the work wrote when it throws, and throws the same error', async () => {
    const failure = new Error('the work failed');
    await expect(
      withTransaction(pool(), async (client) => {
        await client.query('INSERT INTO transaction_probe VALUES (3)');
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await rows()).toEqual([1, 2]);
  });

  it('gives its connection back either way, outside a transaction', async () => {
    for (let round = 0; round < 20; round++) {
      await withTransaction(pool(), async () => undefined);
      await withTransaction(pool(), async () => Promise.reject(new Error('no'))).catch(() => undefined);
    }
    const inTransaction = await pool().query<{ open: boolean }>("SELECT now() <> statement_timestamp() AS open");
    expect(inTransaction.rows[0]!.open).toBe(false);
    expect(pool().totalCount - pool().idleCount).toBe(0);
  });
});
