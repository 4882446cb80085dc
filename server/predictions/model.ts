/**
 * A trained model as committed to the repository, and the pure prediction ingestion can call.
 * The parameters come from `npm run predictions:train` (tools/predictions/train.ts).
 */
import { applyPlatt, type PlattScaling } from './calibration.ts';
import type { CallFigures, CutTargets } from './calls.ts';
import type { FeatureName, Features } from './features.ts';
import { linearPredictor, sigmoid } from './logistic.ts';
import committedModel from './model.json' with { type: 'json' };

/** A calibrated logistic regression over standardized features. */
export interface ModelHead {
  /** What the head's probability is about. */
  label: string;
  features: FeatureName[];
  /** Subtracted from each feature, then divided by its scale, before the weights apply. */
  means: number[];
  scales: number[];
  intercept: number;
  weights: number[];
  calibration: PlattScaling;
}

/** Metrics of one set of probabilities against outcomes. */
export interface Figures {
  stories: number;
  positives: number;
  rocAuc: number;
  brier: number;
  ece: number;
}

export interface ModelFile {
  version: string;
  trainedAt: string;
  target: { points: number; horizonHours: number };
  data: { from: string; to: string; stories: number; observations: number };
  split: { trainUntil: string; calibrationFrom: string; testFrom: string };
  heads: {
    /** Reaching the target within the horizon of the prediction: what the product shows. */
    horizon: ModelHead;
    /** Reaching the target at any time in the recording, from the first sighting: the offline evaluation. */
    peak: ModelHead;
  };
  /** The baselines as one-feature models, so their Brier score and calibration error can be shown too. */
  baselines: { scoreAtFirstSighting: PlattScaling; scoreOverRank: PlattScaling };
  /**
   * The product's "will trend" cut on the horizon head's probability (common/rules TREND_CALL_THRESHOLD holds the
   * same value), chosen on the calibration months, and the calls it makes there and on the test months.
   */
  trendCall: { cut: number; chosenOn: 'calibration'; targets: CutTargets; figures: Record<string, CallFigures> };
  validation: Record<string, Figures>;
}

/** The model committed to the repository (npm run predictions:train writes it). */
export const COMMITTED_MODEL = committedModel as ModelFile;

/**
 * The probability, from 0 to 1, of what the head predicts; by default the committed model's product
 * head: reaching the target within the horizon.
 */
export function predict(features: Features, head: ModelHead = COMMITTED_MODEL.heads.horizon): number {
  const row = head.features.map((name, j) => (features[name] - head.means[j]!) / head.scales[j]!);
  return applyPlatt(head.calibration, sigmoid(linearPredictor(head, row)));
}
