/**
 * How the product's predictions are judged as it makes them (docs/predictions.md "Predictions as the product makes
 * them"): one row per front-page sighting of an undecided story, and the story's whole recorded life to judge it by.
 *
 * - A **call** is a story's first row at or above the cut.
 * - **Precision**: the share of called stories whose peak score reaches the target.
 * - **Recall**: the share of stories whose peak reaches the target that were called strictly before their first
 *   sighting at the target (a story first seen at the target, or never predicted, cannot be called early).
 * - **Median lead**: hours from the call to that first sighting at the target, over those early calls.
 * - **Row ROC-AUC**: every row against "reaches the target within the horizon of the row's time".
 */
import { PREDICTION_TARGET_POINTS } from '#common/rules/predictions.ts';
import { median, reachesWithinHorizon } from './dataset.ts';
import { rocAuc } from './metrics.ts';

const SECONDS_PER_HOUR = 3600;

/** One prediction (or a rule's value) at one sighting: `value` is compared with the cut. */
export interface CallRow {
  /** The story's id. */
  id: number;
  /** Unix seconds of the sighting. */
  at: number;
  value: number;
}

/** A story as the recording saw it: its sightings' times and scores, in time order. */
export interface JudgedStory {
  id: number;
  sightings: readonly { at: number; score: number }[];
}

export interface CallFigures {
  rows: number;
  /** Rows whose story reached the target within the horizon of the row. */
  rowsReaching: number;
  stories: number;
  /** Stories whose peak reached the target. */
  reached: number;
  called: number;
  calledReached: number;
  /** Stories that reached the target and were called strictly before their first sighting at it. */
  earlyCalls: number;
  /** NaN when nothing was called. */
  precision: number;
  /** NaN when no story reached the target. */
  recall: number;
  /** NaN when there was no early call. */
  medianLeadHours: number;
  /** NaN when every row has the same label. */
  rowRocAuc: number;
}

/**
 * The figures of `rows` at `cut`, over `stories` (every story counts, with or without rows: a story that reached the
 * target without ever being predicted is a miss). Rows of stories not listed are ignored.
 */
export function callFigures(stories: readonly JudgedStory[], rows: readonly CallRow[], cut: number): CallFigures {
  const byId = new Map(stories.map((story) => [story.id, story]));
  const values: number[] = [];
  const labels: number[] = [];
  for (const row of rows) {
    const story = byId.get(row.id);
    if (!story) continue;
    values.push(row.value);
    labels.push(reachesWithinHorizon(story.sightings, row.at) ? 1 : 0);
  }
  return {
    rows: values.length,
    rowsReaching: labels.reduce((sum, label) => sum + label, 0),
    ...callOutcomes(stories, rows, cut),
    rowRocAuc: rocAuc(values, labels),
  };
}

export type CallOutcomes = Omit<CallFigures, 'rows' | 'rowsReaching' | 'rowRocAuc'>;

/** The story-level figures of `callFigures`: calls, precision, recall and lead, without the rows' ranking. */
export function callOutcomes(stories: readonly JudgedStory[], rows: readonly CallRow[], cut: number): CallOutcomes {
  const judged = new Set(stories.map((story) => story.id));
  const firstAtTarget = new Map<number, number>();
  for (const story of stories) {
    const at = story.sightings.find((sighting) => sighting.score >= PREDICTION_TARGET_POINTS)?.at;
    if (at !== undefined) firstAtTarget.set(story.id, at);
  }
  const callAt = new Map<number, number>();
  for (const row of rows) {
    if (!judged.has(row.id) || row.value < cut) continue;
    if (row.at < (callAt.get(row.id) ?? Number.POSITIVE_INFINITY)) callAt.set(row.id, row.at);
  }
  let calledReached = 0;
  for (const id of callAt.keys()) if (firstAtTarget.has(id)) calledReached++;
  const leads: number[] = [];
  for (const [id, reachedAt] of firstAtTarget) {
    const calledAt = callAt.get(id);
    if (calledAt !== undefined && calledAt < reachedAt) leads.push((reachedAt - calledAt) / SECONDS_PER_HOUR);
  }
  return {
    stories: stories.length,
    reached: firstAtTarget.size,
    called: callAt.size,
    calledReached,
    earlyCalls: leads.length,
    precision: callAt.size ? calledReached / callAt.size : Number.NaN,
    recall: firstAtTarget.size ? leads.length / firstAtTarget.size : Number.NaN,
    medianLeadHours: leads.length ? median(leads) : Number.NaN,
  };
}

/** What the cut must keep on the months it is chosen on. */
export interface CutTargets {
  minRecall: number;
  minLeadHours: number;
}

/**
 * The cut, on a grid of hundredths: the highest that keeps both the recall and the median lead asked for (so precision
 * is as high as they allow); failing that, the highest that keeps the recall; failing that, the lowest. Chosen on the
 * calibration months only.
 */
export function chooseCut(stories: readonly JudgedStory[], rows: readonly CallRow[], targets: CutTargets): number {
  const grid = Array.from({ length: 99 }, (_, k) => (99 - k) / 100);
  const outcomes = grid.map((cut) => ({ cut, ...callOutcomes(stories, rows, cut) }));
  const keepsRecall = outcomes.filter((o) => o.recall >= targets.minRecall);
  const keepsBoth = keepsRecall.find((o) => o.medianLeadHours >= targets.minLeadHours);
  return keepsBoth?.cut ?? keepsRecall[0]?.cut ?? grid.at(-1)!;
}
