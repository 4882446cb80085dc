import { createHmac } from 'node:crypto';
import type pg from 'pg';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets (when not allowed). */
  retryAfterSeconds: number;
}

/** Expired rows one check removes at most: each check adds at most one row, so the table never grows past its live windows. */
const SWEEP_BATCH = 100;

/**
 * Fixed-window counters in PostgreSQL, for limits that must hold across instances (sign-in per account,
 * sign-up per address, the contact form, analytics events). One statement per check; used only on low-volume routes.
 *
 * Keys name addresses and accounts' emails, so only a keyed hash of each is stored (the secret stays on the server),
 * and a row is deleted once its window has passed: each check removes a few expired rows of other keys.
 */
export class DatabaseRateLimiter {
  constructor(
    private readonly pool: pg.Pool,
    private readonly secret: string,
  ) {}

  private stored(key: string): string {
    return createHmac('sha256', this.secret).update(key).digest('base64url');
  }

  async hit(key: string, windowSeconds: number, max: number): Promise<RateLimitResult> {
    const result = await this.pool.query<{ count: number; window_start: Date }>(
      `WITH swept AS (
         DELETE FROM rate_limits WHERE key IN (
           SELECT key FROM rate_limits WHERE expires_at < now() AND key <> $1 ORDER BY expires_at LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)
       )
       INSERT INTO rate_limits (key, window_start, count, expires_at) VALUES ($1, now(), 1, now() + make_interval(secs => $2))
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limits.expires_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
         window_start = CASE WHEN rate_limits.expires_at <= now() THEN now() ELSE rate_limits.window_start END,
         expires_at = CASE WHEN rate_limits.expires_at <= now() THEN excluded.expires_at ELSE rate_limits.expires_at END
       RETURNING count, window_start`,
      [this.stored(key), windowSeconds],
    );
    const row = result.rows[0]!;
    const resetsAt = row.window_start.getTime() + windowSeconds * 1000;
    return { allowed: row.count <= max, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - Date.now()) / 1000)) };
  }

  /** The count in a key's current window, without adding to it (0 when the window has passed). */
  async peek(key: string, windowSeconds: number): Promise<{ count: number; retryAfterSeconds: number }> {
    const result = await this.pool.query<{ count: number; window_start: Date }>(
      `SELECT count, window_start FROM rate_limits WHERE key = $1 AND expires_at > now()`,
      [this.stored(key)],
    );
    const row = result.rows[0];
    if (!row) return { count: 0, retryAfterSeconds: 0 };
    const resetsAt = row.window_start.getTime() + windowSeconds * 1000;
    return { count: row.count, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - Date.now()) / 1000)) };
  }
}

export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return retryAfterSeconds < 90
    ? `Too many requests. Please try again in ${retryAfterSeconds} seconds.`
    : `Too many requests. Please try again in ${minutes} minutes.`;
}
