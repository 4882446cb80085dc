import { MIN_STORY_SCORE_MAX } from '#common/rules/limits.ts';
import {
  DEFAULT_SEARCH_FILTERS,
  SEARCH_ORDERS,
  SEARCH_SORTS,
  SEARCH_TEXT_MAX_LENGTH,
  SEARCH_TIME_RANGES,
  type SearchFilters,
} from '#common/rules/search.ts';

const oneOf = <T extends string>(values: readonly T[], text: string | null, fallback: T): T =>
  values.includes(text as T) ? (text as T) : fallback;

/**
 * A search as the query string of /search (`?q=rust&sort=time`), so it can be bookmarked, shared and reloaded, and
 * Back returns to the previous one. Only what differs from the defaults is written; anything missing or not
 * understood means the default, so a mistyped link still opens a search.
 */
export function filtersFromSearch(search: string): SearchFilters {
  const params = new URLSearchParams(search);
  const textParam = (name: 'q' | 'domain' | 'author') => (params.get(name) ?? '').trim().slice(0, SEARCH_TEXT_MAX_LENGTH);
  const minScoreText = params.get('minScore') ?? '';
  return {
    q: textParam('q'),
    domain: textParam('domain'),
    author: textParam('author'),
    minScore: /^\d{1,6}$/.test(minScoreText) ? Math.min(Number(minScoreText), MIN_STORY_SCORE_MAX) : DEFAULT_SEARCH_FILTERS.minScore,
    hours: oneOf(SEARCH_TIME_RANGES, params.get('hours'), DEFAULT_SEARCH_FILTERS.hours),
    sort: oneOf(SEARCH_SORTS, params.get('sort'), DEFAULT_SEARCH_FILTERS.sort),
    order: oneOf(SEARCH_ORDERS, params.get('order'), DEFAULT_SEARCH_FILTERS.order),
  };
}

/** The query string for a search ('' for the default one), keys in a fixed order. */
export function searchFromFilters(filters: SearchFilters): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'domain', 'author', 'minScore', 'hours', 'sort', 'order'] as const) {
    const value = typeof filters[key] === 'string' ? (filters[key] as string).trim() : filters[key];
    if (value !== DEFAULT_SEARCH_FILTERS[key]) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The API request for a search: its filters, and the spec's first 100. */
export function searchApiPath(filters: SearchFilters): string {
  const params = new URLSearchParams(searchFromFilters(filters));
  return `/api/search/stories${params.size > 0 ? `?${params}` : ''}`;
}
