import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Site-wide settings edited by admins (maintenance_mode and feature flags), one JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  category: text('category').notNull().default('features'),
  description: text('description').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
