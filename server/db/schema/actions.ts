import { sql } from 'drizzle-orm';
import { bigserial, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { stories } from './stories.ts';

/**
 * What people do with stories (docs/actions.md): bookmarks, watches, notes, flags, share links and analytics
 * events. Every row that belongs to a person goes when the account is deleted (on delete cascade).
 */

const userRef = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const storyRef = () =>
  integer('story_id')
    .notNull()
    .references(() => stories.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** The day (UTC) and the viewer's keyed hash, in the tables that count each viewer once a day. */
const viewerOfTheDay = () => ({ day: date('day', { mode: 'string' }).notNull(), viewer: text('viewer').notNull() });

/** One bookmark per person per story; the list is newest first. */
export const bookmarks = pgTable(
  'bookmarks',
  { id: serial('id').primaryKey(), userId: userRef(), storyId: storyRef(), createdAt: createdAt() },
  (table) => [
    uniqueIndex('bookmarks_user_story_idx').on(table.userId, table.storyId),
    index('bookmarks_user_created_idx').on(table.userId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('bookmarks_story_idx').on(table.storyId),
    // The admin's popular stories count a period's bookmarks.
    index('bookmarks_created_idx').on(table.createdAt),
  ],
);

/**
 * A person's watch of a story: the counts and status when it began (growth and statusChanged are measured from
 * them) and the status ingestion last saw (its changes are appended to watch_status_changes).
 */
export const storyWatches = pgTable(
  'story_watches',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    storyId: storyRef(),
    initialScore: integer('initial_score').notNull(),
    initialDescendants: integer('initial_descendants').notNull(),
    initialStatus: text('initial_status').notNull(),
    lastStatus: text('last_status').notNull(),
    lastStatusAt: timestamp('last_status_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('story_watches_user_story_idx').on(table.userId, table.storyId),
    index('story_watches_user_created_idx').on(table.userId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('story_watches_story_idx').on(table.storyId),
  ],
);

/** Status changes of watched stories, recorded by ingestion; the email issue sends them (notified_at). */
export const watchStatusChanges = pgTable(
  'watch_status_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    watchId: integer('watch_id')
      .notNull()
      .references(() => storyWatches.id, { onDelete: 'cascade' }),
    userId: userRef(),
    storyId: storyRef(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    index('watch_status_changes_watch_idx').on(table.watchId, table.changedAt),
    index('watch_status_changes_user_idx').on(table.userId),
    index('watch_status_changes_unnotified_idx').on(table.changedAt).where(sql`${table.notifiedAt} IS NULL`),
  ],
);

/** A person's private note on a story: one per person per story. */
export const storyNotes = pgTable(
  'story_notes',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    storyId: storyRef(),
    note: text('note').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('story_notes_user_story_idx').on(table.userId, table.storyId)],
);

/** Flags for the moderation queue. At most one pending flag per person per story (the partial unique index). */
export const contentFlags = pgTable(
  'content_flags',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    storyId: storyRef(),
    flagType: text('flag_type').notNull(),
    reason: text('reason'),
    status: text('status').notNull().default('pending'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('content_flags_pending_user_story_idx').on(table.userId, table.storyId).where(sql`${table.status} = 'pending'`),
    index('content_flags_user_story_idx').on(table.userId, table.storyId),
    index('content_flags_status_created_idx').on(table.status, table.createdAt),
    index('content_flags_story_idx').on(table.storyId),
  ],
);

/** Share links: an unguessable token, optional custom title and description, and view and click counts. */
export const sharedLinks = pgTable(
  'shared_links',
  {
    id: serial('id').primaryKey(),
    shareToken: text('share_token').notNull(),
    userId: userRef(),
    storyId: storyRef(),
    customTitle: text('custom_title'),
    customDescription: text('custom_description'),
    viewCount: integer('view_count').notNull().default(0),
    articleClicks: integer('article_clicks').notNull().default(0),
    commentsClicks: integer('comments_clicks').notNull().default(0),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('shared_links_token_idx').on(table.shareToken),
    index('shared_links_user_created_idx').on(table.userId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('shared_links_story_idx').on(table.storyId),
    // Shared-links analytics reads the links of a period, and today's.
    index('shared_links_created_idx').on(table.createdAt),
  ],
);

/** Each view and click of a share link, for the admin analytics. */
export const sharedLinkEvents = pgTable(
  'shared_link_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sharedLinkId: integer('shared_link_id')
      .notNull()
      .references(() => sharedLinks.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('shared_link_events_link_idx').on(table.sharedLinkId, table.createdAt),
    index('shared_link_events_created_idx').on(table.createdAt),
  ],
);

/**
 * Who has viewed a share link on which day (UTC): a view counts once per viewer per link per day, so reloading
 * cannot inflate a count. `viewer` is a keyed hash of the person, or of a visitor's network, and the day
 * (server/http/viewer.ts): it names no one and cannot be linked across days.
 */
export const sharedLinkDailyViews = pgTable(
  'shared_link_daily_views',
  {
    sharedLinkId: integer('shared_link_id')
      .notNull()
      .references(() => sharedLinks.id, { onDelete: 'cascade' }),
    ...viewerOfTheDay(),
  },
  (table) => [primaryKey({ columns: [table.sharedLinkId, table.day, table.viewer] }), index('shared_link_daily_views_day_idx').on(table.day)],
);

/** Who has clicked through a share link on which day (UTC), and to what: a click counts once per viewer, link, day and kind. */
export const sharedLinkDailyClicks = pgTable(
  'shared_link_daily_clicks',
  {
    sharedLinkId: integer('shared_link_id')
      .notNull()
      .references(() => sharedLinks.id, { onDelete: 'cascade' }),
    ...viewerOfTheDay(),
    clickType: text('click_type').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.sharedLinkId, table.day, table.viewer, table.clickType] }),
    index('shared_link_daily_clicks_day_idx').on(table.day),
  ],
);

/** Client analytics events (story_bookmark, story_view), for the admin analytics. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventType: text('event_type').notNull(),
    properties: jsonb('properties').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The story the event is about, when the client named one that exists. */
    storyId: integer('story_id').references(() => stories.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('analytics_events_type_created_idx').on(table.eventType, table.createdAt),
    index('analytics_events_user_idx').on(table.userId),
    // Retention deletes by age alone (the old-analytics maintenance task).
    index('analytics_events_created_idx').on(table.createdAt),
  ],
);

