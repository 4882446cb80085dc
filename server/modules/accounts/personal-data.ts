import { asc, eq, getTableName, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Preferences } from '#common/contracts/accounts.ts';
import type { Db } from '../../db/index.ts';
import { accounts, emailFrequencyControls, sessions, userPreferences, users, verifications } from '../../db/schema/accounts.ts';
import {
  analyticsEvents,
  bookmarks,
  contentFlags,
  sharedLinks,
  storyMutes,
  storyNotes,
  storyWatches,
  watchStatusChanges,
} from '../../db/schema/actions.ts';
import { collections, collectionStories } from '../../db/schema/collections.ts';
import { feedTokens } from '../../db/schema/feeds.ts';
import { digestCustomContent, emailOutbox, emailPendingItems } from '../../db/schema/email.ts';
import { keywordAlertFirings, keywordAlerts } from '../../db/schema/keywords.ts';
import { adminLogs, announcementDismissals, announcements, contactMessages } from '../../db/schema/site.ts';
import { stories } from '../../db/schema/stories.ts';
import type { EmailControlsService } from '../email/controls.ts';
import { keepAnAdmin, LOCK_ADMINS_SQL } from './last-admin.ts';
import { storyIsVisible } from '../stories/visibility.ts';
import { presentProfile } from './presenter.ts';

/** What the export reads besides the database: the preferences merged over today's defaults, the email controls. */
export interface ExportSources {
  db: Db;
  preferences(userId: string): Promise<Preferences>;
  emailControls: EmailControlsService;
}

/**
 * One column that names a person, and what "your data" does with its rows. The export's key `exportedAs` holds
 * what `read` returns (null: the rows are secrets and never leave the server). On account deletion the rows are
 * deleted, or, where a row belongs to someone else and only mentions the person, the column is set to null. The
 * one exception is `keep`: the audit log of what a moderator or admin did is append-only by design (the database
 * refuses to change it) and outlives their account, as accountability for actions taken on other people's
 * accounts and content requires; it holds their account id and address, never their name or email.
 */
export type PersonalColumn = { column: PgColumn; onDelete: 'delete' | 'detach' | 'keep' } & (
  | { exportedAs: string; read: (sources: ExportSources, userId: string) => Promise<unknown> }
  | { exportedAs: null }
);
type ExportedColumn = Extract<PersonalColumn, { exportedAs: string }>;

/** Rows with their dates as ISO strings, as the rest of the API shows them. */
const withIsoDates = <Row extends object>(rows: Row[]) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value])));
/**
 * The story an action is about: our id, the Hacker News id and the title. The person's own rows about a story that
 * moderators removed are all exported (they are theirs: the bookmark, their note, their flag, their link's counts),
 * but not the removed story's title: the export shows nothing of it that the product no longer shows.
 */
const story = {
  storyId: stories.id,
  hnId: stories.hnId,
  title: sql<string | null>`CASE WHEN ${storyIsVisible} THEN ${stories.title} END`,
  removedByModerators: sql<boolean>`NOT (${storyIsVisible})`,
};

/**
 * Every column of the database that refers to a person. test/security/personal-data.test.ts compares this list
 * with the database (every column named like a user reference and every foreign key to users) and fails when a
 * table is added without being declared here, so the export and the deletion always cover everything.
 */
