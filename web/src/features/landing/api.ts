import { useQuery } from '@tanstack/react-query';
import type { Accuracy } from '#common/contracts/predictions.ts';
import type { SiteStats } from '#common/contracts/site-stats.ts';
import type { Story } from '#common/contracts/stories.ts';
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

/** The server measures its figures at most a minute before answering. */
const FIGURES_STALE_MS = 60_000;
/** The landing page's prediction figure covers the last 30 days. */
export const FIGURES_HOURS = 720;

export function useSiteStats() {
  return useQuery({ queryKey: ['/api/site/stats'], queryFn: () => getJson<SiteStats>('/api/site/stats'), staleTime: FIGURES_STALE_MS });
}

export function useMonthAccuracy() {
  const path = `/api/predictions/accuracy/public?hours=${FIGURES_HOURS}`;
  return useQuery({ queryKey: [path], queryFn: () => getJson<Accuracy>(path), staleTime: FIGURES_STALE_MS });
}
