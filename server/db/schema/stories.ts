import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** A transaction id (PostgreSQL's xid8): it orders changes by the transaction that made them. */
const transactionId = customType<{ data: string }>({ dataType: () => 'xid8' });

/** One row per Hacker News story; counts are the latest seen, derived fields are kept current by ingestion. */
export const stories = pgTable(
  'stories',
  {
    id: serial('id').primaryKey(),
    hnId: integer('hn_id').notNull().unique(),
    title: text('title').notNull(),
    url: text('url').notNull().default(''),
    domain: text('domain').notNull().default(''),
    by: text('by').notNull().default(''),
    /** Submission time, unix seconds (as the Hacker News API gives it). */
    time: bigint('time', { mode: 'number' }).notNull(),
    score: integer('score').notNull().default(0),
    descendants: integer('descendants').notNull().default(0),
    dead: boolean('dead').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    /** Made up by the demo's replay (docs/hn-replay.md), never by Hacker News: marked on the card, no keyword counts it. */
    synthetic: boolean('synthetic').notNull().default(false),
    /** Hidden by moderation (an approved flag); ingestion never touches it. Lists, search and predictions leave it out. */
    hidden: boolean('hidden').notNull().default(false),
    topRank: smallint('top_rank'),
    newRank: smallint('new_rank'),
    bestRank: smallint('best_rank'),
    askRank: smallint('ask_rank'),
    showRank: smallint('show_rank'),
    /** Upvotes an average story would have received for the ranks this one held (docs/algorithms.md). */
    expectedUpvotes: doublePrecision('expected_upvotes').notNull().default(0),
    exposureUpdatedAt: timestamp('exposure_updated_at', { withTimezone: true }),
    scoreVelocity: doublePrecision('score_velocity').notNull().default(0),
    commentsVelocity: doublePrecision('comments_velocity').notNull().default(0),
    trendingScore: doublePrecision('trending_score').notNull().default(0),
    riseScore: doublePrecision('rise_score').notNull().default(0),
    heatLevel: text('heat_level'),
    derivedAt: timestamp('derived_at', { withTimezone: true }),
    /** The story's current prediction (docs/predictions.md): the latest, until its horizon ends; else null. */
    predictionProbability: doublePrecision('prediction_probability'),
    predictionConfidence: text('prediction_confidence'),
    predictedAt: timestamp('predicted_at', { withTimezone: true }),
    /** When the story was first seen on the front page (top 30): its outcome joins the prediction history a day later. */
    frontPageAt: timestamp('front_page_at', { withTimezone: true }),
    historySettled: boolean('history_settled').notNull().default(false),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The transaction that last changed what a story list shows of the story (its sort keys, filters and fields): set
     * by a trigger (migration 0022), so the lists' in-memory index (server/modules/stories/list-index.ts) reads only
     * what changed since it last looked, whoever changed it.
     */
    listXid: transactionId('list_xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    /**
     * What search's free text matches (docs/search.md): title, domain and author, lowercased, one a line (a search
     * text holds no line break, so it never matches across two). Plain LIKE on it is several times cheaper than ILIKE
     * on three columns, and one trigram index covers all three.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(title) || E'\\n' || lower(domain) || E'\\n' || lower(by)`),
  },
  (table) => [
    // The list endpoints filter on "visible" stories. Each index's first columns and directions are its sort's whole
    // ORDER BY, tie-breakers included (a plain DESC is NULLS FIRST; the columns are never null), so a page is read
    // in order from the index and the scan stops at its LIMIT. The lists' other filters (min score, window) follow
    // as key columns, so the scan checks them on the index entry and visits the table only for stories that pass.
    // Each index holds only the stories a list may show (not dead, deleted or hidden by moderation), so counting a
    // list's stories reads index entries alone (an index-only scan), never the table.
    index('stories_trending_idx')
      .on(table.trendingScore.desc().nullsFirst(), table.score.desc().nullsFirst(), table.id.desc().nullsFirst(), table.time)
      .where(sql`NOT ${table.dead} AND NOT ${table.deleted} AND NOT ${table.hidden}`),
    // Only stories of the last day have a rise score; the list asks for rise_score > 0, so the index holds just those.
    index('stories_rise_idx')
      .on(table.riseScore.desc().nullsFirst(), table.id.desc().nullsFirst(), table.score, table.time, table.scoreVelocity)
      .where(sql`NOT ${table.dead} AND NOT ${table.deleted} AND NOT ${table.hidden} AND ${table.riseScore} > 0`),
    index('stories_score_idx')
      .on(table.score.desc().nullsFirst(), table.id.desc().nullsFirst(), table.time)
      .where(sql`NOT ${table.dead} AND NOT ${table.deleted} AND NOT ${table.hidden}`),
    index('stories_comments_idx')
      .on(table.descendants.desc().nullsFirst(), table.id.desc().nullsFirst(), table.score, table.time)
      .where(sql`NOT ${table.dead} AND NOT ${table.deleted} AND NOT ${table.hidden}`),
    // Also the lists' window read by time (server/modules/stories/queries.ts): it carries every column their orders
    // and filters read, so a window is read and sorted on index entries alone.
    index('stories_time_idx')
      .on(table.time.desc().nullsFirst(), table.id.desc().nullsFirst(), table.score, table.descendants, table.trendingScore)
      .where(sql`NOT ${table.dead} AND NOT ${table.deleted} AND NOT ${table.hidden}`),
    // Stories still moving must have their velocity decayed even when no update mentions them.
    index('stories_moving_idx').on(table.derivedAt).where(sql`${table.scoreVelocity} > 0 OR ${table.commentsVelocity} > 0`),
    // Search (docs/search.md): case-insensitive substring matches on title, domain and author, by trigrams.
    index('stories_search_text_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    index('stories_domain_trgm_idx').using('gin', sql`lower(${table.domain}) gin_trgm_ops`),
    index('stories_by_trgm_idx').using('gin', sql`lower(${table.by}) gin_trgm_ops`),
    // Two letters have no trigram: the search text's pairs of letters (letter_pairs, migration 0021) find them.
    index('stories_letter_pairs_idx').using('gin', sql`letter_pairs(${table.searchText})`),
    // The current predictions, highest first (GET /api/stories/predictions); only stories with one are in it.
    index('stories_prediction_idx')
      .on(table.predictionProbability.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.predictionProbability} IS NOT NULL AND NOT ${table.dead} AND NOT ${table.deleted}`),
    // The front page, where predictions are made.
    index('stories_front_page_idx').on(table.topRank).where(sql`${table.topRank} IS NOT NULL`),
    // Front-page stories whose outcome has yet to join the prediction history.
    index('stories_unsettled_idx').on(table.frontPageAt).where(sql`${table.frontPageAt} IS NOT NULL AND NOT ${table.historySettled}`),
    index('stories_list_xid_idx').on(table.listXid),
    index('stories_listed_idx').on(table.lastFetchedAt).where(sql`${table.topRank} IS NOT NULL OR ${table.newRank} IS NOT NULL OR ${table.bestRank} IS NOT NULL OR ${table.askRank} IS NOT NULL OR ${table.showRank} IS NOT NULL`),
  ],
);

