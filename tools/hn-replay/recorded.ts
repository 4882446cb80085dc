import type { ObservationColumns, RecordedData, StoryRow } from './types.ts';

/** A growable Int32Array, so loaders can append rows without knowing the count up front. */
export class Int32Column {
  private data: Int32Array;
  length = 0;

  constructor(initialCapacity = 1024) {
    this.data = new Int32Array(initialCapacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  /** The filled part (a view, no copy). */
  values(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}

/** Observation columns to append to, in (time, rank) order. */
export class ObservationBuilder {
  readonly time = new Int32Column(1 << 16);
  readonly rank = new Int32Column(1 << 16);
  readonly story = new Int32Column(1 << 16);
  readonly score = new Int32Column(1 << 16);
  readonly comments = new Int32Column(1 << 16);

  push(time: number, rank: number, story: number, score: number, comments: number): void {
    this.time.push(time);
    this.rank.push(rank);
    this.story.push(story);
    this.score.push(score);
    this.comments.push(comments);
  }

  columns(): ObservationColumns {
    return {
      length: this.time.length,
      time: this.time.values(),
      rank: this.rank.values(),
      story: this.story.values(),
      score: this.score.values(),
      comments: this.comments.values(),
    };
  }
}

/**
 * Indexes stories (sorted by id) and their observations (sorted by time, then rank) into
 * `RecordedData`: per-story observation runs and per-snapshot rank lists, both as typed arrays.
 */
export function indexRecorded(stories: StoryRow[], observations: ObservationColumns): RecordedData {
  const count = stories.length;
  const ids = new Int32Array(count);
  const times = new Int32Array(count);
  const titles: string[] = new Array<string>(count);
  const urls: (string | undefined)[] = new Array<string | undefined>(count);
  const authors: string[] = new Array<string>(count);
  stories.forEach((story, index) => {
    if (index > 0 && story.id <= ids[index - 1]!) throw new Error(`stories must be sorted by id (${story.id})`);
    ids[index] = story.id;
    times[index] = story.time;
    titles[index] = story.title;
    urls[index] = story.url;
    authors[index] = story.by;
  });
  // HN allocates ids in time order; enforce it so "created by T" is a prefix of the id order.
  for (let index = count - 2; index >= 0; index--) {
    if (times[index]! > times[index + 1]!) times[index] = times[index + 1]!;
  }

  // Counting sort of observation rows by story; rows arrive in time order, so each story's run
  // stays sorted by time.
  const rows = observations.length;
  const obsStart = new Int32Array(count + 1);
  for (let row = 0; row < rows; row++) obsStart[observations.story[row]! + 1]!++;
  for (let index = 0; index < count; index++) obsStart[index + 1]! += obsStart[index]!;
  const cursor = obsStart.slice(0, count);
  const obsTimes = new Int32Array(rows);
  const obsScores = new Int32Array(rows);
  const obsComments = new Int32Array(rows);
  for (let row = 0; row < rows; row++) {
    const at = cursor[observations.story[row]!]!++;
    obsTimes[at] = observations.time[row]!;
    obsScores[at] = observations.score[row]!;
    obsComments[at] = observations.comments[row]!;
  }

  // Snapshots: consecutive rows sharing a time, already in rank order.
  const sampleTimes = new Int32Column(1 << 12);
  const sampleStart = new Int32Column(1 << 12);
  for (let row = 0; row < rows; row++) {
    const time = observations.time[row]!;
    if (row === 0 || time !== observations.time[row - 1]) {
      if (row > 0 && time < observations.time[row - 1]!) throw new Error('observations must be sorted by time');
      sampleTimes.push(time);
      sampleStart.push(row);
    }
  }
  sampleStart.push(rows);

  return {
    ids,
    times,
    titles,
    urls,
    authors,
    obsStart,
    obsTimes,
    obsScores,
    obsComments,
    sampleTimes: sampleTimes.values().slice(),
    sampleStart: sampleStart.values().slice(),
    sampleStories: observations.story.slice(),
  };
}

/** Index of the last element <= value in an ascending array, or -1. */
export function lastAtOrBefore(sorted: Int32Array, value: number, from = 0, to = sorted.length): number {
  let low = from;
  let high = to;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! <= value) low = mid + 1;
    else high = mid;
  }
  return low - 1;
}

/** Index of `value` in an ascending array, or -1. */
export function indexOfSorted(sorted: Int32Array, value: number): number {
  const at = lastAtOrBefore(sorted, value);
  return at >= 0 && sorted[at] === value ? at : -1;
}
