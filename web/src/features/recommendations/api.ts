import { useQuery } from '@tanstack/react-query';
import type { RecommendationsResponse } from '#common/contracts/recommendations.ts';
import { getJson } from '@/lib/api';

export const RECOMMENDATIONS_PATH = '/api/recommendations';

/**
 * GET /api/recommendations: "For you", with each story's reasons. Asked again each time the page opens (stale at
 * once, unlike the app's default): it follows bookmarks, watches, notes, alerts and muting rules changed anywhere.
 */
export function useRecommendations(limit = 25) {
  return useQuery({
    queryKey: [RECOMMENDATIONS_PATH, { limit }],
    queryFn: () => getJson<RecommendationsResponse>(`${RECOMMENDATIONS_PATH}?limit=${limit}`),
    staleTime: 0,
  });
}
