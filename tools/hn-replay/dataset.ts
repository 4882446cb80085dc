/**
 * What the replay knows, queried by virtual time: items as of time t and the lists the API
 * serves. Combines the recorded front page (or its generated stand-in) with the synthetic tail.
 */
import { indexOfSorted, lastAtOrBefore } from './recorded.ts';
import { Flag, MAX_GROWTH_SECONDS, SyntheticStories } from './synthetic.ts';
import type { HnItem, RecordedData } from './types.ts';

export interface ObservationPoint {
  time: number;
  score: number;
  comments: number;
}

export interface Snapshot {
  time: number;
  /** Story ids in rank order (job ads took ranks in the recording but have no row, so ≤ 30). */
  ids: number[];
}

export interface Updates {
  items: number[];
  profiles: string[];
}

export interface ReplayDataset {
  /** `recorded`: real front-page data; `generated`: the synthetic stand-in (no data dir). */
  readonly source: 'recorded' | 'generated';
  readonly name: 'full' | 'sample-week' | 'generated';
  /** First and last snapshot times (unix seconds). */
  readonly range: { first: number; last: number };
  readonly counts: { stories: number; observations: number; snapshots: number; synthetic: number };
  /** How long loading and indexing took, in milliseconds. */
  readonly loadMs: number;
  itemAt(id: number, t: number): HnItem | null;
  topAt(t: number): number[];
  newAt(t: number): number[];
  bestAt(t: number): number[];
  askAt(t: number): number[];
  showAt(t: number): number[];
  jobsAt(t: number): number[];
  updatesAt(t: number): Updates;
  maxItemAt(t: number): number;
  /** The latest top-30 snapshot at or before t, or null before the first. */
  snapshotAt(t: number): Snapshot | null;
  /** Ids of the recorded (or generated front-page) stories, ascending. */
  storyIds(): number[];
  /** Recorded observations of a story (empty for synthetic or unknown ids). */
  observationsOf(id: number): ObservationPoint[];
  /** True for every item made up by the replay: the synthetic tail, and all of a generated dataset. */
  isSynthetic(id: number): boolean;
}

const HOUR = 3600;
/** Lists are sized like the real API's. */
const BIG_LIST = 500;
const SMALL_LIST = 200;
/** Story ages considered for each list (real HN's lists cover roughly these spans). */
const TOP_WINDOW = 48 * HOUR;
const BEST_WINDOW = 72 * HOUR;
const ASK_SHOW_WINDOW = 72 * HOUR;
/** updates.json covers changes in the last few minutes. */
const UPDATES_WINDOW = 300;
const UPDATES_STEP = 10;
const MAX_UPDATES = 100;

type ListName = 'top' | 'new' | 'best' | 'ask' | 'show' | 'job' | 'updates';

/** A reference to one item: recorded (`synthetic: false`) or synthetic, by its array index. */
interface Candidate {
  id: number;
  time: number;
  score: number;
  synthetic: boolean;
  index: number;
}

/** HN's published ranking formula, without the penalties. */
function hnRank(score: number, time: number, t: number): number {
  return (score - 1) / ((t - time) / HOUR + 2) ** 1.8;
}

export class Dataset implements ReplayDataset {
  readonly range: { first: number; last: number };
  readonly counts: ReplayDataset['counts'];
  private readonly lastObservation: Int32Array;
  private readonly cache = new Map<string, unknown>();
  private activeByDay: Map<number, number[]> | undefined;
  private readonly counter = { score: 0, comments: 0 };

  constructor(
    readonly source: 'recorded' | 'generated',
    readonly name: 'full' | 'sample-week' | 'generated',
    private readonly recorded: RecordedData,
    private readonly synthetic: SyntheticStories,
    readonly loadMs: number,
  ) {
    const snapshots = recorded.sampleTimes;
    this.range = { first: snapshots[0] ?? 0, last: snapshots[snapshots.length - 1] ?? 0 };
    this.counts = {
      stories: recorded.ids.length,
      observations: recorded.obsTimes.length,
      snapshots: snapshots.length,
      synthetic: synthetic.size,
    };
    this.lastObservation = new Int32Array(recorded.ids.length);
    for (let index = 0; index < recorded.ids.length; index++) {
      const end = recorded.obsStart[index + 1]!;
      this.lastObservation[index] = end > recorded.obsStart[index]! ? recorded.obsTimes[end - 1]! : recorded.times[index]!;
    }
  }

