import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/**
 * A secret generated on first start and kept in the database, so every instance shares it and nothing has
 * to be configured. `AUTH_SECRET` overrides it.
 */
export async function loadOrCreateSecret(pool: pg.Pool, name: string): Promise<string> {
  await pool.query(`INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
    name,
    randomBytes(32).toString('base64url'),
  ]);
  const result = await pool.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
  return result.rows[0]!.value;
}
