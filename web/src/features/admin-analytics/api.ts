import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SharedLinksAnalytics } from '../../../../common/contracts/analytics.ts';
import { SHARED_LINKS_REFRESH_MS, type SharedLinkPeriod } from '../../../../common/rules/analytics.ts';
import { ApiError, getJson } from '@/lib/api';

/** Retried up to 3 times, never after a refusal or bad input (part 2 §7). */
const retry = (failureCount: number, error: unknown) => failureCount < 3 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/** Shared-links analytics of the last `days` days, fresh for and refreshed every 30 s (part 2 §9). */
export function useSharedLinksAnalytics(days: SharedLinkPeriod) {
  const path = `/api/admin/analytics/shared-links?days=${days}`;
  return useQuery({
    queryKey: [path],
    queryFn: () => getJson<SharedLinksAnalytics>(path),
    staleTime: SHARED_LINKS_REFRESH_MS,
    refetchInterval: SHARED_LINKS_REFRESH_MS,
    placeholderData: keepPreviousData,
    retry,
  });
}
