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
}

/**
 * Each sort reads one precomputed column; ties break on id so pages never overlap. Each ORDER BY is exactly an
 * index's column list (server/db/schema/stories.ts), so PostgreSQL can read a page in order and stop at its LIMIT
 * instead of sorting the window. docs/performance.md has the plans.
 */
const ORDER_KEYS: Record<StoryListSort, { lead: string; tieBreak: string }> = {
  trending: { lead: 'trending_score', tieBreak: 'score DESC, id DESC' },
  top: { lead: 'score', tieBreak: 'id DESC' },
  comments: { lead: 'descendants', tieBreak: 'id DESC' },
  recent: { lead: 'time', tieBreak: 'id DESC' },
  'fast-risers': { lead: 'rise_score', tieBreak: 'id DESC' },
};

/**
 * Windows up to a week (about 9,600 stories) are cheap to read whole and sort. A month (about 41,000) is not, and it
 * is a large enough part of the table that walking the index in order finds its stories soon; past it,
 * PostgreSQL chooses between the two.
 */
const WINDOW_FIRST_MAX_HOURS = 168;
/** From this min score on, few of the recent stories that lead the trending order pass the filter. */
const TRENDING_SPARSE_MIN_SCORE = 100;

/**
 * True when the page is cheaper to find by reading the window (or the stories above the min score) and sorting it
 * than by walking the sort's index in order. The walk reads stories in order until it has the page, skipping those
 * outside the window; when the window is a small part of the table it skips nearly everything (top, last 3 days:
 * 66,000 index entries for 50 stories at 500,000 stories), and PostgreSQL's estimate, which assumes the window's
 * stories are spread evenly through the order, misses that. Trending's order is led by recent stories (only they
 * have a trending score), so its walk stays short unless a high min score skips most of them.
 */
function readsWindowFirst(sort: StoryListSort, query: StoryListQuery): boolean {
  const hours = windowHours(sort, query);
  if (hours === null || hours > WINDOW_FIRST_MAX_HOURS) return false;
  if (sort === 'top' || sort === 'comments') return true;
  return sort === 'trending' && query.minScore >= TRENDING_SPARSE_MIN_SCORE;
}

function orderBy(sort: StoryListSort, query: StoryListQuery): string {
  const { lead, tieBreak } = ORDER_KEYS[sort];
  // "+ 0" orders the same, but no index matches the expression, so PostgreSQL reads the window and sorts it.
  return `${lead}${readsWindowFirst(sort, query) ? ' + 0' : ''} DESC, ${tieBreak}`;
}

/** How far back each sort looks, in hours; null means all stories. */
export function windowHours(sort: StoryListSort, query: StoryListQuery): number | null {
  if (sort === 'trending') return query.hours ?? timeFilterHours(query.timeFilter);
  return query.hours ?? null;
}

function whereClause(sort: StoryListSort, query: StoryListQuery, nowMs: number): { sql: string; params: unknown[] } {
  const conditions = ['NOT dead', 'NOT deleted', 'score >= $1'];
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

/** The statements behind a list page: the page itself, and its total counted up to a bound. */
export function storyListStatements(
  sort: StoryListSort,
  query: StoryListQuery,
  nowMs: number,
): { page: { text: string; values: unknown[] }; count: { text: string; values: unknown[] } } {
  const where = whereClause(sort, query, nowMs);
  const offset = (query.page - 1) * query.limit;
  return {
    page: {
      text: `SELECT id, hn_id, title, url, score, descendants, by, time, domain,
                    score_velocity, comments_velocity, trending_score
               FROM stories WHERE ${where.sql}
              ORDER BY ${orderBy(sort, query)}
              LIMIT ${query.limit} OFFSET ${offset}`,
      values: where.params,
    },
    // Counted up to a bound (common/rules/list-total.ts), so the count stops early instead of reading the window.
    count: {
      text: `SELECT count(*)::int AS total
               FROM (SELECT 1 FROM stories WHERE ${where.sql} LIMIT ${listTotalBound(query.page, query.limit)}) AS bounded`,
      values: where.params,
    },
  };
}

export async function selectStoryPage(
  pool: pg.Pool,
  sort: StoryListSort,
  query: StoryListQuery,
  nowMs: number,
): Promise<{ rows: StoryRow[]; totalCount: number }> {
  const statements = storyListStatements(sort, query, nowMs);
  const [page, count] = await Promise.all([
    pool.query<StoryRow>(statements.page),
    pool.query<{ total: number }>(statements.count),
  ]);
  return { rows: page.rows, totalCount: count.rows[0]?.total ?? 0 };
}

/** The id of the newest finished ingestion cycle: list caches are valid until it changes. */
export async function selectDataGeneration(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ id: number | null }>(
    `SELECT max(id) AS id FROM ingestion_cycles WHERE finished_at IS NOT NULL`,
  );
  return result.rows[0]?.id ?? 0;
}
