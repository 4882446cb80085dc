/**
 * What a prediction is (part 2 §2.5, §9). docs/predictions.md explains the choices.
 *
 * A prediction is the probability that a story reaches PREDICTION_TARGET_POINTS within
 * PREDICTION_HORIZON_HOURS of the moment it is made. `predictionScore` is that probability as a
 * whole percentage. A story is **called** "will trend" when its probability is at or above TREND_CALL_THRESHOLD;
 * `predictionConfidence` describes that call only: a story under the cut has no confidence (it is not a call).
 */

/** The score that counts as trending: about one front-page story in ten reaches it. */
export const PREDICTION_TARGET_POINTS = 300;
/** The spec's horizon is 2-6 hours and verification comes after 6+ hours: the upper end. */
export const PREDICTION_HORIZON_HOURS = 6;
/**
 * Older stories are decided; younger ones below the target are predicted. Two days: about one front-page story in
 * twenty that reaches 300 does so more than 6 hours after its submission's upper bound, and with a 6-hour limit those
 * could never be called before they trend (docs/predictions.md).
 */
export const PREDICTION_MAX_AGE_HOURS = 48;

/**
 * At or above this probability the call is "will trend"; below it, "will not". Chosen by the training on the
 * calibration months (`npm run predictions:train`, model.json's `trendCall.cut`): the most precise cut that still
 * calls 95 % of the stories that reach 300 before they do, a median 3.5 hours ahead (docs/predictions.md).
 */
export const TREND_CALL_THRESHOLD = 0.35;

export const PREDICTION_CONFIDENCES = ['high', 'medium', 'low'] as const;
export type PredictionConfidence = (typeof PREDICTION_CONFIDENCES)[number];

/**
 * Probability bands of the confidence in a "will trend" call: high from 0.8, medium from 0.65, low from the cut. A
 * band never starts below the cut, so whatever the cut's value a confidence always means "called, at least this
 * likely". With a calibrated model, a band's share of calls that come true is at least its lower bound.
 */
export const CONFIDENCE_BANDS = { high: 0.8, medium: 0.65 } as const;

/** Whether the prediction calls the story a future trend. */
export function predictsTrend(probability: number): boolean {
  return probability >= TREND_CALL_THRESHOLD;
}

/** The probability as a whole percentage, 0-100 (the list items' predictionScore). */
export function predictionScore(probability: number): number {
  return Math.round(Math.min(1, Math.max(0, probability)) * 100);
}

/** The lowest probability of each confidence band: the cut, or the band's own bound when that is higher. */
export function confidenceFloor(confidence: PredictionConfidence): number {
  if (confidence === 'low') return TREND_CALL_THRESHOLD;
  return Math.max(TREND_CALL_THRESHOLD, CONFIDENCE_BANDS[confidence]);
}

/**
 * How sure the "will trend" call is (the list items' predictionConfidence); null under the cut: a story expected not
 * to trend is not a confident prediction of anything.
 */
export function predictionConfidence(probability: number): PredictionConfidence | null {
  const p = Math.min(1, Math.max(0, probability));
  if (!predictsTrend(p)) return null;
  if (p >= confidenceFloor('high')) return 'high';
  if (p >= confidenceFloor('medium')) return 'medium';
  return 'low';
}

/** What the ledger records as a prediction's confidence: the call's band, or 'none' for a story not called. */
export const NOT_CALLED = 'none';
export function ledgerConfidence(probability: number): PredictionConfidence | typeof NOT_CALLED {
  return predictionConfidence(probability) ?? NOT_CALLED;
}

/**
 * A story is predicted again at a cycle only when the prediction changes meaningfully: its call or
 * confidence changes, or its probability moves by at least this much (two percentage points), so the
 * ledger records changes rather than one row per story per minute.
 */
export const PREDICTION_MIN_CHANGE = 0.02;

export function changesMeaningfully(previous: number | null, next: number): boolean {
  if (previous === null) return true;
  return (
    // The tolerance keeps 0.10 → 0.12 a move of two points despite binary floating point.
    Math.abs(next - previous) >= PREDICTION_MIN_CHANGE - 1e-9 ||
    predictsTrend(next) !== predictsTrend(previous) ||
    predictionConfidence(next) !== predictionConfidence(previous)
  );
}

