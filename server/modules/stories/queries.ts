import type pg from 'pg';
import type { StoryListQuery, StoryListSort } from '#common/contracts/stories.ts';
import { STORY_LIST_MAX_LIMIT } from '#common/rules/limits.ts';
import { windowHours } from './windows.ts';
import { HEAT_LEVELS, HEAT_THRESHOLDS, RECENT_WINDOW_HOURS } from '#common/rules/heat.ts';
import type { IndexedStory } from './list-index.ts';
import { listedStory } from './visibility.ts';

export interface StoryRow {
  id: number;
  hn_id: number;
  title: string;
  url: string;
  score: number;
  descendants: number;
  by: string;
  time: number;
  domain: string;
  score_velocity: number;
  comments_velocity: number;
  trending_score: number;
  /** Made up by the demo's replay (docs/hn-replay.md). */
  synthetic: boolean;
  /** The current prediction, where the query reads it (null when the story has none). */
  prediction_probability?: number | null;
}

/**
 * Each sort reads one precomputed column; ties break on id so pages never overlap. Each ORDER BY is exactly the
 * leading columns of an index (server/db/schema/stories.ts), whose later columns carry the min score and the window,
 * so PostgreSQL can read a page in order, checking the filters on index entries, and stop at its LIMIT; a window
 * may be read and sorted instead (listShape). docs/performance.md has the plans.
 */
const ORDER_BY: Record<StoryListSort, string> = {
  trending: 'trending_score DESC, score DESC, id DESC',
  top: 'score DESC, id DESC',
  comments: 'descendants DESC, id DESC',
  recent: 'time DESC, id DESC',
  'fast-risers': 'rise_score DESC, id DESC',
};

/** The widest window a list reads whole and sorts (three days: about 4,000 stories at Hacker News's rate). */
const SORTED_WINDOW_MAX_HOURS = 72;

/**
 * How a list finds its page, chosen here rather than by the planner, so that one plan serves every min score, page
 * and window start (docs/performance.md, "Story lists: one plan per shape"):
 * - `walk`: the sort's index in order, filters checked on its entries, stopping at the page's last story. The
 *   recent and fast-risers lists (their index is their window), and any list over all stories.
 * - `window`: a window of at most SORTED_WINDOW_MAX_HOURS, read by time and sorted. Walking the sort's index for
 *   it would skip every older story on the way.
 * - `probe`: a wider window. Its matches are read by time, on index entries, up to PROBE_MAX: fewer are all
 *   there are, and are sorted; as many means matches are common, and the sort's index is walked.
 */
export type ListShape = 'walk' | 'window' | 'probe';

export function listShape(sort: StoryListSort, hours: number | null): ListShape {
  if (hours === null || sort === 'recent' || sort === 'fast-risers') return 'walk';
  return hours <= SORTED_WINDOW_MAX_HOURS ? 'window' : 'probe';
}

/** The most matches a wider window's probe reads (listShape): a thousand sort in well under a millisecond. */
const PROBE_MAX = 1000;

/**
 * The latest time a story can have, written as a literal upper bound on a window read by time. PostgreSQL estimates
 * a range whose ends it cannot see at 0.5 % of the table, a window of a few hours or days, so it reads the window
 * by time; one end alone it estimates at a third of the table, and would scan the table instead.
 */
const LATEST_TIME = 2 ** 53 - 1;

/**
 * Every value goes through a one-row subquery, so the planner never sees it: plans made for one execution are then
 * no better informed than the generic plan, which PostgreSQL keeps after five executions, and a list is no longer
 * planned on every request (planning cost more than running it). The shapes above make that one plan right.
 */
class HiddenParameters {
  readonly values: unknown[] = [];
  /** The reference to a new parameter of the statement. */
  add(value: unknown, type: 'int' | 'bigint' | 'float8' | 'xid8' | 'text'): string {
    this.values.push(value);
    return `(SELECT $${this.values.length}::${type})`;
  }
}

/**
 * The columns an order reads: each sort's own index holds them, and so does the time index for the sorts whose
 * window is read by time (server/db/schema/stories.ts), so a page's ids come from index entries alone.
 */
const ORDER_COLUMNS: Record<StoryListSort, string> = {
  trending: 'id, trending_score, score',
  top: 'id, score',
  comments: 'id, descendants',
  recent: 'id, time',
  'fast-risers': 'id, rise_score',
};

/** What a list shows of each of its stories (presenter.ts). */
const PAGE_COLUMNS = `id, hn_id, title, url, score, descendants, by, time, domain, score_velocity, comments_velocity,
                      trending_score, rise_score, prediction_probability, synthetic`;

/**
 * The one statement behind a list page: its total, counted exactly on index entries, and its stories. It answers
 * only while the lists' in-memory index loads (indexed-lists.ts). One statement rather than two, because on the
 * embedded database every statement takes its turn on the one session and the turn, not the query, is most of the
 * cost. The page's ids are found on index entries alone, and only its own stories are read from the table. A page
 * past the end is a single row with the total and no story (id null). Prepared, one name per sort, shape, and
 * window or none.
 */
