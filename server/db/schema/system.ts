import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Secrets the product generates for itself on first start, shared by every instance. Never served. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window counters for the rate limits that must hold across instances (sign-in, sign-up, contact, analytics).
 * `key` is a keyed hash of what is counted (an address, an account's email), never the thing itself, and a row
 * goes once its window has passed (`expires_at`).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limits_expires_idx').on(table.expiresAt)],
);
