import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { LOCKS, withAdvisoryLock } from './locks.ts';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the committed SQL migrations under an advisory lock, so instances starting together don't race. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  await withAdvisoryLock(pool, LOCKS.migrations, (client) => migrate(drizzle(client), { migrationsFolder }));
}

let committedMigrations: number | null = null;

/** True when every committed migration has been applied (for /readyz). */
export async function migrationsApplied(pool: pg.Pool): Promise<boolean> {
  // The files do not change while the process runs; read them once.
  committedMigrations ??= readMigrationFiles({ migrationsFolder }).length;
  const expected = committedMigrations;
  try {
    const result = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations');
    return (result.rows[0]?.count ?? 0) >= expected;
  } catch {
    return false;
  }
}