export function storyListStatement(sort: StoryListSort, query: StoryListQuery, nowMs: number): { name: string; text: string; values: unknown[] } {
  const hours = windowHours(sort, query);
  const shape = listShape(sort, hours);
  const parameters = new HiddenParameters();
  const minScore = parameters.add(query.minScore, 'int');
  const limit = parameters.add(query.limit, 'int');
  const offset = parameters.add((query.page - 1) * query.limit, 'int');
  const probeMax = shape === 'probe' ? parameters.add(PROBE_MAX, 'int') : '';
  const since = hours === null ? null : parameters.add(Math.floor(nowMs / 1000) - hours * 3600, 'bigint');
  const minVelocity = sort === 'fast-risers' ? parameters.add(query.minVelocity, 'float8') : null;
  const conditions = [listedStory(), `score >= ${minScore}`];
  if (since) conditions.push(`time >= ${since}`);
  if (shape === 'window') conditions.push(`time <= ${LATEST_TIME}`);
  if (minVelocity) conditions.push('rise_score > 0', `score_velocity >= ${minVelocity}`);
  if (query.domain !== undefined) conditions.push(domainCondition(parameters.add(query.domain, 'text')));
  if (query.heat !== undefined) conditions.push(`${heatLevelExpression(parameters.add(nowMs / 1000 - RECENT_WINDOW_HOURS * 3600, 'float8'))} = ${parameters.add(query.heat, 'text')}`);
  const where = conditions.join(' AND ');
  const order = ORDER_BY[sort];
  const keys = ORDER_COLUMNS[sort];
  const pageOf = (source: string) => `SELECT ${keys} FROM ${source} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
  const counted = `(SELECT count(*)::int FROM stories WHERE ${where})`;
  const ctes = {
    walk: `total AS (SELECT ${counted} AS total), ids AS (${pageOf(`stories WHERE ${where}`)})`,
    window: `total AS (SELECT ${counted} AS total),
             ids AS (${pageOf(`(SELECT ${keys} FROM stories WHERE ${where} ORDER BY time DESC OFFSET 0) AS in_window`)})`,
    // The window is counted in full only when the probe did not hold all of it.
    probe: `probe AS MATERIALIZED (SELECT ${keys} FROM stories WHERE ${where} ORDER BY time DESC LIMIT ${probeMax}),
            probed AS (SELECT count(*)::int AS n FROM probe),
            total AS (SELECT CASE WHEN n < ${probeMax} THEN n ELSE ${counted} END AS total FROM probed),
            ids AS ((${pageOf(`probe WHERE (SELECT n FROM probed) < ${probeMax}`)})
                    UNION ALL
                    (${pageOf(`stories WHERE ${where} AND (SELECT n FROM probed) >= ${probeMax}`)}))`,
  };
  // The page's stories are read by id. The LIMIT of STORY_LIST_MAX_LIMIT changes nothing (no page is longer) but
  // tells the planner how few they are: it cannot see the page's own limit, and would otherwise join by a hash
  // over the whole table.
  const pageIds = `SELECT id FROM ids LIMIT ${STORY_LIST_MAX_LIMIT}`;
  return {
    name: `story-list-${sort}-${shape}${since ? '' : '-all'}${query.domain === undefined ? '' : '-domain'}${query.heat === undefined ? '' : '-heat'}`,
    text: `WITH ${ctes[shape]},
                page AS (SELECT ${PAGE_COLUMNS} FROM stories WHERE id IN (${pageIds}))
           SELECT total.total, page.* FROM total LEFT JOIN page ON true
            ORDER BY ${order}`,
    values: parameters.values,
  };
}

export async function selectStoryPage(
  pool: pg.Pool,
  sort: StoryListSort,
  query: StoryListQuery,
  nowMs: number,
): Promise<{ rows: StoryRow[]; totalCount: number }> {
  const result = await pool.query<StoryRow & { total: number }>(storyListStatement(sort, query, nowMs));
  return { rows: result.rows.filter((row) => row.id !== null), totalCount: result.rows[0]?.total ?? 0 };
}

/** A story of a domain or one of its subdomains (common/rules/mutes.ts, isWithinDomain); a normalised domain holds no LIKE wildcard. */
export function domainCondition(domain: string, column = 'domain'): string {
  return `(${column} = ${domain} OR ${column} LIKE '%.' || ${domain})`;
}

/**
 * A story's heat level, the card's reading (common/rules/heat.ts, heatLevel), as SQL: the first level whose points
 * or comments conditions hold, else null. `recentSince` is the earliest time (unix seconds) a recent story has.
 */
export function heatLevelExpression(recentSince: string, prefix = ''): string {
  const recent = `${prefix}time >= ${recentSince}`;
  const levels = HEAT_LEVELS.map((level) => {
    const { velocity, score, recentScore, comments } = HEAT_THRESHOLDS[level];
    const points = `(${prefix}score_velocity >= ${velocity} AND ${prefix}score >= ${score}) OR (${prefix}score >= ${recentScore} AND ${recent})`;
    const commentParts = [`${prefix}descendants >= ${comments.descendants}`];
    if (comments.commentsVelocity !== undefined) commentParts.push(`${prefix}comments_velocity >= ${comments.commentsVelocity}`);
    if (comments.recent) commentParts.push(recent);
    return `WHEN ${points} OR (${commentParts.join(' AND ')}) THEN '${level}'`;
  });
  return `(CASE ${levels.join(' ')} END)`;
}

/** The id of the newest finished ingestion cycle: list caches are valid until it changes. */
export async function selectDataGeneration(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ id: number | null }>(
    `SELECT max(id) AS id FROM ingestion_cycles WHERE finished_at IS NOT NULL`,
  );
  return result.rows[0]?.id ?? 0;
}

/** What the lists' in-memory index keeps of a story (list-index.ts), as array rows: 500,000 are read at start. */
const INDEX_COLUMNS = `id, score, descendants, time, score_velocity, trending_score, rise_score, (${listedStory()}), title, domain, by, comments_velocity,
                       hn_id, url, synthetic, prediction_probability`;
type IndexRow = [number, number, number, number, number, number, number, boolean, string, string, string, number, number, string, boolean, number | null];

const indexedStory = (row: IndexRow): IndexedStory => ({
  id: row[0],
  score: row[1],
  descendants: row[2],
  time: row[3],
  scoreVelocity: row[4],
  trendingScore: row[5],
  riseScore: row[6],
  visible: row[7],
  title: row[8],
  domain: row[9],
  by: row[10],
  commentsVelocity: row[11],
  hnId: row[12],
  url: row[13],
  synthetic: row[14],
  predictionProbability: row[15],
});

/**
 * Where the stories stand, for the index to read what changes after: the oldest transaction still running (every
 * change it or a later one makes has a list_xid at least this), and how many times stories were deleted.
 */
export interface StoryChangeMark {
  xmin: string;
  deletions: number;
}

// One row, by the table's key: the planner then counts on one row (the table has no statistics of its own).
const CHANGE_MARK = `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin,
                            (SELECT deletions FROM story_deletions WHERE id = 1) AS deletions`;

export async function selectStoryChangeMark(pool: pg.Pool): Promise<StoryChangeMark> {
  const result = await pool.query<StoryChangeMark>(CHANGE_MARK);
  return result.rows[0]!;
}

/** A run of stories by id, after `afterId`: the index's first load reads every story in such runs. */
export async function selectIndexedStories(pool: pg.Pool, afterId: number, limit: number): Promise<IndexedStory[]> {
  const result = await pool.query<IndexRow>({
    text: `SELECT ${INDEX_COLUMNS} FROM stories WHERE id > $1 ORDER BY id LIMIT $2`,
    values: [afterId, limit],
    rowMode: 'array',
  });
  return result.rows.map(indexedStory);
}

/** The highest transaction id: the upper end of the changes' range. */
const LATEST_XID = '18446744073709551615';

/**
 * The stories changed by transactions from `since` on (a mark's xmin), with the new mark, in one statement so both
 * see the same moment. Transactions that were still running at the last mark are read again: some may have
 * committed since. The range is written with both ends hidden from the planner, which then estimates it at 0.5 % of
 * the table and reads the index. With one end in view and no statistics on the column yet (a new install, or no
 * autovacuum), it estimated a third of the table, and PostgreSQL compiled that plan with JIT: 190 ms of a backend
 * twice a second.
 */
export function storyChangesStatement(since: string): { text: string; values: unknown[] } {
  const parameters = new HiddenParameters();
  const range = `list_xid >= ${parameters.add(since, 'xid8')} AND list_xid <= ${parameters.add(LATEST_XID, 'xid8')}`;
  return {
    text: `WITH mark AS (${CHANGE_MARK})
           SELECT mark.xmin, mark.deletions, changed.* FROM mark
             LEFT JOIN (SELECT ${INDEX_COLUMNS} FROM stories WHERE ${range}) AS changed ON true`,
    values: parameters.values,
  };
}

export async function selectStoryChanges(pool: pg.Pool, since: string): Promise<StoryChangeMark & { stories: IndexedStory[] }> {
  const result = await pool.query<[string, number, ...IndexRow]>({ ...storyChangesStatement(since), rowMode: 'array' });
  const first = result.rows[0]!;
  const stories = first[2] === null ? [] : result.rows.map((row) => indexedStory(row.slice(2) as IndexRow));
  return { xmin: first[0], deletions: first[1], stories };
}
