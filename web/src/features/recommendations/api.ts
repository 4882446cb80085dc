import { useQuery } from '@tanstack/react-query';
import type { RecommendationsResponse } from '../../../../common/contracts/recommendations.ts';
import { getJson } from '@/lib/api';

export const RECOMMENDATIONS_PATH = '/api/recommendations';

/** GET /api/recommendations: "For you", with each story's reasons. */
export function useRecommendations(limit = 25) {
  return useQuery({
    queryKey: [RECOMMENDATIONS_PATH, { limit }],
    queryFn: () => getJson<RecommendationsResponse>(`${RECOMMENDATIONS_PATH}?limit=${limit}`),
  });
}
