import PgBoss from 'pg-boss';
import type pg from 'pg';

/** The schema pg-boss keeps its tables in. */
export const BOSS_SCHEMA = 'pgboss';

/** pg-boss over the app's own pool: one set of connections, and it works the same on the embedded database. */
export function createBoss(pool: pg.Pool): PgBoss {
  return new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
    schema: BOSS_SCHEMA,
    // Finished jobs are only kept for a day; the ingestion_cycles table is the lasting record.
    deleteAfterDays: 1,
    retentionDays: 1,
    monitorStateIntervalSeconds: 60,
  });
}