  // ---- items -------------------------------------------------------------------------------

  itemAt(id: number, t: number): HnItem | null {
    const index = indexOfSorted(this.recorded.ids, id);
    if (index >= 0) return this.recordedItemAt(index, t);
    const synthetic = this.synthetic.indexOf(id);
    return synthetic >= 0 ? this.synthetic.itemAt(synthetic, t) : null;
  }

  private recordedItemAt(index: number, t: number): HnItem | null {
    const data = this.recorded;
    const time = data.times[index]!;
    if (t < time) return null;
    this.recordedScoreAt(index, t, this.counter);
    const item: HnItem = { id: data.ids[index]!, type: 'story', by: data.authors[index]!, time, title: data.titles[index]! };
    const url = data.urls[index];
    if (url !== undefined) item.url = url;
    item.score = this.counter.score;
    item.descendants = this.counter.comments;
    return item;
  }

  /**
   * Score and comments of a recorded story at t >= its time: linear from (1 point, 0 comments) at
   * creation to the first observation, linear between observations (exact at snapshot times),
   * and flat after the last one.
   */
  private recordedScoreAt(index: number, t: number, out: { score: number; comments: number }): void {
    const data = this.recorded;
    const start = data.obsStart[index]!;
    const end = data.obsStart[index + 1]!;
    if (end === start) {
      out.score = 1;
      out.comments = 0;
      return;
    }
    const at = lastAtOrBefore(data.obsTimes, t, start, end);
    if (at < start) {
      const created = data.times[index]!;
      const firstTime = data.obsTimes[start]!;
      const fraction = firstTime > created ? (t - created) / (firstTime - created) : 1;
      out.score = Math.round(1 + (data.obsScores[start]! - 1) * fraction);
      out.comments = Math.round(data.obsComments[start]! * fraction);
      return;
    }
    if (at === end - 1 || data.obsTimes[at] === t) {
      out.score = data.obsScores[at]!;
      out.comments = data.obsComments[at]!;
      return;
    }
    const fraction = (t - data.obsTimes[at]!) / (data.obsTimes[at + 1]! - data.obsTimes[at]!);
    out.score = Math.round(data.obsScores[at]! + (data.obsScores[at + 1]! - data.obsScores[at]!) * fraction);
    out.comments = Math.round(data.obsComments[at]! + (data.obsComments[at + 1]! - data.obsComments[at]!) * fraction);
  }

  private countsOf(candidate: { synthetic: boolean; index: number }, t: number): { score: number; comments: number } {
    if (candidate.synthetic) this.synthetic.scoreAt(candidate.index, t, this.counter);
    else this.recordedScoreAt(candidate.index, t, this.counter);
    return this.counter;
  }

  maxItemAt(t: number): number {
    const recorded = lastAtOrBefore(this.recorded.times, t);
    const synthetic = lastAtOrBefore(this.synthetic.times, t);
    return Math.max(recorded >= 0 ? this.recorded.ids[recorded]! : 0, synthetic >= 0 ? this.synthetic.ids[synthetic]! : 0);
  }

  isSynthetic(id: number): boolean {
    if (this.synthetic.indexOf(id) >= 0) return true;
    return this.source === 'generated' && indexOfSorted(this.recorded.ids, id) >= 0;
  }

  // ---- lists -------------------------------------------------------------------------------

