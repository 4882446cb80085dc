import type { HistorySnapshot, StoryHistory } from '../contracts/story-history.ts';
import { isoTime } from './iso-time.ts';
import type { HistoryPoint } from './story-history.ts';

/**
 * A story history's snapshots as a page the server renders carries them, and as the server's HTTP thread hands them
 * to its render thread: a column of each number rather than an object of four fields each; times, points and
 * comments as the change from the snapshot before (a few digits that repeat, which compress to about half of the
 * whole numbers); no rank as 0. The longest histories' 600 snapshots were 45 of a page's 74 KB as objects with ISO
 * times; packed they are about a fifth, and made from the points' times in ms, with no ISO time written or read.
 * The API's answer and the app's query cache hold the snapshots as the contract has them: unpacking gives exactly
 * that answer back, its times written as the API writes them.
 */
export interface PackedSnapshots {
  /** The first snapshot's time, ms since the epoch. */
  firstMs: number;
  /** Each snapshot's time after the one before, ms (none for the first). */
  gapsMs: number[];
  /** The first snapshot's points, then each one's change from the one before; the same for comments. */
  scoreSteps: number[];
  commentSteps: number[];
  /** 0 for a snapshot not on the top list (ranks start at 1). */
  ranks: number[];
}

export type PackedStoryHistory = Omit<StoryHistory, 'snapshots'> & { packedSnapshots: PackedSnapshots };

/** Snapshots (whole ms times, oldest first), packed. */
export function packSnapshots(points: readonly HistoryPoint[]): PackedSnapshots {
  const count = points.length;
  const gapsMs = new Array<number>(Math.max(0, count - 1));
  const scoreSteps = new Array<number>(count);
  const commentSteps = new Array<number>(count);
  const ranks = new Array<number>(count);
  let previous: HistoryPoint = { timeMs: 0, score: 0, comments: 0, rank: null };
  for (let index = 0; index < count; index++) {
    const point = points[index]!;
    if (index > 0) gapsMs[index - 1] = point.timeMs - previous.timeMs;
    scoreSteps[index] = point.score - previous.score;
    commentSteps[index] = point.comments - previous.comments;
    ranks[index] = point.rank ?? 0;
    previous = point;
  }
  return { firstMs: points[0]?.timeMs ?? 0, gapsMs, scoreSteps, commentSteps, ranks };
}

/** The snapshots as the API answers them, from packed ones. */
export function unpackSnapshots(packed: PackedSnapshots): HistorySnapshot[] {
  const { firstMs, gapsMs, scoreSteps, commentSteps, ranks } = packed;
  const snapshots = new Array<HistorySnapshot>(ranks.length);
  let timeMs = firstMs;
  let score = 0;
  let comments = 0;
  for (let index = 0; index < ranks.length; index++) {
    if (index > 0) timeMs += gapsMs[index - 1]!;
    score += scoreSteps[index]!;
    comments += commentSteps[index]!;
    snapshots[index] = { time: isoTime(timeMs), score, comments, rank: ranks[index] || null };
  }
  return snapshots;
}

export function isPackedStoryHistory(data: unknown): data is PackedStoryHistory {
  return typeof data === 'object' && data !== null && 'packedSnapshots' in data;
}

/** The history as the API answers it, from a packed one. */
export function unpackStoryHistory(packed: PackedStoryHistory): StoryHistory {
  const { packedSnapshots, ...rest } = packed;
  return { ...rest, snapshots: unpackSnapshots(packedSnapshots) };
}
