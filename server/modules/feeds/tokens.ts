import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { FEED_TOKEN_PATTERN } from '#common/contracts/feeds.ts';

/** What is stored of a token: its SHA-256 (a token is 256 random bits, so no salt or slow hash is needed). */
export function feedTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A person's feed token (docs/feeds.md, "Private feeds"): made, renewed (the old one stops working) and revoked from
 * the preferences, never read back (only its hash is kept), and looked up by the private feeds.
 */
export class FeedTokensService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  async status(userId: string): Promise<{ createdAt: string } | null> {
    const result = await this.pool.query<{ created_at: Date }>('SELECT created_at FROM feed_tokens WHERE user_id = $1', [userId]);
    const row = result.rows[0];
    return row ? { createdAt: row.created_at.toISOString() } : null;
  }

  /** A new token, replacing the person's former one. */
  async renew(userId: string): Promise<{ token: string; createdAt: string }> {
    const token = randomBytes(32).toString('base64url');
    const createdAt = new Date(this.now());
    await this.pool.query(
      `INSERT INTO feed_tokens (user_id, token_hash, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at`,
      [userId, feedTokenHash(token), createdAt],
    );
    return { token, createdAt: createdAt.toISOString() };
  }

  /** Whether the person had a token (it no longer opens anything). */
  async revoke(userId: string): Promise<boolean> {
    const result = await this.pool.query('DELETE FROM feed_tokens WHERE user_id = $1', [userId]);
    return (result.rowCount ?? 0) > 0;
  }

  /** The person a token is theirs, or null for one that is not (unknown, revoked or renewed, or not a token at all). */
  async personOf(token: string): Promise<string | null> {
    if (!FEED_TOKEN_PATTERN.test(token)) return null;
    const result = await this.pool.query<{ user_id: string }>({
      name: 'feed-token-person',
      text: 'SELECT user_id FROM feed_tokens WHERE token_hash = $1',
      values: [feedTokenHash(token)],
    });
    return result.rows[0]?.user_id ?? null;
  }
}
