import { describe, expect, it } from 'vitest';
import type { StoryHistory } from '../contracts/story-history.ts';
import { isPackedStoryHistory, packSnapshots, unpackSnapshots, unpackStoryHistory, type PackedStoryHistory } from './packed-history.ts';
import type { HistoryPoint } from './story-history.ts';

const points: HistoryPoint[] = [
  { timeMs: Date.UTC(2026, 10, 30, 10, 0), score: 1, comments: 0, rank: null },
  { timeMs: Date.UTC(2026, 10, 30, 10, 1), score: 5, comments: 0, rank: 3 },
  { timeMs: Date.UTC(2026, 10, 30, 10, 1, 0, 250), score: 4, comments: 2, rank: 31 },
  { timeMs: Date.UTC(2026, 10, 30, 11, 59, 59, 999), score: 40, comments: 3, rank: null },
  // Across a day, a year and a leap day's end.
  { timeMs: Date.UTC(2028, 1, 29, 23, 59, 59, 999), score: 41, comments: 3, rank: 1 },
  { timeMs: Date.UTC(2028, 2, 1), score: 38, comments: 9, rank: 2 },
];

describe('snapshots packed for a page', () => {
  it('unpack to the snapshots the API writes: times as toISOString writes them, no rank as null', () => {
    const packed = packSnapshots(points);
    expect(JSON.parse(JSON.stringify(packed))).toEqual(packed);
    expect(unpackSnapshots(packed)).toEqual(
      points.map((point) => ({ time: new Date(point.timeMs).toISOString(), score: point.score, comments: point.comments, rank: point.rank })),
    );
  });

  it('hold each number as its change from the snapshot before', () => {
    expect(packSnapshots(points.slice(0, 3))).toEqual({ firstMs: points[0]!.timeMs, gapsMs: [60_000, 250], scoreSteps: [1, 4, -1], commentSteps: [0, 0, 2], ranks: [0, 3, 31] });
  });

  it('pack no snapshots as none', () => {
    expect(unpackSnapshots(packSnapshots([]))).toEqual([]);
  });

  it('give back the whole history, and are told from an unpacked one', () => {
    const rest: Omit<StoryHistory, 'snapshots'> = {
      asOf: '2026-11-30T12:00:00.000Z',
      story: { id: 7, hnId: 9_000_007, title: 'A story', url: '', score: 40, descendants: 3, by: 'ann', time: 1_764_496_800, timeAgo: '2 hours ago', domain: '', scoreVelocity: 2, commentsVelocity: 1, trendingScore: 1, rank: null },
      markers: [{ kind: 'peak', time: '2026-11-30T10:01:00.000Z', rank: 3 }],
      facts: { firstSeen: '2026-11-30T10:00:00.000Z', minutesToFrontPage: 1, peak: { rank: 3, time: '2026-11-30T10:01:00.000Z' }, minutesOnFrontPage: 1, now: { pointsPerHour: 2, commentsPerHour: 1 }, atPeak: null, heat: [] },
      resolution: { hourlyBefore: null, dailyBefore: null, sliceMinutes: null, label: 'Every change, minute by minute.' },
      predictions: [],
      keywords: ['story'],
    };
    const packed: PackedStoryHistory = { ...rest, packedSnapshots: packSnapshots(points) };
    const history = unpackStoryHistory(packed);
    expect(history).toEqual({ ...rest, snapshots: unpackSnapshots(packed.packedSnapshots) });
    expect(isPackedStoryHistory(packed)).toBe(true);
    expect(isPackedStoryHistory(history)).toBe(false);
    expect(isPackedStoryHistory(null)).toBe(false);
  });
});
