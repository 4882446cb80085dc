import type { HistorySnapshot, StoryHistory } from '#common/contracts/story-history.ts';
import type { DehydratedState } from '@tanstack/react-query';
import { parseIsoTime } from './iso-time';

/**
 * A story history's snapshots as the page the server renders carries them (its app-state): a column of each number
 * rather than an object of four fields each; times, points and comments as the change from the snapshot before (a
 * few digits that repeat, which compress to about half of the whole numbers); no rank as 0. The
 * longest histories' 600 snapshots were 45 of a page's 74 KB as objects with ISO times, and the render thread wrote,
 * compressed and the browser read all of it; packed they are about a fifth. Only the page's copy is packed: the
 * API's answer and the query cache hold the snapshots as the contract has them, and the app unpacks them before it
 * starts (boot.tsx), so the page it adopts is drawn from the same answer.
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

/** How toISOString writes a time of years 0-9999 (what the server writes, server/modules/stories/iso-time.ts). */
const ISO_TIME_LENGTH = 24;

/**
 * The history with its snapshots packed, or as it is when a time would not come back the same (not written as
 * toISOString writes it): unpacking must give back exactly the answer. The history itself is not changed.
 */
export function packStoryHistory(history: StoryHistory): StoryHistory | PackedStoryHistory {
  const { snapshots, ...rest } = history;
  const count = snapshots.length;
  const gapsMs = new Array<number>(Math.max(0, count - 1));
  const scoreSteps = new Array<number>(count);
  const commentSteps = new Array<number>(count);
  const ranks = new Array<number>(count);
  let firstMs = 0;
  let previous: HistorySnapshot = { time: '', score: 0, comments: 0, rank: null };
  let previousMs = 0;
  for (let index = 0; index < count; index++) {
    const snapshot = snapshots[index]!;
    const { time } = snapshot;
    const timeMs = parseIsoTime(time);
    if (time.length !== ISO_TIME_LENGTH || time.charCodeAt(ISO_TIME_LENGTH - 1) !== 90 /* Z */ || !Number.isInteger(timeMs) || snapshot.rank === 0) return history;
    if (index === 0) firstMs = timeMs;
    else gapsMs[index - 1] = timeMs - previousMs;
    previousMs = timeMs;
    scoreSteps[index] = snapshot.score - previous.score;
    commentSteps[index] = snapshot.comments - previous.comments;
    ranks[index] = snapshot.rank ?? 0;
    previous = snapshot;
  }
  return { ...rest, packedSnapshots: { firstMs, gapsMs, scoreSteps, commentSteps, ranks } };
}

export function isPackedStoryHistory(data: unknown): data is PackedStoryHistory {
  return typeof data === 'object' && data !== null && 'packedSnapshots' in data;
}

/** The history as the API answers it, from a packed one. */
export function unpackStoryHistory(packed: PackedStoryHistory): StoryHistory {
  const { packedSnapshots, ...rest } = packed;
  const { firstMs, gapsMs, scoreSteps, commentSteps, ranks } = packedSnapshots;
  const snapshots: HistorySnapshot[] = [];
  let timeMs = firstMs;
  let score = 0;
  let comments = 0;
  for (let index = 0; index < ranks.length; index++) {
    if (index > 0) timeMs += gapsMs[index - 1]!;
    score += scoreSteps[index]!;
    comments += commentSteps[index]!;
    snapshots.push({ time: new Date(timeMs).toISOString(), score, comments, rank: ranks[index] || null });
  }
  return { ...rest, snapshots };
}

/** A page's dehydrated query cache with each story history in it packed; the cache's own answers are not changed. */
export function packPageState(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => (isStoryHistory(query.state.data) ? { ...query, state: { ...query.state, data: packStoryHistory(query.state.data) } } : query)),
  };
}

/** Undoes packPageState on the page's state as read, before the app's cache takes it in. */
export function unpackPageState(state: DehydratedState): void {
  for (const query of state.queries ?? []) {
    if (isPackedStoryHistory(query.state.data)) query.state.data = unpackStoryHistory(query.state.data);
  }
}

function isStoryHistory(data: unknown): data is StoryHistory {
  return typeof data === 'object' && data !== null && 'snapshots' in data && 'facts' in data && Array.isArray(data.snapshots);
}
