import type { QueryClient } from '@tanstack/react-query';
import { FRESHNESS_PATH } from '@/components/data-age';
import { MONTH_ACCURACY, SITE_STATS, TRENDING_SAMPLE } from '@/features/landing/api';
import type { ApiCall } from '../prerendered';

/** What the landing page shows from the API: the trending sample, the live figures and the data's age. */
const LANDING_ANSWERS: readonly { key: readonly unknown[]; path: string }[] = [
  TRENDING_SAMPLE,
  SITE_STATS,
  MONTH_ACCURACY,
  { key: [FRESHNESS_PATH], path: FRESHNESS_PATH },
];

/**
 * Fills the query cache with the landing page's answers, asked as a visitor, under the keys its own queries use:
 * the server renders the page from them, so it reads complete before any script runs. An answer that failed is
 * left out, and the page asks for it itself once the app runs, as it would without the server's help.
 */
export async function loadLanding(queryClient: QueryClient, call: ApiCall): Promise<void> {
  const answers = await Promise.all(LANDING_ANSWERS.map(({ path }) => call(path)));
  LANDING_ANSWERS.forEach(({ key }, index) => {
    const answer = answers[index]!;
    if (answer.status === 200) queryClient.setQueryData(key, answer.body);
  });
}
