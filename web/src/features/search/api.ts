import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '#common/contracts/search.ts';
import { SUGGESTION_MIN_QUERY_LENGTH, type SearchFilters } from '#common/rules/search.ts';
import { getJson } from '@/lib/api';
import { RETRIED_DATA } from '@/lib/retry';
import { searchApiPath } from './search-url';

/**
 * GET /api/search/stories. Each search is its own cached query, so an answer can only ever show for the search
 * that asked it: a slow answer to an older search never replaces a newer one. The previous results stay on screen
 * (dimmed) while the next arrive.
 */
export function useSearchStories(filters: SearchFilters) {
  const path = searchApiPath(filters);
  return useQuery({
    ...RETRIED_DATA,
    queryKey: [path],
    queryFn: () => getJson<SearchResponse>(path),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/search/suggestions, once the text is long enough (spec part 2 §5). */
export function useSuggestions(text: string) {
  const q = text.trim();
  const enabled = q.length >= SUGGESTION_MIN_QUERY_LENGTH;
  return useQuery({
    ...RETRIED_DATA,
    queryKey: ['/api/search/suggestions', q],
    queryFn: () => getJson<{ suggestions: string[] }>(`/api/search/suggestions?${new URLSearchParams({ q })}`),
    enabled,
    staleTime: 60_000,
    select: (data) => data.suggestions,
  });
}
