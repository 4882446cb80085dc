import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RefreshResponse, StoryPage } from '#common/contracts/stories.ts';
import { FAST_RISERS_MIN_VELOCITY, sortEndpoint, type StorySort } from '#common/rules/sorts.ts';
import { timeFilterHours, type TimeFilter } from '#common/rules/time-windows.ts';
import { apiRequest, getJson } from '@/lib/api';
import type { HeatLevel } from '#common/rules/heat.ts';

export interface StoryListQuery {
  sort: StorySort;
  timeFilter: TimeFilter;
  minScore: number;
  page: number;
  limit: number;
  /** A domain ('' or absent for any), a heat level ('' or absent for any), muted stories shown. */
  domain?: string;
  heat?: HeatLevel | '';
  showMuted?: boolean;
}

const STORIES_KEY = '/api/stories';
/** Spec part 1 §9: story lists stay fresh 5 minutes and are kept 10 minutes. */
const STORIES_STALE_MS = 5 * 60_000;
const STORIES_GC_MS = 10 * 60_000;

/**
 * The list call of part 1 §7: the sort's endpoint with the window (trending takes it by name, every other sort as
 * hours: the window as chosen, a departure from the spec explained at timeFilterHours), and fast risers' minimum.
 */
export function storyListPath({ sort, timeFilter, minScore, page, limit, domain, heat, showMuted }: StoryListQuery): string {
  const params = new URLSearchParams({ minScore: String(minScore), page: String(page), limit: String(limit) });
  if (domain) params.set('domain', domain);
  if (heat) params.set('heat', heat);
  if (showMuted) params.set('showMuted', '1');
  if (sort === 'trending') params.set('timeFilter', timeFilter);
  else params.set('hours', String(timeFilterHours(timeFilter)));
  if (sort === 'fast-risers') params.set('minVelocity', String(FAST_RISERS_MIN_VELOCITY));
  return `/api/stories/${sortEndpoint(sort)}?${params}`;
}

/** The cache key of one list page; the server uses it too, when it puts the first page in the HTML. */
export function storyListKey(query: StoryListQuery) {
  return [STORIES_KEY, query] as const;
}

/** `enabled` false holds the call back (while the person's preferences, which shape it, still load). */
export function useStories(query: StoryListQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: storyListKey(query),
    queryFn: () => getJson<StoryPage>(storyListPath(query)),
    staleTime: STORIES_STALE_MS,
    gcTime: STORIES_GC_MS,
    // Paging keeps the current page on screen until the next arrives; a filter change shows skeletons.
    placeholderData: (previous, previousQuery) =>
      previousQuery && samePageOtherThanNumber(previousQuery.queryKey[1] as StoryListQuery, query) ? keepPreviousData(previous) : undefined,
  });
}

function samePageOtherThanNumber(a: StoryListQuery, b: StoryListQuery): boolean {
  return (
    a.sort === b.sort &&
    a.timeFilter === b.timeFilter &&
    a.minScore === b.minScore &&
    a.limit === b.limit &&
    (a.domain ?? '') === (b.domain ?? '') &&
    (a.heat ?? '') === (b.heat ?? '') &&
    Boolean(a.showMuted) === Boolean(b.showMuted)
  );
}

/** Runs an ingestion cycle now (or joins a recent one), then reloads every story list. */
export function useRefreshStories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<RefreshResponse>('POST', '/api/stories/refresh'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [STORIES_KEY] }),
  });
}
