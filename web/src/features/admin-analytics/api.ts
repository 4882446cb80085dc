import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsEvents, ApiUsage, PopularStories, SharedLinksAnalytics } from '#common/contracts/analytics.ts';
import { ANALYTICS_REFRESH_MS, POPULAR_STORIES_LIMIT, SHARED_LINKS_REFRESH_MS, type AnalyticsTimeframe, type SharedLinkPeriod } from '#common/rules/analytics.ts';
import { getJson } from '@/lib/api';
import { RETRIED_DATA } from '@/lib/retry';

/** Retried up to 3 times, never after a refusal or bad input (part 2 §7). */

/** An admin analytics call, fresh for and refreshed every `refreshMs` (part 2 §9); the last answer stays while the next loads. */
function useAnalytics<T>(path: string, refreshMs: number) {
  return useQuery({
    queryKey: [path],
    queryFn: () => getJson<T>(path),
    staleTime: refreshMs,
    refetchInterval: refreshMs,
    placeholderData: keepPreviousData,
    ...RETRIED_DATA,
  });
}

/** Shared-links analytics of the last `days` days. */
export const useSharedLinksAnalytics = (days: SharedLinkPeriod) => useAnalytics<SharedLinksAnalytics>(`/api/admin/analytics/shared-links?days=${days}`, SHARED_LINKS_REFRESH_MS);

/** The most viewed stories of the last `hours` hours (50 at most). */
export const usePopularStories = (hours: AnalyticsTimeframe) =>
  useAnalytics<PopularStories>(`/api/analytics/popular-stories?timeframe=${hours}&limit=${POPULAR_STORIES_LIMIT}`, ANALYTICS_REFRESH_MS);

/** The newest API requests, totals and busiest routes of the last `hours` hours. */
export const useApiUsage = (hours: AnalyticsTimeframe) => useAnalytics<ApiUsage>(`/api/admin/analytics/api-usage?timeframe=${hours}`, ANALYTICS_REFRESH_MS);

/** The newest analytics events and their counts of the last `hours` hours. */
export const useAnalyticsEvents = (hours: AnalyticsTimeframe) => useAnalytics<AnalyticsEvents>(`/api/admin/analytics/events?timeframe=${hours}`, ANALYTICS_REFRESH_MS);