export const PERSONAL_DATA: PersonalColumn[] = [
  {
    column: users.id,
    exportedAs: 'account',
    onDelete: 'delete',
    read: async ({ db }, userId) => {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) return null;
      return {
        ...presentProfile(user, { isOwner: true, isAdmin: false }),
        role: user.role,
        emailVerified: user.emailVerified,
        onboardingCompleted: user.onboardingCompleted,
        marketingConsent: user.marketingConsent,
        analyticsConsent: user.analyticsConsent,
        timeZone: user.timeZone,
        updatedAt: user.updatedAt.toISOString(),
      };
    },
  },
  {
    // Password hashes and OAuth tokens are secrets: only which way the person signs in is exported.
    column: accounts.userId,
    exportedAs: 'signInMethods',
    onDelete: 'delete',
    read: async ({ db }, userId) =>
      (
        await db
          .select({ provider: accounts.providerId, accountId: accounts.accountId, scope: accounts.scope, linkedAt: accounts.createdAt })
          .from(accounts)
          .where(eq(accounts.userId, userId))
          .orderBy(asc(accounts.createdAt))
      ).map((row) => ({ ...row, linkedAt: row.linkedAt.toISOString() })),
  },
  {
    // Without the token (it is the session) or the session's id.
    column: sessions.userId,
    exportedAs: 'sessions',
    onDelete: 'delete',
    read: async ({ db }, userId) =>
      withIsoDates(
        await db
          .select({ createdAt: sessions.createdAt, lastUsedAt: sessions.updatedAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
          .from(sessions)
          .where(eq(sessions.userId, userId))
          .orderBy(asc(sessions.createdAt)),
      ),
  },
  {
    // better-auth keeps pending password-reset and account-deletion tokens here, with the person's id as value.
    column: verifications.value,
    exportedAs: null,
    onDelete: 'delete',
  },
  { column: userPreferences.userId, exportedAs: 'preferences', onDelete: 'delete', read: (sources, userId) => sources.preferences(userId) },
  {
    column: emailFrequencyControls.userId,
    exportedAs: 'emailFrequencyControls',
    onDelete: 'delete',
    read: (sources, userId) => sources.emailControls.list(userId),
  },
  {
    column: bookmarks.userId,
    exportedAs: 'bookmarks',
    onDelete: 'delete',
    read: async ({ db }, userId) =>
      withIsoDates(
        await db.select({ ...story, createdAt: bookmarks.createdAt }).from(bookmarks).innerJoin(stories, eq(stories.id, bookmarks.storyId)).where(eq(bookmarks.userId, userId)).orderBy(asc(bookmarks.id)),
      ),
  },
  {
    // Each collection with its stories (in the order they were added) and, while it is shared, its link's token.
    column: collections.userId,
    exportedAs: 'collections',
    onDelete: 'delete',
    read: async ({ db }, userId) => {
      const owned = await db
        .select({ id: collections.id, name: collections.name, description: collections.description, shareToken: collections.shareToken, createdAt: collections.createdAt, updatedAt: collections.updatedAt })
        .from(collections)
        .where(eq(collections.userId, userId))
        .orderBy(asc(collections.id));
      const items = await Promise.all(
        owned.map((collection) =>
          db
            .select({ ...story, addedAt: collectionStories.addedAt })
            .from(collectionStories)
            .innerJoin(stories, eq(stories.id, collectionStories.storyId))
            .where(eq(collectionStories.collectionId, collection.id))
            .orderBy(asc(collectionStories.addedAt)),
        ),
      );
      return owned.map(({ id: _id, ...collection }, index) => ({ ...withIsoDates([collection])[0], stories: withIsoDates(items[index]!) }));
    },
  },
  {
    // When the private feeds' token was made: never its hash (docs/feeds.md, "Private feeds").
    column: feedTokens.userId,
    exportedAs: 'feedToken',
    onDelete: 'delete',
    read: async ({ db }, userId) => withIsoDates(await db.select({ createdAt: feedTokens.createdAt }).from(feedTokens).where(eq(feedTokens.userId, userId)))[0] ?? null,
  },
  {
    column: storyMutes.userId,
    exportedAs: 'storyMutes',
    onDelete: 'delete',
    read: async ({ db }, userId) =>
      withIsoDates(
        await db
          .select({ kind: storyMutes.kind, value: storyMutes.value, createdAt: storyMutes.createdAt })
          .from(storyMutes)
          .where(eq(storyMutes.userId, userId))
          .orderBy(asc(storyMutes.id)),
      ),
  },
  {
    column: storyWatches.userId,
    exportedAs: 'storyWatches',
    onDelete: 'delete',
    read: async ({ db }, userId) =>
      withIsoDates(
        await db
          .select({
            ...story,
            initialScore: storyWatches.initialScore,
            initialDescendants: storyWatches.initialDescendants,
            initialStatus: storyWatches.initialStatus,
            lastStatus: storyWatches.lastStatus,
            lastStatusAt: storyWatches.lastStatusAt,
            createdAt: storyWatches.createdAt,
          })
          .from(storyWatches)
          .innerJoin(stories, eq(stories.id, storyWatches.storyId))
          .where(eq(storyWatches.userId, userId))
          .orderBy(asc(storyWatches.id)),
      ),
  },
  {
    column: watchStatusChanges.userId,
    exportedAs: 'watchHistory',
    onDelete: 'delete',
    read: async ({ db }, userId) =>
      withIsoDates(
        await db
          .select({ ...story, fromStatus: watchStatusChanges.fromStatus, toStatus: watchStatusChanges.toStatus, changedAt: watchStatusChanges.changedAt, notifiedAt: watchStatusChanges.notifiedAt })
          .from(watchStatusChanges)
          .innerJoin(stories, eq(stories.id, watchStatusChanges.storyId))
          .where(eq(watchStatusChanges.userId, userId))
          .orderBy(asc(watchStatusChanges.id)),
      ),
  },
  {
    column: storyNotes.userId,
    exportedAs: 'notes',
    onDelete: 'delete',
    read: async ({ db }, userId) =>
      withIsoDates(
        await db
          .select({ ...story, note: storyNotes.note, createdAt: storyNotes.createdAt, updatedAt: storyNotes.updatedAt })
          .from(storyNotes)
          .innerJoin(stories, eq(stories.id, storyNotes.storyId))
          .where(eq(storyNotes.userId, userId))
          .orderBy(asc(storyNotes.id)),
      ),
  },
  {
    column: contentFlags.userId,
    exportedAs: 'contentFlags',
    onDelete: 'delete',
    read: async ({ db }, userId) =>
      withIsoDates(
        await db
          .select({ ...story, flagType: contentFlags.flagType, reason: contentFlags.reason, status: contentFlags.status, reviewedAt: contentFlags.reviewedAt, createdAt: contentFlags.createdAt })
          .from(contentFlags)
          .innerJoin(stories, eq(stories.id, contentFlags.storyId))
          .where(eq(contentFlags.userId, userId))
          .orderBy(asc(contentFlags.id)),
      ),
  },
  {
    // A moderator's decisions on other people's flags: the flag stays (it is the reporter's), the reviewer goes.
    // The reporter and their reason are someone else's data and are not exported.
    column: contentFlags.reviewedBy,
    exportedAs: 'flagsReviewed',
    onDelete: 'detach',
    read: async ({ db }, userId) =>
      withIsoDates(
        await db
          .select({ flagId: contentFlags.id, ...story, flagType: contentFlags.flagType, status: contentFlags.status, reviewedAt: contentFlags.reviewedAt })
          .from(contentFlags)
          .innerJoin(stories, eq(stories.id, contentFlags.storyId))
          .where(eq(contentFlags.reviewedBy, userId))
          .orderBy(asc(contentFlags.id)),
      ),
  },
  {
    // Each link's view and click counts; the individual view and click events go with the link (on delete cascade).
    column: sharedLinks.userId,
    exportedAs: 'sharedLinks',
    onDelete: 'delete',
    read: async ({ db }, userId) =>
      withIsoDates(
        await db
          .select({
            ...story,
            shareToken: sharedLinks.shareToken,
            customTitle: sharedLinks.customTitle,
            customDescription: sharedLinks.customDescription,
            viewCount: sharedLinks.viewCount,
            articleClicks: sharedLinks.articleClicks,
            commentsClicks: sharedLinks.commentsClicks,
            lastViewedAt: sharedLinks.lastViewedAt,
            createdAt: sharedLinks.createdAt,
          })
          .from(sharedLinks)
          .innerJoin(stories, eq(stories.id, sharedLinks.storyId))
          .where(eq(sharedLinks.userId, userId))
          .orderBy(asc(sharedLinks.id)),
      ),
  },
  {
    column: keywordAlerts.userId,
    exportedAs: 'keywordAlerts',
    onDelete: 'delete',
    read: async ({ db }, userId) =>
      withIsoDates(
        await db
          .select({ keyword: keywordAlerts.keyword, threshold: keywordAlerts.threshold, isActive: keywordAlerts.isActive, lastFiredAt: keywordAlerts.lastFiredAt, createdAt: keywordAlerts.createdAt })
          .from(keywordAlerts)
          .where(eq(keywordAlerts.userId, userId))
          .orderBy(asc(keywordAlerts.id)),
      ),
  },
  {
    // Listed after the alerts they belong to, so deletion (in reverse order) removes them first.
    column: keywordAlertFirings.userId,
    exportedAs: 'keywordAlertFirings',
    onDelete: 'delete',
    read: async ({ db }, userId) =>
      withIsoDates(
        await db
          .select({ keyword: keywordAlertFirings.keyword, storyIds: keywordAlertFirings.storyIds, firedAt: keywordAlertFirings.firedAt, notifiedAt: keywordAlertFirings.notifiedAt })
          .from(keywordAlertFirings)
          .where(eq(keywordAlertFirings.userId, userId))
          .orderBy(asc(keywordAlertFirings.id)),
      ),
  },
  {
    column: analyticsEvents.userId,
    exportedAs: 'analyticsEvents',
    onDelete: 'delete',
    read: async ({ db }, userId) =>
      withIsoDates(
        await db
          .select({ eventType: analyticsEvents.eventType, properties: analyticsEvents.properties, createdAt: analyticsEvents.createdAt })
          .from(analyticsEvents)
          .where(eq(analyticsEvents.userId, userId))
          .orderBy(asc(analyticsEvents.id)),
      ),
  },
  {
    column: announcementDismissals.userId,
    exportedAs: 'announcementDismissals',
    onDelete: 'delete',
    read: async ({ db }, userId) =>
      withIsoDates(
        await db
          .select({ announcementId: announcementDismissals.announcementId, title: announcements.title, dismissedAt: announcementDismissals.dismissedAt })
          .from(announcementDismissals)
          .innerJoin(announcements, eq(announcements.id, announcementDismissals.announcementId))
          .where(eq(announcementDismissals.userId, userId))
          .orderBy(asc(announcementDismissals.dismissedAt)),
      ),
  },
  {
    // Sent while signed in. Deleted with the account (not kept anonymised): the message itself may name the person.
    column: contactMessages.userId,
    exportedAs: 'contactMessages',
    onDelete: 'delete',
    read: async ({ db }, userId) =>
      withIsoDates(
        await db
          .select({ name: contactMessages.name, email: contactMessages.email, subject: contactMessages.subject, message: contactMessages.message, ipAddress: contactMessages.ipAddress, createdAt: contactMessages.createdAt })
          .from(contactMessages)
          .where(eq(contactMessages.userId, userId))
          .orderBy(asc(contactMessages.id)),
      ),
  },
  {
    // The email sent to the person: what, when and whether it was opened; the bodies stay on the server.
    column: emailOutbox.userId,
    exportedAs: 'emails',
    onDelete: 'delete',
    read: async ({ db }, userId) =>
      withIsoDates(
        await db
          .select({
            kind: emailOutbox.kind,
            subject: emailOutbox.subject,
            recipient: emailOutbox.recipient,
            status: emailOutbox.status,
            createdAt: emailOutbox.createdAt,
            sentAt: emailOutbox.sentAt,
            openedAt: emailOutbox.openedAt,
            clickedAt: emailOutbox.clickedAt,
          })
          .from(emailOutbox)
          .where(eq(emailOutbox.userId, userId))
          .orderBy(asc(emailOutbox.id)),
      ),
  },
  {
    column: emailPendingItems.userId,
    exportedAs: 'emailPendingItems',
    onDelete: 'delete',
    read: async ({ db }, userId) =>
      withIsoDates(
        await db
          .select({ kind: emailPendingItems.kind, payload: emailPendingItems.payload, createdAt: emailPendingItems.createdAt })
          .from(emailPendingItems)
          .where(eq(emailPendingItems.userId, userId))
          .orderBy(asc(emailPendingItems.id)),
      ),
  },
  {
    // An admin's edits of a week's digest content: the content is the site's, the editor's name goes.
    column: digestCustomContent.updatedBy,
    exportedAs: 'digestContentEdited',
    onDelete: 'detach',
    read: async ({ db }, userId) =>
      withIsoDates(
        await db
          .select({ weekOf: digestCustomContent.weekOf, updatedAt: digestCustomContent.updatedAt })
          .from(digestCustomContent)
          .where(eq(digestCustomContent.updatedBy, userId)),
      ),
  },
  {
    // The admin who marked someone's message handled: the message is the sender's, only the mention goes.
    column: contactMessages.handledBy,
    exportedAs: null,
    onDelete: 'detach',
  },
  {
    column: adminLogs.adminUserId,
    exportedAs: 'adminActions',
    onDelete: 'keep',
    read: async ({ db }, userId) =>
      withIsoDates(
        await db
          .select({ action: adminLogs.action, targetType: adminLogs.targetType, targetId: adminLogs.targetId, details: adminLogs.details, ipAddress: adminLogs.ipAddress, createdAt: adminLogs.createdAt })
          .from(adminLogs)
          .where(eq(adminLogs.adminUserId, userId))
          .orderBy(asc(adminLogs.id)),
      ),
  },
];

const keyedHashOfTheDay =
  'a keyed hash of a person or a network and the day (server/http/viewer.ts), to count each once: names no one without the server secret, cannot be linked across days, and goes after the next day (old_analytics)';

/**
 * Every table that holds no personal data, and why. Together with the tables of PERSONAL_DATA this is every table of
 * the database: test/security/personal-data.test.ts fails on a table in neither, so a new table forces the decision.
 */
export const TABLES_WITHOUT_PERSONAL_DATA: Readonly<Record<string, string>> = {
  stories: 'Hacker News stories as Hacker News publishes them (authors by their public Hacker News name)',
  story_snapshots: 'the public scores and ranks of stories over time',
  story_history_digests: 'what story pages draw from the public snapshots (facts, markers, chart points)',
  story_deletions: 'a count of deleted stories',
  skipped_items: 'Hacker News item ids ingestion gave up on',
  pending_items: 'Hacker News item ids ingestion retries',
  ingestion_cycles: 'what each ingestion cycle fetched and stored',
  title_words: 'the search vocabulary of story titles',
  title_word_pairs: 'the search vocabulary of story titles',
  keywords: 'keywords of story titles',
  keyword_aliases: 'keyword spellings an admin merged',
  keyword_spellings: 'keyword spellings seen in titles',
  keyword_extractions: 'keywords found in each story',
  keyword_answers: 'cached keyword answers, about stories only',
  keyword_pattern_answers: 'cached keyword answers, about stories only',
  keyword_windows_clock: 'the keyword periods’ clock',
  keyword_windows: 'keyword counts per period',
  keyword_hourly: 'keyword counts per hour',
  story_keywords: 'the keywords of each story',
  predictions: 'predictions about stories',
  prediction_hourly: 'prediction totals',
  prediction_daily: 'prediction totals',
  prediction_domains: 'prediction totals by the stories’ domain',
  prediction_history: 'prediction totals over time',
  prediction_runs: 'when predictions ran',
  prediction_reliability: 'prediction calibration',
  prediction_calls: 'each story’s first call to trend and when it reached the target',
  prediction_call_hourly: 'totals of the calls to trend',
  prediction_call_daily: 'totals of the calls to trend',
  prediction_lead_hourly: 'totals of how early stories were called',
  prediction_lead_daily: 'totals of how early stories were called',
  trending_alert_stories: 'which stories a trending alert went out about (the emails are in email_outbox)',
  prediction_alert_stories: 'which stories a prediction alert went out about (the emails are in email_outbox)',
  digest_runs: 'when digests went out (the emails are in email_outbox)',
  settings: 'site settings',
  announcements: 'site announcements an admin wrote',
  maintenance_tasks: 'maintenance settings',
  maintenance_logs: 'maintenance runs',
  app_secrets: 'the server’s own secrets',
  analytics_windows: 'the analytics periods’ clock',
  analytics_hourly: 'story views and bookmarks of everyone together, per hour',
  story_hourly_activity: 'story views and bookmarks of everyone together, per story and hour',
  story_window_activity: 'story views and bookmarks of everyone together, per story and period',
  api_usage: 'API requests by the route they matched: no address, query, person or session',
  api_usage_hourly: 'API request totals by route and hour',
  collection_stories: 'the stories of a collection, with no person: they go with the collection, which is its owner’s data',
  shared_link_events: 'the views and clicks of a share link, with no viewer; they go with the link, which is its sharer’s data',
  story_hourly_events: keyedHashOfTheDay,
  story_daily_viewers: keyedHashOfTheDay,
  shared_link_daily_views: keyedHashOfTheDay,
  shared_link_daily_clicks: keyedHashOfTheDay,
  rate_limits: 'a keyed hash of an address or an account’s email (never either itself) and a count, deleted once its window (at most an hour) has passed',
};

/** The table and column names of a declared column, as the database knows them. */
export function personalColumnName(entry: PersonalColumn): { table: string; column: string } {
  return { table: getTableName(entry.column.table), column: entry.column.name };
}

/** Everything stored about a person, keyed as declared in PERSONAL_DATA. */
export async function exportPersonalData(sources: ExportSources, userId: string): Promise<Record<string, unknown>> {
  const exported = PERSONAL_DATA.filter((entry): entry is ExportedColumn => entry.exportedAs !== null);
  const values = await Promise.all(exported.map((entry) => entry.read(sources, userId)));
  return Object.fromEntries(exported.map((entry, index) => [entry.exportedAs, values[index]]));
}

/**
 * Deletes or detaches every row that refers to the person, in one transaction, the account itself last (the list
 * is walked backwards). Foreign keys would cascade most of this; doing it from the list makes the list the rule.
 * The last admin's account is kept (409): the admins' rows are locked first, so two admins deleting their
 * accounts at once take turns and the second is refused.
 */
export async function erasePersonalData(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const admins = await tx.execute<{ id: string }>(sql.raw(LOCK_ADMINS_SQL));
    keepAnAdmin(admins.rows.map((admin) => admin.id), userId, 'deleted');
    for (const entry of [...PERSONAL_DATA].reverse()) {
      if (entry.onDelete === 'keep') continue;
      const { table, column } = personalColumnName(entry);
      await tx.execute(
        entry.onDelete === 'delete'
          ? sql`DELETE FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${userId}`
          : sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = NULL WHERE ${sql.identifier(column)} = ${userId}`,
      );
    }
  });
}