/**
 * Views, unique viewers and bookmarks of each story per hour, kept as events arrive: the admin's popular stories
 * of a period read one row per story and hour, however many events the period had.
 */
export const storyHourlyActivity = pgTable(
  'story_hourly_activity',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    views: integer('views').notNull().default(0),
    uniqueViews: integer('unique_views').notNull().default(0),
    bookmarks: integer('bookmarks').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.hour, table.storyId] })],
);

/**
 * Each story's views, unique viewers and bookmarks within each admin analytics period (1, 6, 24, 72 and 168 hours,
 * counted in whole hours): an event adds to its story's five rows, and hours that leave a period are taken off
 * again from the hourly activity (server/modules/analytics/windows.ts). The popular stories read the first rows of
 * a period from the ranking index, whatever the traffic.
 */
export const storyWindowActivity = pgTable(
  'story_window_activity',
  {
    timeframe: smallint('timeframe').notNull(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    views: integer('views').notNull().default(0),
    uniqueViews: integer('unique_views').notNull().default(0),
    bookmarks: integer('bookmarks').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.timeframe, table.storyId] }),
    index('story_window_activity_rank_idx').on(
      table.timeframe,
      table.views.desc().nullsFirst(),
      table.uniqueViews.desc().nullsFirst(),
      table.bookmarks.desc().nullsFirst(),
      table.storyId.desc().nullsFirst(),
    ),
  ],
);

/** Up to which hour each period's counts have had the hours that left it taken off. */
export const analyticsWindows = pgTable('analytics_windows', {
  timeframe: smallint('timeframe').primaryKey(),
  expiredBefore: timestamp('expired_before', { withTimezone: true }).notNull(),
});

/** Story views and bookmarks of every story together, per hour: the period's totals read a row per hour. */
export const analyticsHourly = pgTable('analytics_hourly', {
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
  views: integer('views').notNull().default(0),
  bookmarks: integer('bookmarks').notNull().default(0),
});

/**
 * Who has viewed a story on which day (UTC), to count each viewer once a day. `viewer` is a keyed hash of the person
 * (or a visitor's network) and the day: it names no one and cannot be linked across days. Rows are
 * needed only on their day; the old-analytics task deletes older ones.
 */
export const storyDailyViewers = pgTable(
  'story_daily_viewers',
  {
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    ...viewerOfTheDay(),
  },
  (table) => [primaryKey({ columns: [table.storyId, table.day, table.viewer] }), index('story_daily_viewers_day_idx').on(table.day)],
);

/**
 * Who sent which analytics event about a story in which hour: an event counts once per viewer, story, kind and hour
 * however often it is sent (the same keys as story_daily_viewers). Needed only in its hour; the old-analytics task
 * deletes those before yesterday.
 */
export const storyHourlyEvents = pgTable(
  'story_hourly_events',
  {
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    eventType: text('event_type').notNull(),
    viewer: text('viewer').notNull(),
  },
  (table) => [primaryKey({ columns: [table.storyId, table.hour, table.eventType, table.viewer] }), index('story_hourly_events_hour_idx').on(table.hour)],
);

/**
 * The newest API requests, by the route they matched (never the raw address with its query, never a person's
 * data), for the admin analytics' request log: the API usage recorder (docs/admin.md) writes the newest 20 of each
 * 2-second interval, and counts every request in api_usage_hourly.
 */
export const apiUsage = pgTable(
  'api_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    method: text('method').notNull(),
    endpoint: text('endpoint').notNull(),
    responseTimeMs: real('response_time_ms').notNull(),
    statusCode: smallint('status_code').notNull(),
    createdAt: createdAt(),
  },
  // The newest requests are listed, and retention deletes by age.
  (table) => [index('api_usage_created_idx').on(table.createdAt)],
);

/** API requests per hour, method and route: the totals of a period cost as many rows as it has hours and routes. */
export const apiUsageHourly = pgTable(
  'api_usage_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    method: text('method').notNull(),
    endpoint: text('endpoint').notNull(),
    requests: integer('requests').notNull(),
    clientErrors: integer('client_errors').notNull(),
    serverErrors: integer('server_errors').notNull(),
    totalResponseMs: doublePrecision('total_response_ms').notNull(),
  },
  (table) => [primaryKey({ columns: [table.hour, table.method, table.endpoint] })],
);

/**
 * A person's muting rules (common/rules/mutes.ts): a word or phrase, a domain, an author, a kind of story or one
 * story, each stored normalised, so the same rule twice is one row. At most MAX_MUTES a person (server/db/person-caps.ts).
 */
export const storyMutes = pgTable(
  'story_mutes',
  { id: serial('id').primaryKey(), userId: userRef(), kind: text('kind').notNull(), value: text('value').notNull(), createdAt: createdAt() },
  (table) => [uniqueIndex('story_mutes_user_kind_value_idx').on(table.userId, table.kind, table.value)],
);