/** A story's counts and list ranks at a moment; appended only when they changed since the last one. */
export const storySnapshots = pgTable(
  'story_snapshots',
  {
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    sampledAt: timestamp('sampled_at', { withTimezone: true }).notNull(),
    score: integer('score').notNull(),
    descendants: integer('descendants').notNull(),
    topRank: smallint('top_rank'),
    newRank: smallint('new_rank'),
    bestRank: smallint('best_rank'),
    askRank: smallint('ask_rank'),
    showRank: smallint('show_rank'),
  },
  // The key's index also carries score, descendants and top_rank (INCLUDE, migration 0034, which drizzle cannot
  // declare): the story page reads a history from the index alone.
  (table) => [primaryKey({ columns: [table.storyId, table.sampledAt] })],
);

/**
 * What a story page draws from a story's snapshots (common/rules/story-history.ts's HistoryDigest, as JSON), kept as
 * they are written; it stands for the snapshots counted and the newest one named (server/modules/stories/history-digests.ts).
 */
export const storyHistoryDigests = pgTable('story_history_digests', {
  storyId: integer('story_id')
    .primaryKey()
    .references(() => stories.id, { onDelete: 'cascade' }),
  snapshotCount: integer('snapshot_count').notNull(),
  newestAt: timestamp('newest_at', { withTimezone: true }).notNull(),
  version: smallint('version').notNull(),
  digest: text('digest').notNull(),
});

/** Items that are not stories (jobs, polls, comments) or are dead on arrival, so they are not fetched again. */
export const skippedItems = pgTable('skipped_items', {
  hnId: integer('hn_id').primaryKey(),
  reason: text('reason').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Item fetches that failed; retried by the next cycles until they succeed or run out of attempts. */
export const pendingItems = pgTable('pending_items', {
  hnId: integer('hn_id').primaryKey(),
  attempts: integer('attempts').notNull().default(1),
  lastError: text('last_error').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per ingestion cycle: what it did, for metrics, the refresh coalescing and cache invalidation. */
export const ingestionCycles = pgTable(
  'ingestion_cycles',
  {
    id: serial('id').primaryKey(),
    reason: text('reason').notNull(),
    instance: text('instance').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status').notNull(),
    itemsFetched: integer('items_fetched').notNull().default(0),
    storiesUpserted: integer('stories_upserted').notNull().default(0),
    snapshotsAppended: integer('snapshots_appended').notNull().default(0),
    storiesDerived: integer('stories_derived').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    error: text('error'),
  },
  (table) => [index('ingestion_cycles_started_idx').on(table.startedAt.desc().nullsFirst())],
);

/**
 * Words of the stored titles (lowercase, longer than 3 characters) and how many visible stories use each: the
 * vocabulary search suggestions come from. Kept by a trigger on stories (migration 0003_search), so every way a
 * story is stored or changed keeps it right.
 */
export const titleWords = pgTable(
  'title_words',
  {
    word: text('word').primaryKey(),
    stories: integer('stories').notNull(),
  },
  (table) => [
    index('title_words_word_trgm_idx').using('gin', table.word.op('gin_trgm_ops')),
    index('title_words_stories_idx').on(table.stories.desc().nullsFirst(), table.word),
  ],
);

/**
 * Each title word under each pair of consecutive characters it holds: what a suggestion for a two-letter text reads,
 * which no trigram can find (docs/search.md). Kept by triggers on title_words (migration 0018_title_word_pairs): a
 * word's pairs are added when the word first appears and removed with it.
 */
export const titleWordPairs = pgTable(
  'title_word_pairs',
  {
    pair: text('pair').notNull(),
    word: text('word').notNull(),
  },
  (table) => [primaryKey({ columns: [table.pair, table.word] })],
);

/**
 * How many times stories were deleted (by a statement; the product itself never deletes one): kept by a trigger
 * (migration 0022). The lists' in-memory index cannot see a deleted row among the changes, so it reads every story
 * again when this count moves.
 */
export const storyDeletions = pgTable('story_deletions', {
  id: integer('id').primaryKey().default(1),
  deletions: bigint('deletions', { mode: 'number' }).notNull().default(0),
});
