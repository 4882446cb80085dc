import { dehydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { StoryHistory } from '#common/contracts/story-history.ts';
import { createQueryClient } from '@/app/query-client';
import { isPackedStoryHistory, packPageState, packStoryHistory, unpackPageState, unpackStoryHistory } from './packed-history';
import { storyHistoryKey } from './api';

const history = (snapshots: StoryHistory['snapshots']): StoryHistory => ({
  asOf: '2026-11-30T12:00:00.000Z',
  story: { id: 7, hnId: 9_000_007, title: 'A story', url: '', score: 40, descendants: 3, by: 'ann', time: 1_764_496_800, timeAgo: '2 hours ago', domain: '', scoreVelocity: 2, commentsVelocity: 1, trendingScore: 1, rank: null },
  snapshots,
  markers: [{ kind: 'peak', time: '2026-11-30T10:01:00.000Z', rank: 3 }],
  facts: { firstSeen: '2026-11-30T10:00:00.000Z', minutesToFrontPage: 1, peak: { rank: 3, time: '2026-11-30T10:01:00.000Z' }, minutesOnFrontPage: 1, now: { pointsPerHour: 2, commentsPerHour: 1 }, atPeak: null, heat: [] },
  resolution: { hourlyBefore: null, dailyBefore: null, sliceMinutes: null, label: 'Every change, minute by minute.' },
  predictions: [],
  keywords: ['story'],
});

const snapshots: StoryHistory['snapshots'] = [
  { time: '2026-11-30T10:00:00.000Z', score: 1, comments: 0, rank: null },
  { time: '2026-11-30T10:01:00.000Z', score: 5, comments: 0, rank: 3 },
  { time: '2026-11-30T10:01:00.250Z', score: 4, comments: 2, rank: 31 },
  { time: '2026-11-30T11:59:59.999Z', score: 40, comments: 3, rank: null },
];

describe('a story history packed for the page', () => {
  it('gives back exactly the answer it was made from', () => {
    const packed = packStoryHistory(history(snapshots));
    expect(isPackedStoryHistory(packed)).toBe(true);
    expect(JSON.stringify(packed)).not.toContain('2026-11-30T11:59:59.999Z');
    expect(unpackStoryHistory(packed as never)).toEqual(history(snapshots));
  });

  it('packs no snapshots as none', () => {
    expect(unpackStoryHistory(packStoryHistory(history([])) as never)).toEqual(history([]));
  });

  it('leaves as they are times it could not give back in the same words', () => {
    const odd = history([{ time: '2026-11-30T10:00:00Z', score: 1, comments: 0, rank: null }]);
    expect(packStoryHistory(odd)).toBe(odd);
  });

  it("packs a page's state and unpacks it, leaving the cache's own answer and other answers alone", () => {
    const client = createQueryClient();
    const answer = history(snapshots);
    client.setQueryData(storyHistoryKey(7), answer);
    client.setQueryData(['/api/auth/me'], { id: 'u1', snapshots: 'not a history' });
    const state = dehydrate(client);
    const packed = packPageState(state);
    expect(state.queries.find((query) => query.queryKey[0] === storyHistoryKey(7)[0])?.state.data).toBe(answer);
    const read = JSON.parse(JSON.stringify(packed)) as typeof packed;
    expect(JSON.stringify(read)).not.toContain('"snapshots":[');
    unpackPageState(read);
    expect(read).toEqual(JSON.parse(JSON.stringify(state)));
  });
});
