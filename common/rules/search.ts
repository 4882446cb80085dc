/**
 * Advanced search (spec part 2 §2.4, §5, §9). The spec's client filtered the trending list in the browser; the
 * server answers the same rules over every stored story (docs/search.md).
 */
import { groupThousands } from './plural.ts';

/** Results shown: the first 100 (spec §9 "Search fetches up to 1000 stories, shows at most 100"). */
export const SEARCH_RESULTS_LIMIT = 100;
/**
 * How far a search counts its matches while the server's in-memory index loads and SQL answers: counting every match
 * of a frequent text there costs as much as reading them all. The answer then says its count is bounded, and the
 * caption says "1,000+". From memory every match is counted (docs/search.md).
 */
export const SEARCH_TOTAL_BOUND = 1000;
/** Suggestions need a query of at least this many characters... */
export const SUGGESTION_MIN_QUERY_LENGTH = 2;
/** ...and offer words longer than this... */
export const SUGGESTION_MIN_WORD_LENGTH = 4;
/** ...at most this many. */
export const SUGGESTIONS_LIMIT = 5;
/** Longest free text, domain or author a search takes. */
export const SEARCH_TEXT_MAX_LENGTH = 200;

export const SEARCH_SORTS = ['score', 'comments', 'time', 'trending'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_SORT_LABELS: Readonly<Record<SearchSort, string>> = {
  score: 'Score',
  comments: 'Comments',
  time: 'Time',
  trending: 'Trending',
};

export const SEARCH_ORDERS = ['desc', 'asc'] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];

/** The time range filter: story age in hours, or every story ('all'). */
export const SEARCH_TIME_RANGES = ['all', '1', '6', '24', '168'] as const;
export type SearchTimeRange = (typeof SEARCH_TIME_RANGES)[number];
export const SEARCH_TIME_RANGE_LABELS: Readonly<Record<SearchTimeRange, string>> = {
  all: 'All time',
  '1': 'Last hour',
  '6': 'Last 6 hours',
  '24': 'Last 24 hours',
  '168': 'Last 7 days',
};

export interface SearchFilters {
  q: string;
  domain: string;
  author: string;
  minScore: number;
  hours: SearchTimeRange;
  sort: SearchSort;
  order: SearchOrder;
}

export const DEFAULT_SEARCH_FILTERS: SearchFilters = { q: '', domain: '', author: '', minScore: 0, hours: 'all', sort: 'score', order: 'desc' };

/** The badge on the Filters panel: how many of its filters differ from their defaults (the text box is not one). */
export function activeFilterCount(filters: SearchFilters): number {
  return (['domain', 'author', 'minScore', 'hours', 'sort', 'order'] as const).filter((key) => filters[key] !== DEFAULT_SEARCH_FILTERS[key]).length;
}

/** A search's results caption (spec §2.4); `bounded` when the count stopped at its bound (at least that many). */
export function searchCaption(shown: number, totalCount: number, q: string, bounded = false): string {
  if (totalCount === 0) return 'No stories match your search criteria';
  const plus = bounded ? '+' : '';
  if (totalCount > shown) return `Showing first ${groupThousands(shown)} of ${groupThousands(totalCount)}${plus} results`;
  const found = `${groupThousands(totalCount)} ${totalCount === 1 ? 'story' : 'stories'} found`;
  return q ? `${found} for "${q}"` : found;
}
