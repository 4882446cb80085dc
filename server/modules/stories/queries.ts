import type pg from 'pg';
import type { StoryListQuery, StoryListSort } from '../../../common/contracts/stories.ts';
import { listTotalBound } from '../../../common/rules/list-total.ts';
import { timeFilterHours } from '../../../common/rules/time-windows.ts';

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
  /** The current prediction, where the query reads it (null when the story has none). */
  prediction_probability?: number | null;
}

/**
 * Each sort reads one precomputed column; ties break on id so pages never overlap. Each ORDER BY is exactly the
 * leading columns of an index (server/db/schema/stories.ts), whose later columns carry the min score and the window,
 * so PostgreSQL can read a page in order, checking the filters on index entries, and stop at its LIMIT; for a
 * small window it may read the window and sort it instead. docs/performance.md has the plans.
 */
const ORDER_BY: Record<StoryListSort, string> = {
  trending: 'trending_score DESC, score DESC, id DESC',
  top: 'score DESC, id DESC',
  comments: 'descendants DESC, id DESC',
  recent: 'time DESC, id DESC',
  'fast-risers': 'rise_score DESC, id DESC',
};

/** How far back each sort looks, in hours; null means all stories. */
export function windowHours(sort: StoryListSort, query: StoryListQuery): number | null {
  if (sort === 'trending') return query.hours ?? timeFilterHours(query.timeFilter);
  return query.hours ?? null;
}

function whereClause(sort: StoryListSort, query: StoryListQuery, nowMs: number): { sql: string; params: unknown[] } {
  const conditions = ['NOT dead', 'NOT deleted', 'NOT hidden', 'score >= $1'];
  const params: unknown[] = [query.minScore];
  const hours = windowHours(sort, query);
  if (hours !== null) {
    params.push(Math.floor(nowMs / 1000) - hours * 3600);
    conditions.push(`time >= $${params.length}`);
  }
  if (sort === 'fast-risers') {
    params.push(query.minVelocity);
    conditions.push(`rise_score > 0`, `score_velocity >= $${params.length}`);
  }
  return { sql: conditions.join(' AND '), params };
}

/**
 * The one statement behind a list page: its total, counted up to a bound (common/rules/list-total.ts) so the count
 * stops early instead of reading the window, and its stories. One statement rather than two, because on the
 * embedded database every statement takes its turn on the one session and the turn, not the query, is most of the
 * cost. A page past the end is a single row with the total and no story (id null).
 */
export function storyListStatement(sort: StoryListSort, query: StoryListQuery, nowMs: number): { text: string; values: unknown[] } {
  const where = whereClause(sort, query, nowMs);
  const offset = (query.page - 1) * query.limit;
  return {
    text: `WITH total AS (
             SELECT count(*)::int AS total
               FROM (SELECT 1 FROM stories WHERE ${where.sql} LIMIT ${listTotalBound(query.page, query.limit)}) AS bounded
           ), page AS (
             SELECT id, hn_id, title, url, score, descendants, by, time, domain,
                    score_velocity, comments_velocity, trending_score, rise_score, prediction_probability
               FROM stories WHERE ${where.sql}
              ORDER BY ${ORDER_BY[sort]}
              LIMIT ${query.limit} OFFSET ${offset}
           )
           SELECT total.total, page.* FROM total LEFT JOIN page ON true
            ORDER BY ${ORDER_BY[sort]}`,
    values: where.params,
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

/** The id of the newest finished ingestion cycle: list caches are valid until it changes. */
export async function selectDataGeneration(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ id: number | null }>(
    `SELECT max(id) AS id FROM ingestion_cycles WHERE finished_at IS NOT NULL`,
  );
  return result.rows[0]?.id ?? 0;
}
