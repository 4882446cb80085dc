/**
 * Replays a front-page recording in time order and collects the moments a prediction would be made,
 * with the features known at each. Stories enter the outcome history only once settled (a day after
 * their first sighting, with the peak seen by then), so no moment sees an outcome from its future.
 * Labels are computed afterwards, separately, from the whole recording.
 */
import { PREDICTION_HORIZON_HOURS, PREDICTION_TARGET_POINTS } from '#common/rules/predictions.ts';
import { extractFeatures, OutcomeHistory, type Features, type History, type PageAt, type PredictionStory, type Sighting } from './features.ts';

const SECONDS_PER_HOUR = 3600;

/** A story counts in the history of its domain, submitter and words this long after its first sighting. */
export const SETTLE_AFTER_SECONDS = 24 * SECONDS_PER_HOUR;

export type RecordedStory = Omit<PredictionStory, 'sightings'>;

/** Observation rows, sorted by time; `story` indexes the stories array. */
export interface Observations {
  length: number;
  time: ArrayLike<number>;
  rank: ArrayLike<number>;
  story: ArrayLike<number>;
  score: ArrayLike<number>;
  comments: ArrayLike<number>;
}

export interface PredictionMoment {
  story: number;
  at: number;
  /** Hours since the story's first sighting. */
  hoursOnPage: number;
  features: Features;
}

export interface MomentPolicy {
  /** Predict again every this many hours after the first sighting; 0 = the first sighting only. */
  everyHours: number;
  /** No more predictions once the story has been on the page this long. */
  untilHours: number;
}

export const FIRST_SIGHTING_ONLY: MomentPolicy = { everyHours: 0, untilHours: 0 };

/** What is known at one front-page sighting during a replay: the story so far, the history and the page then. */
export interface ReplayedSighting {
  /** Index of the story in the stories array. */
  index: number;
  /** The story with its sightings so far (this one last); the array grows as the replay goes on. */
  story: PredictionStory;
  at: number;
  history: History;
  page: PageAt;
}

export interface Replay {
  /** Every story's sightings in the recording, in time order. */
  sightings: Sighting[][];
  moments: PredictionMoment[];
}

/** Ids per hour before a day of the recording has been seen (Hacker News allocated about 480 in 2020-2022). */
export const DEFAULT_IDS_PER_HOUR = 480;
/** The id rate is measured over this trailing span. */
export const ID_RATE_SPAN_SECONDS = 24 * SECONDS_PER_HOUR;
export const MIN_ID_RATE_SPAN_SECONDS = SECONDS_PER_HOUR;

/**
 * Replays the rows in time order. `onSighting` is called at every row, with what is known at that moment only (the
 * evaluation predicts there as ingestion does); `policy` says which moments are collected with their features.
 */
export function replayRecording(
  stories: RecordedStory[],
  rows: Observations,
  policy: MomentPolicy,
  onSighting?: (sighting: ReplayedSighting) => void,
): Replay {
  const sightings: Sighting[][] = stories.map(() => []);
  const views: PredictionStory[] = stories.map((story, index) => ({ ...story, sightings: sightings[index]! }));
  const history = new OutcomeHistory();
  const moments: PredictionMoment[] = [];
  const lastMoment = new Map<number, number>();
  // First sightings come in time order, so the stories to settle form a queue.
  const unsettled: number[] = [];
  let settledUpTo = 0;
  // (time, newest id) after each snapshot, for the trailing id rate.
  const idClock: { at: number; newestId: number }[] = [];
  let clockFrom = 0;
  let newestId = 0;

  for (let start = 0; start < rows.length; ) {
    const at = rows.time[start]!;
    let end = start;
    while (end < rows.length && rows.time[end] === at) end++;
    if (end < rows.length && rows.time[end]! < at) throw new Error('observations must be sorted by time');

    while (settledUpTo < unsettled.length) {
      const index = unsettled[settledUpTo]!;
      const seen = sightings[index]!;
      if (seen[0]!.at + SETTLE_AFTER_SECONDS > at) break;
      history.settle(views[index]!, Math.max(...seen.map((sighting) => sighting.score)));
      settledUpTo++;
    }

    // The whole snapshot is known at its time: record it before any of its stories is predicted.
    const scores: number[] = [];
    for (let row = start; row < end; row++) {
      const index = rows.story[row]!;
      const seen = sightings[index]!;
      if (seen.length === 0) unsettled.push(index);
      seen.push({ at, rank: rows.rank[row]!, score: rows.score[row]!, comments: rows.comments[row]! });
      scores.push(rows.score[row]!);
      newestId = Math.max(newestId, stories[index]!.id);
    }
    idClock.push({ at, newestId });
    while (idClock[clockFrom + 1] && idClock[clockFrom + 1]!.at <= at - ID_RATE_SPAN_SECONDS) clockFrom++;
    const since = idClock[clockFrom]!;
    const span = at - since.at;
    const page: PageAt = {
      newestId,
      idsPerHour:
        span >= MIN_ID_RATE_SPAN_SECONDS && newestId > since.newestId
          ? ((newestId - since.newestId) / span) * SECONDS_PER_HOUR
          : DEFAULT_IDS_PER_HOUR,
      medianScore: median(scores),
    };

    for (let row = start; row < end; row++) {
      const index = rows.story[row]!;
      const seen = sightings[index]!;
      const hoursOnPage = (at - seen[0]!.at) / SECONDS_PER_HOUR;
      onSighting?.({ index, story: views[index]!, at, history, page });
      const previous = lastMoment.get(index);
      const due =
        previous === undefined ||
        (policy.everyHours > 0 &&
          hoursOnPage < policy.untilHours &&
          rows.score[row]! < PREDICTION_TARGET_POINTS &&
          (at - previous) / SECONDS_PER_HOUR >= policy.everyHours);
      if (due) {
        lastMoment.set(index, at);
        moments.push({ story: index, at, hoursOnPage, features: extractFeatures(views[index]!, at, history, page) });
      }
    }
    start = end;
  }
  return { sightings, moments };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Whether the story's score is at the target at some sighting in [at, at + horizon]: the product's label. */
export function reachesWithinHorizon(
  sightings: readonly Pick<Sighting, 'at' | 'score'>[],
  at: number,
  horizonHours = PREDICTION_HORIZON_HOURS,
): boolean {
  const end = at + horizonHours * SECONDS_PER_HOUR;
  return sightings.some((sighting) => sighting.at >= at && sighting.at <= end && sighting.score >= PREDICTION_TARGET_POINTS);
}

/** Whether the story's peak score in the whole recording reached the target: the offline evaluation's label. */
export function reachesAtPeak(sightings: readonly Sighting[]): boolean {
  return sightings.some((sighting) => sighting.score >= PREDICTION_TARGET_POINTS);
}
