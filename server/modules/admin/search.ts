import type pg from 'pg';
import type { AdminSearchHit, AdminSearchResponse } from '#common/contracts/admin.ts';
import { ADMIN_SEARCH_RESULTS_PER_TYPE, adminSearchHours, type AdminSearchTime, type AdminSearchType } from '#common/rules/admin.ts';
import { containsPattern } from '../search/queries.ts';

type ResultType = Exclude<AdminSearchType, 'all'>;

/**
 * Each type's search (spec part 2 §5): the fields matched (case-insensitive substring, the text taken literally),
 * the field whose exact match ranks first, the row's time for ordering and the time filter, and how a hit reads.
 * Keywords carry no time: a time filter leaves them unfiltered.
 */
interface TypeSearch {
  from: string;
  fields: string[];
  exact: string;
  time: string | null;
  select: string;
}

const SEARCHES: Record<ResultType, TypeSearch> = {
  users: {
    from: 'users',
    fields: ['email', 'first_name', 'last_name', 'display_name', 'name'],
    exact: 'coalesce(display_name, name)',
    time: 'created_at',
    select: `id::text, coalesce(display_name, name) AS title, email || ' · ' || role AS subtitle, created_at`,
  },
  stories: {
    from: 'stories',
    fields: ['title', 'by', 'domain'],
    exact: 'title',
    time: 'to_timestamp(time)',
    select: `id::text, title, 'by ' || by || CASE WHEN domain <> '' THEN ' · ' || domain ELSE '' END || ' · ' || score || ' points' || CASE WHEN hidden THEN ' · hidden' ELSE '' END AS subtitle, to_timestamp(time) AS created_at`,
  },
  keywords: { from: 'keywords', fields: ['key', 'display'], exact: 'display', time: null, select: `id::text, display AS title, key AS subtitle, NULL::timestamptz AS created_at` },
  alerts: {
    from: 'keyword_alerts',
    fields: ['keyword'],
    exact: 'keyword',
    time: 'created_at',
    select: `id::text, keyword AS title, 'threshold ' || threshold || CASE WHEN is_active THEN ' · active' ELSE ' · paused' END AS subtitle, created_at`,
  },
  flags: {
    from: 'content_flags',
    fields: ['flag_type', 'reason'],
    exact: 'flag_type',
    time: 'created_at',
    select: `id::text, flag_type || ' · ' || status AS title, coalesce(reason, 'No reason provided') AS subtitle, created_at`,
  },
  logs: {
    from: 'admin_logs',
    fields: ['action', 'details::text'],
    exact: 'action',
    time: 'created_at',
    select: `id::text, action AS title, target_type || coalesce(' ' || target_id, '') AS subtitle, created_at`,
  },
  settings: {
    from: 'settings',
    fields: ['key', 'description', 'category'],
    exact: 'key',
    time: 'updated_at',
    select: `key AS id, key AS title, category || CASE WHEN description <> '' THEN ' · ' || description ELSE '' END AS subtitle, updated_at AS created_at`,
  },
};

const RESULT_TYPES = Object.keys(SEARCHES) as ResultType[];

async function searchOne(pool: pg.Pool, type: ResultType, text: string, hours: number | null) {
  const search = SEARCHES[type];
  const params: unknown[] = [containsPattern(text)];
  const conditions = [`(${search.fields.map((field) => `lower(${field}) LIKE lower($1)`).join(' OR ')})`];
  if (hours !== null && search.time) {
    params.push(hours);
    conditions.push(`${search.time} >= now() - make_interval(hours => $2)`);
  }
  const where = conditions.join(' AND ');
  // The exact text is the last parameter of the page's statement only (the count has no use for it).
  const order = `(lower(${search.exact}) = lower($${params.length + 1})) DESC, ${search.time ?? 'id'} DESC NULLS LAST`;
  const [rows, count] = await Promise.all([
    pool.query<{ id: string; title: string; subtitle: string; created_at: Date | null }>(
      `SELECT ${search.select} FROM ${search.from} WHERE ${where} ORDER BY ${order} LIMIT ${ADMIN_SEARCH_RESULTS_PER_TYPE}`,
      [...params, text],
    ),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${search.from} WHERE ${where}`, params),
  ]);
  const results: AdminSearchHit[] = rows.rows.map((row) => ({ id: row.id, title: row.title, subtitle: row.subtitle ?? '', createdAt: row.created_at?.toISOString() ?? null }));
  return { results, count: count.rows[0]!.n };
}

/** The admin search: every type asked for, answered by the database (the first 50 of each, and the count). */
export async function adminSearch(pool: pg.Pool, query: { q: string; type: AdminSearchType; time: AdminSearchTime }): Promise<AdminSearchResponse> {
  const text = query.q.trim();
  const hours = adminSearchHours(query.time);
  const wanted = query.type === 'all' ? RESULT_TYPES : [query.type];
  const answers = await Promise.all(RESULT_TYPES.map((type) => (wanted.includes(type) ? searchOne(pool, type, text, hours) : { results: [], count: 0 })));
  return Object.fromEntries(RESULT_TYPES.map((type, index) => [type, answers[index]!])) as AdminSearchResponse;
}

/** The counts shown before searching. */
export async function adminSearchSummary(pool: pg.Pool) {
  const result = await pool.query<{ users: number; stories: number; alerts: number; settings: number }>(
    `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM stories WHERE NOT dead AND NOT deleted) AS stories,
            (SELECT count(*)::int FROM keyword_alerts) AS alerts, (SELECT count(*)::int FROM settings) AS settings`,
  );
  return result.rows[0]!;
}
