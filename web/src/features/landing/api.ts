import { useQuery } from '@tanstack/react-query';
import type { Story } from '../../../../common/contracts/stories.ts';
import { getJson } from '@/lib/api';

/** Stories in the landing page's live sample. */
export const SAMPLE_SIZE = 3;
/** Spec part 1 §9: the demo sample is cached 120 s. */
const SAMPLE_STALE_MS = 120_000;

export function useTrendingSample() {
  return useQuery({
    queryKey: ['/api/demo/trending', SAMPLE_SIZE],
    queryFn: () => getJson<{ stories: Story[] }>(`/api/demo/trending?limit=${SAMPLE_SIZE}`),
    staleTime: SAMPLE_STALE_MS,
  });
}
