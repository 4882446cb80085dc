import { dehydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { packSnapshots, unpackStoryHistory, type PackedStoryHistory } from '#common/rules/packed-history.ts';
import { createQueryClient } from '@/app/query-client';
import { unpackPageState, withPackedHistory } from './packed-history';
import { storyHistoryKey } from './api';

const packed: PackedStoryHistory = {
  asOf: '2026-11-30T12:00:00.000Z',
  story: { id: 7, hnId: 9_000_007, title: 'A story', url: '', score: 40, descendants: 3, by: 'ann', time: 1_764_496_800, timeAgo: '2 hours ago', domain: '', scoreVelocity: 2, commentsVelocity: 1, trendingScore: 1, rank: null },
  markers: [],
  facts: { firstSeen: '2026-11-30T10:00:00.000Z', minutesToFrontPage: null, peak: null, minutesOnFrontPage: 0, now: { pointsPerHour: 2, commentsPerHour: 1 }, atPeak: null, heat: [] },
  resolution: { hourlyBefore: null, dailyBefore: null, sliceMinutes: null, label: 'Every change, minute by minute.' },
  predictions: [],
  keywords: [],
  packedSnapshots: packSnapshots([
    { timeMs: Date.UTC(2026, 10, 30, 10), score: 1, comments: 0, rank: null },
    { timeMs: Date.UTC(2026, 10, 30, 10, 1), score: 5, comments: 1, rank: 12 },
  ]),
};

describe("a story page's state", () => {
  it('carries the history packed as it was handed over, and unpacks to what the cache held; other answers stay as they are', () => {
    const client = createQueryClient();
    const answer = unpackStoryHistory(packed);
    client.setQueryData(storyHistoryKey(7), answer);
    client.setQueryData(storyHistoryKey(8), answer);
    client.setQueryData(['/api/auth/me'], { id: 'u1', snapshots: 'not a history' });
    const state = dehydrate(client);
    const page = withPackedHistory(state, 7, packed);
    const dataOf = (of: typeof state, key: readonly unknown[]) => of.queries.find((query) => JSON.stringify(query.queryKey) === JSON.stringify(key))?.state.data;
    expect(dataOf(page, storyHistoryKey(7))).toBe(packed);
    expect(dataOf(page, storyHistoryKey(8))).toBe(answer);
    expect(dataOf(state, storyHistoryKey(7))).toBe(answer);
    const read = JSON.parse(JSON.stringify(page)) as typeof page;
    unpackPageState(read);
    expect(read).toEqual(JSON.parse(JSON.stringify(state)));
  });
});
