import { sql } from 'drizzle-orm';
import { bigserial, date, doublePrecision, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { stories } from './stories.ts';

/**
 * Every email, written here before it is sent (docs/email.md). The idempotency key makes queueing the same email
 * twice a no-op; status moves pending -> sending -> sent, or -> failed / skipped with the reason. `send_after` holds
 * an email due inside the person's quiet hours until they end; `next_attempt_at` spaces retries.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    textBody: text('text_body').notNull(),
    headers: jsonb('headers').notNull().default({}),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    attempts: smallint('attempts').notNull().default(0),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    messageId: text('message_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    opens: integer('opens').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
  },
  (table) => [
    uniqueIndex('email_outbox_key_idx').on(table.idempotencyKey),
    // The open pixel and tracked links name an email by its Message-ID.
    uniqueIndex('email_outbox_message_idx').on(table.messageId),
    // The mail job reads due email in order; only unfinished rows are in this index.
    index('email_outbox_due_idx').on(table.sendAfter, table.id).where(sql`${table.status} IN ('pending', 'sending')`),
    index('email_outbox_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('email_outbox_user_kind_idx').on(table.userId, table.kind, table.createdAt),
    // A person's email still waiting to go: shown in their preferences, re-planned when their quiet hours or zone change.
    index('email_outbox_pending_user_idx').on(table.userId, table.sendAfter).where(sql`${table.status} = 'pending'`),
    // Finished emails that still hold their bodies: what the old-email-bodies maintenance task clears, oldest first.
    index('email_outbox_bodies_idx').on(table.createdAt).where(sql`${table.html} <> '' AND ${table.status} IN ('sent', 'failed', 'skipped')`),
  ],
);

/** Stories that turned viral and were announced to people with trending alerts on: each story once. */
export const trendingAlertStories = pgTable('trending_alert_stories', {
  storyId: integer('story_id')
    .primaryKey()
    .references(() => stories.id, { onDelete: 'cascade' }),
  alertedAt: timestamp('alerted_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Stories the model predicted to trend, announced to people with prediction alerts on: each story once. */
export const predictionAlertStories = pgTable('prediction_alert_stories', {
  storyId: integer('story_id')
    .primaryKey()
    .references(() => stories.id, { onDelete: 'cascade' }),
  probability: doublePrecision('probability').notNull(),
  alertedAt: timestamp('alerted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Alerts waiting for a person's next bundled email (a non-immediate frequency or digest mode): a trending story,
 * a keyword firing, a watch change. Rows are deleted when their email is queued.
 */
export const emailPendingItems = pgTable(
  'email_pending_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_pending_items_user_kind_idx').on(table.userId, table.kind, table.id)],
);

/** The admin's own top and bottom content for one week's Sunday digest (week_of is that Sunday). */
export const digestCustomContent = pgTable('digest_custom_content', {
  weekOf: date('week_of', { mode: 'string' }).primaryKey(),
  topContent: text('top_content').notNull().default(''),
  topContentStyle: text('top_content_style').notNull().default('default'),
  bottomContent: text('bottom_content').notNull().default(''),
  bottomContentStyle: text('bottom_content_style').notNull().default('default'),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each week's Sunday newsletter: when its queueing finished (the schedule queues it once) and how many times an
 * admin forced it again (each forced run has its own idempotency keys).
 */
export const digestRuns = pgTable('digest_runs', {
  weekOf: date('week_of', { mode: 'string' }).primaryKey(),
  forcedRuns: integer('forced_runs').notNull().default(0),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  queued: integer('queued').notNull().default(0),
});
