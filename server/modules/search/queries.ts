import type pg from 'pg';
import type { SearchQuery } from '../../../common/contracts/search.ts';
import type { SearchSort } from '../../../common/rules/search.ts';
import { SUGGESTIONS_LIMIT, SUGGESTION_MIN_WORD_LENGTH } from '../../../common/rules/search.ts';
import type { StoryRow } from '../stories/queries.ts';

/** Each sort's column; ties break on id in the same direction, so equal values keep one order. */
const SORT_COLUMNS: Record<SearchSort, string> = {
  score: 'score',
  comments: 'descendants',
  time: 'time',
  trending: 'trending_score',
};

/** A LIKE pattern matching `text` anywhere, with LIKE's own characters (% _ \) taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function whereClause(query: SearchQuery, nowMs: number): { sql: string; params: unknown[] } {
  const conditions = ['NOT dead', 'NOT deleted', 'NOT hidden'];
  const params: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  // Case-insensitive: lowercased text against a pattern lowercased by the same lower() (migration 0003's indexes).
  // The free text matches the title, or the domain or author, as the search box promises (docs/search.md).
  if (query.q) add((p) => `search_text LIKE lower(${p})`, containsPattern(query.q));
  if (query.domain) add((p) => `lower(domain) LIKE lower(${p})`, containsPattern(query.domain));
  if (query.author) add((p) => `lower(by) LIKE lower(${p})`, containsPattern(query.author));
  if (query.minScore > 0) add((p) => `score >= ${p}`, query.minScore);
  if (query.hours !== 'all') add((p) => `time >= ${p}`, Math.floor(nowMs / 1000) - Number(query.hours) * 3600);
  return { sql: conditions.join(' AND '), params };
}

export async function selectSearchResults(pool: pg.Pool, query: SearchQuery, nowMs: number): Promise<{ rows: StoryRow[]; totalCount: number }> {
  const where = whereClause(query, nowMs);
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const [page, count] = await Promise.all([
    pool.query<StoryRow>(
      `SELECT id, hn_id, title, url, score, descendants, by, time, domain, score_velocity, comments_velocity, trending_score
         FROM stories WHERE ${where.sql}
        ORDER BY ${SORT_COLUMNS[query.sort]} ${direction}, id ${direction}
        LIMIT ${query.limit}`,
      where.params,
    ),
    pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM stories WHERE ${where.sql}`, where.params),
  ]);
  return { rows: page.rows, totalCount: count.rows[0]?.total ?? 0 };
}

/** The title words containing `text`, those used by the most stories first. */
export async function selectSuggestions(pool: pg.Pool, text: string): Promise<string[]> {
  const result = await pool.query<{ word: string }>(
    `SELECT word FROM title_words WHERE word LIKE lower($1) AND length(word) >= $2 ORDER BY stories DESC, word LIMIT $3`,
    [containsPattern(text), SUGGESTION_MIN_WORD_LENGTH, SUGGESTIONS_LIMIT],
  );
  return result.rows.map((row) => row.word);
}
