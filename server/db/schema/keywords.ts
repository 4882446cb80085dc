import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { stories } from './stories.ts';

/**
 * Keyword intelligence (docs/keywords.md): keywords extracted from titles at ingestion, counted per hour, and
 * people's keyword alerts with their firings.
 */

/** A keyword: its canonical lowercase words (key) and its usual spelling (display, the most frequent one seen). */
export const keywords = pgTable('keywords', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  display: text('display').notNull(),
});

/** How often each spelling of a keyword was seen (weighted: a spelling whose case is informative counts more). */
export const keywordSpellings = pgTable(
  'keyword_spellings',
  {
    keywordId: integer('keyword_id')
      .notNull()
      .references(() => keywords.id, { onDelete: 'cascade' }),
    spelling: text('spelling').notNull(),
    weight: integer('weight').notNull(),
  },
  (table) => [primaryKey({ columns: [table.keywordId, table.spelling] })],
);

/** Variants merged into one keyword: alias (lowercase) → the keyword in its usual spelling. Editable by admins. */
export const keywordAliases = pgTable('keyword_aliases', {
  alias: text('alias').primaryKey(),
  keyword: text('keyword').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What was counted for a story: the title, submission hour and points, so a change is counted as a difference. */
export const keywordExtractions = pgTable('keyword_extractions', {
  storyId: integer('story_id')
    .primaryKey()
    .references(() => stories.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  hour: timestamp('hour', { withTimezone: true }).notNull(),
  points: integer('points').notNull(),
});

/** The keywords of each story. */
export const storyKeywords = pgTable(
  'story_keywords',
  {
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    keywordId: integer('keyword_id')
      .notNull()
      .references(() => keywords.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.storyId, table.keywordId] }), index('story_keywords_keyword_idx').on(table.keywordId)],
);

/** Per keyword per submission hour: how many stories mention it and their points. Every keyword call reads these. */
export const keywordHourly = pgTable(
  'keyword_hourly',
  {
    keywordId: integer('keyword_id')
      .notNull()
      .references(() => keywords.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    stories: integer('stories').notNull(),
    points: integer('points').notNull(),
  },
  (table) => [primaryKey({ columns: [table.keywordId, table.hour] }), index('keyword_hourly_hour_idx').on(table.hour, table.keywordId)],
);

/** Columns of keyword_windows holding the usual level: the current window moved back by 1-4 weeks. */
export const USUAL_COLUMNS = ['usual_1', 'usual_2', 'usual_3', 'usual_4'] as const;
/** Columns of keyword_windows holding the current period's stories by UTC hour of day. */
export const HOUR_OF_DAY_COLUMNS = Array.from({ length: 24 }, (_, hour) => `hour_${hour}`);

/**
 * Each keyword's counts in the windows the keyword calls read, kept up to date at ingestion and as the hour turns
 * (server/modules/keywords/windows.ts): one row per period (in hours) and keyword. `stories`/`points` are the
 * current period, `previous` the period before it, `usual_*` the same window in each of the four weeks before, and
 * `hour_*` the current period's stories by UTC hour of day (for the hourly patterns in any time zone). Plain
 * columns rather than arrays, so a change is an addition. The keyword's key and display are copied here, so a call
 * reads one table.
 */
export const keywordWindows = pgTable(
  'keyword_windows',
  {
    period: smallint('period').notNull(),
    keywordId: integer('keyword_id')
      .notNull()
      .references(() => keywords.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    display: text('display').notNull(),
    phrase: boolean('phrase').notNull(),
    stories: integer('stories').notNull(),
    points: integer('points').notNull(),
    lastHour: timestamp('last_hour', { withTimezone: true }),
    previous: integer('previous').notNull(),
    ...Object.fromEntries([...USUAL_COLUMNS, ...HOUR_OF_DAY_COLUMNS].map((column) => [column, integer(column).notNull()])),
    // The usual level as the trends read it (common/rules/keyword-trends.ts, usualLevelScore): two numbers a keyword
    // instead of four, kept by the database whenever a week's count changes.
    usualSum: integer('usual_sum').generatedAlwaysAs(sql.raw(USUAL_COLUMNS.join(' + '))),
    usualSumOfSquares: bigint('usual_sum_of_squares', { mode: 'number' }).generatedAlwaysAs(sql.raw(USUAL_COLUMNS.map((column) => `${column}::bigint * ${column}`).join(' + '))),
  },
  (table) => [
    primaryKey({ columns: [table.period, table.keywordId] }),
    // The hourly patterns walk this in order; trending the next (by attention); the trend candidates the last.
    index('keyword_windows_current_idx').on(table.period, table.stories.desc().nullsFirst(), table.points.desc().nullsFirst(), table.keywordId.desc().nullsFirst()),
    index('keyword_windows_attention_idx').on(table.period, table.points.desc().nullsFirst(), table.stories.desc().nullsFirst(), table.keywordId.desc().nullsFirst()),
    index('keyword_windows_support_idx').on(table.period, sql`(${table.stories} + ${table.previous}) DESC`, table.keywordId.desc().nullsFirst()),
  ],
);

/**
 * Each period's trends answer and trending list, as the calls' JSON (refreshKeywordAnswers in server/modules/
 * keywords/windows.ts), written in the same transaction as every change to the windows: a call reads one text
 * instead of walking the windows and applying the rules to them.
 */
export const keywordAnswers = pgTable('keyword_answers', {
  period: smallint('period').primaryKey(),
  trends: text('trends').notNull(),
  /** The trending list as a call with the default limit gets it. */
  trending: text('trending').notNull(),
});

/**
 * Each period's hourly patterns answer for each whole-hour offset's split of the UTC hours of day into day periods
 * (refreshPatternAnswers in server/modules/keywords/patterns.ts), written with the hour the windows are counted for
 * in the same transaction as every change to them. `lists` is the four day periods' keywords as JSON, or null when
 * the keywords read to write it did not settle them (the call then reads the windows in batches).
 */
export const keywordPatternAnswers = pgTable(
  'keyword_pattern_answers',
  {
    period: smallint('period').notNull(),
    split: text('split').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    lists: text('lists'),
  },
  (table) => [primaryKey({ columns: [table.period, table.split] })],
);

/** The hour (UTC, start of) that keyword_windows are counted for: one row. */
export const keywordWindowsClock = pgTable('keyword_windows_clock', {
  id: boolean('id').primaryKey().default(true),
  hour: timestamp('hour', { withTimezone: true }).notNull(),
});

/** A person's keyword alert; match_key is the keyword's canonical words, one alert per person per key. */
export const keywordAlerts = pgTable(
  'keyword_alerts',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    matchKey: text('match_key').notNull(),
    threshold: integer('threshold').notNull().default(5),
    isActive: boolean('is_active').notNull().default(true),
    lastFiredAt: timestamp('last_fired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('keyword_alerts_user_key_idx').on(table.userId, table.matchKey),
    // Ingestion finds the alerts a title could fire by the first word of their key.
    index('keyword_alerts_first_word_idx')
      .on(sql`split_part(${table.matchKey}, ' ', 1)`)
      .where(sql`${table.isActive}`),
  ],
);

/** An alert that fired, with the stories that made it fire; the email issue delivers it (notified_at). */
export const keywordAlertFirings = pgTable(
  'keyword_alert_firings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => keywordAlerts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    storyIds: integer('story_ids').array().notNull(),
    firedAt: timestamp('fired_at', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    index('keyword_alert_firings_alert_idx').on(table.alertId, table.firedAt),
    index('keyword_alert_firings_user_idx').on(table.userId),
    index('keyword_alert_firings_unnotified_idx').on(table.firedAt).where(sql`${table.notifiedAt} IS NULL`),
  ],
);
