import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Watch } from '#common/contracts/actions.ts';
import { apiRequest, getJson } from '@/lib/api';

export interface WatchesResponse {
  watches: Watch[];
  count: number;
}

const WATCHES_KEY = '/api/story-watches';

/** GET /api/story-watches: the person's watches with their current status and growth since the watch began. */
export function useWatches() {
  return useQuery({ queryKey: [WATCHES_KEY], queryFn: () => getJson<WatchesResponse>(WATCHES_KEY) });
}

/** DELETE /api/story-watches/{storyId}; the list and the cards' watch checks follow. */
export function useUnwatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storyId: number) => apiRequest('DELETE', `${WATCHES_KEY}/${storyId}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [WATCHES_KEY] });
      void queryClient.invalidateQueries({ queryKey: ['/api/story-watches/check-batch'] });
    },
  });
}