  /** Memoises one answer per (list, virtual second): clients poll the same lists many times. */
  private cached<T>(list: ListName, t: number, compute: () => T): T {
    const key = `${list}:${t}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit as T;
    const value = compute();
    if (this.cache.size >= 64) this.cache.clear();
    this.cache.set(key, value);
    return value;
  }

  /** Live listable stories created in (t - window, t], with their score at t. */
  private candidates(t: number, window: number, include: (synthetic: boolean, index: number) => boolean = () => true): Candidate[] {
    const out: Candidate[] = [];
    const recorded = this.recorded;
    for (let index = lastAtOrBefore(recorded.times, t - window) + 1, last = lastAtOrBefore(recorded.times, t); index <= last; index++) {
      if (!include(false, index)) continue;
      this.recordedScoreAt(index, t, this.counter);
      out.push({ id: recorded.ids[index]!, time: recorded.times[index]!, score: this.counter.score, synthetic: false, index });
    }
    const synthetic = this.synthetic;
    for (let index = lastAtOrBefore(synthetic.times, t - window) + 1, last = lastAtOrBefore(synthetic.times, t); index <= last; index++) {
      if (!synthetic.isListed(index) || !include(true, index)) continue;
      synthetic.scoreAt(index, t, this.counter);
      out.push({ id: synthetic.ids[index]!, time: synthetic.times[index]!, score: this.counter.score, synthetic: true, index });
    }
    return out;
  }

  private byRank(candidates: Candidate[], t: number): Candidate[] {
    const ranked = candidates.map((candidate) => ({ candidate, rank: hnRank(candidate.score, candidate.time, t) }));
    ranked.sort((a, b) => b.rank - a.rank || b.candidate.id - a.candidate.id);
    return ranked.map((entry) => entry.candidate);
  }

  snapshotAt(t: number): Snapshot | null {
    const data = this.recorded;
    const sample = lastAtOrBefore(data.sampleTimes, t);
    if (sample < 0) return null;
    const ids: number[] = [];
    for (let row = data.sampleStart[sample]!; row < data.sampleStart[sample + 1]!; row++) ids.push(data.ids[data.sampleStories[row]!]!);
    return { time: data.sampleTimes[sample]!, ids };
  }

  /** The latest snapshot's ranks, then other stories younger than two days by HN rank. */
  topAt(t: number): number[] {
    return this.cached('top', t, () => {
      const head = this.snapshotAt(t)?.ids ?? [];
      const inHead = new Set(head);
      const tail = this.byRank(
        this.candidates(t, TOP_WINDOW).filter((candidate) => !inHead.has(candidate.id)),
        t,
      );
      return head.concat(tail.map((candidate) => candidate.id)).slice(0, BIG_LIST);
    });
  }

  /** The newest listable stories, newest first (ids are allocated in time order). */
  newAt(t: number): number[] {
    return this.cached('new', t, () => {
      const out: number[] = [];
      const recorded = this.recorded;
      const synthetic = this.synthetic;
      let r = lastAtOrBefore(recorded.times, t);
      let s = lastAtOrBefore(synthetic.times, t);
      while (out.length < BIG_LIST && (r >= 0 || s >= 0)) {
        const recordedId = r >= 0 ? recorded.ids[r]! : -1;
        const syntheticId = s >= 0 ? synthetic.ids[s]! : -1;
        if (recordedId > syntheticId) {
          out.push(recordedId);
          r--;
        } else {
          if (synthetic.isListed(s)) out.push(syntheticId);
          s--;
        }
      }
      return out;
    });
  }

  /** Highest scores among stories from the last three days. */
  bestAt(t: number): number[] {
    return this.cached('best', t, () =>
      this.candidates(t, BEST_WINDOW)
        .sort((a, b) => b.score - a.score || b.id - a.id)
        .slice(0, BIG_LIST)
        .map((candidate) => candidate.id),
    );
  }

  askAt(t: number): number[] {
    return this.cached('ask', t, () => this.prefixed(t, /^ask hn:/i, (index) => this.synthetic.isAsk(index)));
  }

  showAt(t: number): number[] {
    return this.cached('show', t, () => this.prefixed(t, /^show hn:/i, (index) => this.synthetic.isShow(index)));
  }

  private prefixed(t: number, prefix: RegExp, syntheticMatches: (index: number) => boolean): number[] {
    const titled = this.candidates(t, ASK_SHOW_WINDOW, (synthetic, index) =>
      synthetic ? syntheticMatches(index) : prefix.test(this.recorded.titles[index]!),
    );
    return this.byRank(titled, t)
      .slice(0, SMALL_LIST)
      .map((candidate) => candidate.id);
  }

  /** Synthetic job ads from the last three days, newest first (the recording has none). */
  jobsAt(t: number): number[] {
    return this.cached('job', t, () => {
      const out: number[] = [];
      const synthetic = this.synthetic;
      for (let index = lastAtOrBefore(synthetic.times, t); index >= 0 && synthetic.times[index]! > t - BEST_WINDOW; index--) {
        if (synthetic.isJob(index)) out.push(synthetic.ids[index]!);
        if (out.length >= SMALL_LIST) break;
      }
      return out;
    });
  }

  // ---- updates -----------------------------------------------------------------------------

  /** Items whose score or comment count changed in the last five minutes, most recent first. */
  updatesAt(t: number): Updates {
    return this.cached('updates', t, () => {
      const changed: { id: number; at: number }[] = [];
      const consider = (candidate: { synthetic: boolean; index: number; id: number; time: number }): void => {
        if (candidate.time > t) return;
        const now = this.countsOf(candidate, t);
        const score = now.score;
        const comments = now.comments;
        const since = Math.max(candidate.time, t - UPDATES_WINDOW);
        // Walk back in small steps to the last moment the counts differed from now.
        for (let at = t - UPDATES_STEP; at >= since - UPDATES_STEP; at -= UPDATES_STEP) {
          const then = this.countsOf(candidate, Math.max(at, since));
          if (then.score !== score || then.comments !== comments) {
            changed.push({ id: candidate.id, at: at + UPDATES_STEP });
            return;
          }
          if (at <= since) return;
        }
      };
      for (const index of this.recordedActiveAround(t)) {
        if (this.lastObservation[index]! < t - UPDATES_WINDOW) continue;
        consider({ synthetic: false, index, id: this.recorded.ids[index]!, time: this.recorded.times[index]! });
      }
      const synthetic = this.synthetic;
      for (
        let index = lastAtOrBefore(synthetic.times, t);
        index >= 0 && synthetic.times[index]! >= t - MAX_GROWTH_SECONDS - UPDATES_WINDOW;
        index--
      ) {
        if (synthetic.kinds[index]! & (Flag.dead | Flag.deleted)) continue; // dead and deleted items don't move
        consider({ synthetic: true, index, id: synthetic.ids[index]!, time: synthetic.times[index]! });
      }
      changed.sort((a, b) => b.at - a.at || b.id - a.id);
      return { items: changed.slice(0, MAX_UPDATES).map((entry) => entry.id), profiles: [] };
    });
  }

  /** Recorded stories whose life (creation to last observation) touches the day of t or of t-window. */
  private recordedActiveAround(t: number): Set<number> {
    if (!this.activeByDay) {
      this.activeByDay = new Map();
      for (let index = 0; index < this.recorded.ids.length; index++) {
        for (let day = Math.floor(this.recorded.times[index]! / 86400); day <= Math.floor(this.lastObservation[index]! / 86400); day++) {
          let list = this.activeByDay.get(day);
          if (!list) this.activeByDay.set(day, (list = []));
          list.push(index);
        }
      }
    }
    const days = new Set([Math.floor(t / 86400), Math.floor((t - UPDATES_WINDOW) / 86400)]);
    const out = new Set<number>();
    for (const day of days) for (const index of this.activeByDay.get(day) ?? []) out.add(index);
    return out;
  }

  // ---- truth for tests -----------------------------------------------------------------------

  storyIds(): number[] {
    return Array.from(this.recorded.ids);
  }

  observationsOf(id: number): ObservationPoint[] {
    const index = indexOfSorted(this.recorded.ids, id);
    if (index < 0) return [];
    const data = this.recorded;
    const out: ObservationPoint[] = [];
    for (let row = data.obsStart[index]!; row < data.obsStart[index + 1]!; row++) {
      out.push({ time: data.obsTimes[row]!, score: data.obsScores[row]!, comments: data.obsComments[row]! });
    }
    return out;
  }
}
