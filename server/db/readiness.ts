import type pg from 'pg';
import { isDatabaseTimeout } from './index.ts';
import { migrationsApplied } from './migrate.ts';

export interface DatabaseReadiness {
  database: boolean;
  migrations: boolean;
  /** Why the process cannot serve, when it cannot. */
  reason?: string;
}

/**
 * Whether the pool can serve requests now: not when every connection is taken and requests already queue for
 * one (they will wait out DATABASE_POOL_TIMEOUT_MS and fail), and not when a query does not come back.
 */
export async function databaseReadiness(pool: pg.Pool): Promise<DatabaseReadiness> {
  if (pool.waitingCount > 0 && pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? Infinity)) {
    return { database: false, migrations: false, reason: `every database connection is in use and ${pool.waitingCount} requests wait for one` };
  }
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    return { database: false, migrations: false, reason: isDatabaseTimeout(error) ? 'the database did not answer in time' : 'the database cannot be reached' };
  }
  const migrations = await migrationsApplied(pool);
  return migrations ? { database: true, migrations } : { database: true, migrations, reason: 'the database migrations are not applied' };
}
