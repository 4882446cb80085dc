import type pg from 'pg';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets (when not allowed). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in PostgreSQL, for limits that must hold across instances (sign-in per account,
 * sign-up per address, the contact form). One upsert per check; used only on low-volume routes.
 */
export class DatabaseRateLimiter {
  constructor(private readonly pool: pg.Pool) {}

  async hit(key: string, windowSeconds: number, max: number): Promise<RateLimitResult> {
    const result = await this.pool.query<{ count: number; window_start: Date }>(
      `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now(), 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => $2) THEN 1 ELSE rate_limits.count + 1 END,
         window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => $2) THEN now() ELSE rate_limits.window_start END
       RETURNING count, window_start`,
      [key, windowSeconds],
    );
    const row = result.rows[0]!;
    const resetsAt = row.window_start.getTime() + windowSeconds * 1000;
    return { allowed: row.count <= max, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - Date.now()) / 1000)) };
  }

  /** The count in a key's current window, without adding to it (0 when the window has passed). */
  async peek(key: string, windowSeconds: number): Promise<{ count: number; retryAfterSeconds: number }> {
    const result = await this.pool.query<{ count: number; window_start: Date }>(
      `SELECT count, window_start FROM rate_limits WHERE key = $1 AND window_start >= now() - make_interval(secs => $2)`,
      [key, windowSeconds],
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
