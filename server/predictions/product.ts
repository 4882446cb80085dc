/**
 * The prediction the product makes of a story at a moment: what ingestion's scoring run records and what the
 * evaluation replays (docs/predictions.md "Predictions as the product makes them"). One function, so the figures are
 * those of the product's own path: the undecided rule, the features, the product's head.
 */
import { isUndecided } from '#common/rules/predictions.ts';
import { extractFeatures, type History, type PageAt, type PredictionStory } from './features.ts';
import { COMMITTED_MODEL, predict, type ModelHead } from './model.ts';

const SECONDS_PER_HOUR = 3600;

/**
 * The probability the product shows for `story` at unix second `at` (its sightings up to `at`, the history and page
 * as known then), or null when the story is decided (at the target, or too old) and is not predicted.
 */
export function productPrediction(
  story: PredictionStory,
  at: number,
  history: History,
  page: PageAt,
  head: ModelHead = COMMITTED_MODEL.heads.horizon,
): number | null {
  if (!undecidedAt(story, at)) return null;
  return predict(extractFeatures(story, at, history, page), head);
}

/** Whether the product predicts `story` at `at`: undecided by its score at its last sighting and its age then. */
export function undecidedAt(story: PredictionStory, at: number): boolean {
  const now = story.sightings.findLast((sighting) => sighting.at <= at);
  return now !== undefined && isUndecided(now.score, (at - story.createdBefore) / SECONDS_PER_HOUR);
}
