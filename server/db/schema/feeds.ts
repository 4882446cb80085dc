import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A person's feed token (docs/feeds.md, "Private feeds"): the secret in the addresses of their private feeds. Only
 * its SHA-256 is kept, so the table's rows open no feed; one per person, replaced when renewed, deleted when revoked.
 */
export const feedTokens = pgTable(
  'feed_tokens',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('feed_tokens_token_hash_idx').on(table.tokenHash)],
);
