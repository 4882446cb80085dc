import type { QueryClient } from '@tanstack/react-query';
import { FRESHNESS_PATH } from '@/components/data-age';
import { MONTH_ACCURACY, SITE_STATS, TRENDING_SAMPLE } from '@/features/landing/api';
import type { ApiCall } from '../prerendered';

interface LandingAnswer {
  key: readonly unknown[];
  path: string;
  /** Whether the answer is worth keeping in the page; by default any answer is. */
  worthKeeping?: (body: unknown) => boolean;
}

/**
 * What the landing page shows from the API: the trending sample, the live figures and the data's age. A sample
 * with no story yet (a server that has not finished its first ingestion) is not kept: the app would take it as
 * fresh for two minutes, where it asks again at once without it.
 */
const LANDING_ANSWERS: readonly LandingAnswer[] = [
  { ...TRENDING_SAMPLE, worthKeeping: (body) => ((body as { stories?: unknown[] }).stories?.length ?? 0) > 0 },
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
  LANDING_ANSWERS.forEach(({ key, worthKeeping = () => true }, index) => {
    const answer = answers[index]!;
    if (answer.status === 200 && worthKeeping(answer.body)) queryClient.setQueryData(key, answer.body);
  });
}
