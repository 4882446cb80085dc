import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant shared by every instance: only one of them applies migrations at a time. */
const MIGRATION_LOCK_KEY = 727_001;

/** Applies the committed SQL migrations under an advisory lock, so instances starting together don't race. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
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
