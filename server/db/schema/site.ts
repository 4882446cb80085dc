import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Banners shown above the story list; managed by admins. `message` is sanitised HTML. */
export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  type: text('type').notNull().default('info'),
  isActive: boolean('is_active').notNull().default(true),
  isPersistent: boolean('is_persistent').notNull().default(false),
  startDate: timestamp('start_date', { withTimezone: true }),
  endDate: timestamp('end_date', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const announcementDismissals = pgTable(
  'announcement_dismissals',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.announcementId] })],
);

/** Messages sent through the contact form, kept for admins. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an admin marked the message handled, and who (docs/admin.md). */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);

/**
 * The administrators' audit log: one row per write a moderator or admin makes, appended in the same transaction as
 * the change. Append-only in the database itself (a trigger in migration 0006 refuses UPDATE, DELETE and TRUNCATE),
 * so no code path can rewrite history. `admin_user_id` has no foreign key: the entry outlives the account.
 */
export const adminLogs = pgTable(
  'admin_logs',
  {
    id: serial('id').primaryKey(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    adminUserId: text('admin_user_id').notNull(),
    details: jsonb('details').notNull().default({}),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('admin_logs_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('admin_logs_action_created_idx').on(table.action, table.createdAt.desc().nullsFirst()),
    index('admin_logs_admin_created_idx').on(table.adminUserId, table.createdAt.desc().nullsFirst()),
  ],
);
