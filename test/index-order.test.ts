import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

/**
 * A read that returns rows in descending order walks an index only if the index is in that order, nulls included:
 * `ORDER BY created_at DESC` means NULLS FIRST, so an index built `DESC NULLS LAST` (drizzle's `.desc()` alone)
 * cannot serve it, and the read sorts every matching row instead (migration 0019). Every descending index is built
 * `.desc().nullsFirst()`.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ DATABASE_POOL_SIZE: 1 });
}, 120_000);
afterAll(async () => t?.close());

describe('descending indexes', () => {
  it('put nulls first, as ORDER BY ... DESC does, so the reads they serve can walk them', async () => {
    const indexes = await t.database.pool.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'`,
    );
    const descending = indexes.rows.filter((index) => index.indexdef.includes(' DESC'));
    expect(descending.length).toBeGreaterThan(10);
    expect(descending.filter((index) => index.indexdef.includes('DESC NULLS LAST')).map((index) => index.indexname)).toEqual([]);
  });

  it('serve the newest-first reads in order: the audit log reads its page from its index, with no sort', async () => {
    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN');
      // On a table this small any plan is cheap; with scans and sorts priced out, a sort left in the plan is one the
      // index could not avoid.
      await client.query('SET LOCAL enable_seqscan = off');
      await client.query('SET LOCAL enable_sort = off');
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        'EXPLAIN SELECT id FROM admin_logs ORDER BY created_at DESC, id DESC LIMIT 20 OFFSET 40',
      );
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toContain('admin_logs_created_idx');
      expect(text).not.toMatch(/\bSort\b/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