/** A story is predicted while it is young enough to be undecided and not yet at the target. */
export function isUndecided(score: number, ageHours: number): boolean {
  return score < PREDICTION_TARGET_POINTS && ageHours < PREDICTION_MAX_AGE_HOURS;
}

/** Verification: accurate when a "will trend" call reached the target, or a "will not" call did not. */
export function isPredictionAccurate(probability: number, reachedTarget: boolean): boolean {
  return predictsTrend(probability) === reachedTarget;
}

/**
 * A call's lead: how long before the story was first seen at the target it was called, in whole minutes, as
 * "3 h 10 min" (rounded to the minute).
 */
export function formatLead(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * The leads are summed in buckets of this many minutes (the sums prediction_lead_hourly and prediction_lead_daily,
 * migration 0025, which repeats these two values), the last bucket holding every lead of LEAD_BUCKET_CAP buckets or
 * more: 60 hours, longer than any call can lead (a story is called within 48 hours of its submission and seen at the
 * target within the 6-hour horizon of a prediction).
 */
export const LEAD_BUCKET_MINUTES = 10;
export const LEAD_BUCKET_CAP = 360;

/** The bucket of a lead in minutes (positive: the call came strictly before the story was seen at the target). */
export function leadBucket(minutes: number): number {
  return Math.min(LEAD_BUCKET_CAP, Math.floor(minutes / LEAD_BUCKET_MINUTES));
}

/** One bucket of the leads' histogram: how many leads, and their sum in minutes. */
export interface LeadBucket {
  bucket: number;
  stories: number;
  leadMinutesSum: number;
}

/**
 * The median lead in minutes, as percentile_cont(0.5) defines it (the middle lead, or the mean of the two middle ones),
 * from the histogram: each middle lead is taken as the mean lead of its bucket. That is exact when a bucket's leads are
 * equal, and always within one bucket (LEAD_BUCKET_MINUTES) of the median of the leads themselves. Null without leads.
 */
export function medianLeadMinutes(histogram: readonly LeadBucket[]): number | null {
  const buckets = histogram.filter((entry) => entry.stories > 0).sort((a, b) => a.bucket - b.bucket);
  const count = buckets.reduce((sum, entry) => sum + entry.stories, 0);
  if (count === 0) return null;
  const leadAt = (position: number): number => {
    let seen = 0;
    for (const entry of buckets) {
      seen += entry.stories;
      if (position < seen) return entry.leadMinutesSum / entry.stories;
    }
    throw new Error('position beyond the histogram');
  };
  return (leadAt(Math.floor((count - 1) / 2)) + leadAt(Math.ceil((count - 1) / 2))) / 2;
}

/** The /predictions page's constants (part 2 §2.5, §9). */
export const PREDICTIONS_PAGE_SIZE = 25;
export const PREDICTIONS_MAX_LIMIT = 100;
export const OUTCOMES_SHOWN = 20;
export const DOMAINS_SHOWN = 10;
export const TREND_ROWS_SHOWN = 10;
export const TREND_WINDOW_DAYS = 30;
/** The accuracy window (7 days); `?hours=` may ask for up to the trend window. */
export const ACCURACY_WINDOW_HOURS = 168;
export const ACCURACY_MAX_HOURS = TREND_WINDOW_DAYS * 24;

/** Accuracy as a percentage with one decimal; null when nothing was verified (no accuracy to speak of). */
export function accuracyPercent(accurate: number, verified: number): number | null {
  if (verified <= 0) return null;
  return Math.round((accurate / verified) * 1000) / 10;
}

export type AccuracyColour = 'green' | 'yellow' | 'orange' | 'red';

/** The daily table's colours (part 2 §5): 70+ green, 50+ yellow, 30+ orange, else red. */
export function trendAccuracyColour(percent: number): AccuracyColour {
  if (percent >= 70) return 'green';
  if (percent >= 50) return 'yellow';
  if (percent >= 30) return 'orange';
  return 'red';
}

/** The domains' colours (part 2 §5): 70 and 50 are the thresholds. */
export function domainAccuracyColour(percent: number): AccuracyColour {
  if (percent >= 70) return 'green';
  if (percent >= 50) return 'yellow';
  return 'red';
}

/** Reliability chart bins: ten equal-width bins of the predicted probability. */
export const RELIABILITY_BINS = 10;
export function reliabilityBin(probability: number): number {
  return Math.min(RELIABILITY_BINS - 1, Math.max(0, Math.floor(probability * RELIABILITY_BINS)));
}
