import { useQuery } from '@tanstack/react-query';
import type { Accuracy } from '#common/contracts/predictions.ts';
import type { SiteStats } from '#common/contracts/site-stats.ts';
import type { Story } from '#common/contracts/stories.ts';
import { getJson } from '@/lib/api';

/** Stories in the landing page's live sample. */
export const SAMPLE_SIZE = 3;
/** Spec part 1 §9: the demo sample is cached 120 s. */
const SAMPLE_STALE_MS = 120_000;

/**
 * The landing page's answers: each query's key and the path it asks. The server asks the same paths to render the
 * page with its data (web/src/app/landing-state.ts), under the same keys, so the page reads them without asking.
 */
export const TRENDING_SAMPLE = { key: ['/api/demo/trending', SAMPLE_SIZE], path: `/api/demo/trending?limit=${SAMPLE_SIZE}` } as const;
export const SITE_STATS = { key: ['/api/site/stats'], path: '/api/site/stats' } as const;

export function useTrendingSample() {
  return useQuery({
    queryKey: TRENDING_SAMPLE.key,
    queryFn: () => getJson<{ stories: Story[] }>(TRENDING_SAMPLE.path),
    staleTime: SAMPLE_STALE_MS,
  });
}

/** The server measures its figures at most a minute before answering. */
const FIGURES_STALE_MS = 60_000;
/** The landing page's prediction figure covers the last 30 days. */
export const FIGURES_HOURS = 720;

const MONTH_ACCURACY_PATH = `/api/predictions/accuracy/public?hours=${FIGURES_HOURS}`;
export const MONTH_ACCURACY = { key: [MONTH_ACCURACY_PATH], path: MONTH_ACCURACY_PATH } as const;

export function useSiteStats() {
  return useQuery({ queryKey: SITE_STATS.key, queryFn: () => getJson<SiteStats>(SITE_STATS.path), staleTime: FIGURES_STALE_MS });
}

export function useMonthAccuracy() {
  return useQuery({ queryKey: MONTH_ACCURACY.key, queryFn: () => getJson<Accuracy>(MONTH_ACCURACY.path), staleTime: FIGURES_STALE_MS });
}
