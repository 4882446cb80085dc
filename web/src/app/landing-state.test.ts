import { describe, expect, it } from 'vitest';
import { FRESHNESS_PATH } from '@/components/data-age';
import { MONTH_ACCURACY, SITE_STATS, TRENDING_SAMPLE } from '@/features/landing/api';
import type { ApiAnswer } from '../prerendered';
import { loadLanding } from './landing-state';
import { createQueryClient } from './query-client';

describe('loadLanding', () => {
  it("fills the cache under the landing page's own keys, leaving out an answer that failed", async () => {
    const answers: Record<string, ApiAnswer> = {
      [TRENDING_SAMPLE.path]: { status: 200, body: { stories: [{ id: 1 }] } },
      [SITE_STATS.path]: { status: 200, body: { storiesLast30Days: 1274, readersLast24Hours: 3 } },
      [MONTH_ACCURACY.path]: { status: 503, body: null },
      [FRESHNESS_PATH]: { status: 200, body: { asOf: 1_700_000_000, unreachableSince: null } },
    };
    const asked: string[] = [];
    const client = createQueryClient();
    await loadLanding(client, async (path) => {
      asked.push(path);
      return answers[path] ?? { status: 404, body: null };
    });
    expect(asked.sort()).toEqual(Object.keys(answers).sort());
    expect(client.getQueryData(TRENDING_SAMPLE.key)).toEqual({ stories: [{ id: 1 }] });
    expect(client.getQueryData(SITE_STATS.key)).toEqual({ storiesLast30Days: 1274, readersLast24Hours: 3 });
    expect(client.getQueryData([FRESHNESS_PATH])).toEqual({ asOf: 1_700_000_000, unreachableSince: null });
    // The page asks for it itself once the app runs.
    expect(client.getQueryState(MONTH_ACCURACY.key)).toBeUndefined();
  });

  it('leaves out a sample with no story yet, which the app then asks for itself', async () => {
    const client = createQueryClient();
    await loadLanding(client, async (path) => ({ status: 200, body: path === TRENDING_SAMPLE.path ? { stories: [] } : {} }));
    expect(client.getQueryState(TRENDING_SAMPLE.key)).toBeUndefined();
    expect(client.getQueryData(SITE_STATS.key)).toEqual({});
  });
});
