/**
 * Training and evaluation over a recording in memory: the replay, the time-ordered split, the two
 * heads, their calibration, the baselines and the figures. The command-line tools only read files
 * and print.
 */
import { PREDICTION_HORIZON_HOURS, PREDICTION_MAX_AGE_HOURS, PREDICTION_TARGET_POINTS } from '../../common/rules/predictions.ts';
import { fitPlatt, type PlattScaling } from './calibration.ts';
import {
  FIRST_SIGHTING_ONLY,
  reachesAtPeak,
  reachesWithinHorizon,
  replayRecording,
  type Observations,
  type PredictionMoment,
  type RecordedStory,
} from './dataset.ts';
import { FEATURE_NAMES, type Features } from './features.ts';
import { fitLogistic, linearPredictor, sigmoid } from './logistic.ts';
import { brierScore, expectedCalibrationError, rocAuc } from './metrics.ts';
import { predict, type Figures, type ModelFile, type ModelHead } from './model.ts';
import { chooseSplit, monthOf, partOf, type SplitMonths } from './split.ts';

export const MODEL_VERSION_PREFIX = 'logistic-v1';

export interface TrainOptions {
  calibrationMonths: number;
  testMonths: number;
  /** Ridge penalty of the logistic regressions. */
  l2: number;
  /** Training moments: the first sighting, then again every this many hours while undecided. */
  everyHours: number;
  now: Date;
}

export const DEFAULT_TRAIN_OPTIONS: Omit<TrainOptions, 'now'> = {
  calibrationMonths: 4,
  testMonths: 3,
  l2: 10,
  everyHours: 1,
};

export function figures(probabilities: ArrayLike<number>, labels: ArrayLike<number>): Figures {
  let positives = 0;
  for (let i = 0; i < labels.length; i++) positives += labels[i] ? 1 : 0;
  return {
    stories: labels.length,
    positives,
    rocAuc: round4(rocAuc(probabilities, labels)),
    brier: round4(brierScore(probabilities, labels)),
    ece: round4(expectedCalibrationError(probabilities, labels)),
  };
}

export const BASELINES = {
  scoreAtFirstSighting: (features: Features) => Math.expm1(features.logScore),
  scoreOverRank: (features: Features) => Math.expm1(features.logScore) / Math.exp(features.logRank),
} as const;
export type BaselineName = keyof typeof BASELINES;

/** A baseline's value as a probability: a logistic curve over its logarithm, fitted on the calibration months. */
export function baselineProbability(scaling: PlattScaling, value: number): number {
  return sigmoid(scaling.slope * Math.log1p(value) + scaling.intercept);
}

function fitBaseline(values: number[], labels: number[]): PlattScaling {
  const model = fitLogistic({ rows: values.length, width: 1, values: Float64Array.from(values, Math.log1p) }, labels, { l2: 0 });
  return { slope: model.weights[0]!, intercept: model.intercept };
}

function fitHead(label: string, train: Features[], trainLabels: number[], l2: number): ModelHead {
  const width = FEATURE_NAMES.length;
  const means = FEATURE_NAMES.map((name) => train.reduce((sum, row) => sum + row[name], 0) / train.length);
  const scales = FEATURE_NAMES.map((name, j) => {
    const variance = train.reduce((sum, row) => sum + (row[name] - means[j]!) ** 2, 0) / train.length;
    // A constant feature keeps scale 1 rather than dividing by zero.
    return variance > 0 ? Math.sqrt(variance) : 1;
  });
  const values = new Float64Array(train.length * width);
  train.forEach((row, i) => FEATURE_NAMES.forEach((name, j) => (values[i * width + j] = (row[name] - means[j]!) / scales[j]!)));
  const model = fitLogistic({ rows: train.length, width, values }, trainLabels, { l2 });
  return {
    label,
    features: [...FEATURE_NAMES],
    means: means.map(round6),
    scales: scales.map(round6),
    intercept: round6(model.intercept),
    weights: model.weights.map(round6),
    calibration: { slope: 1, intercept: 0 },
  };
}

/** The head's probability before calibration, which calibration is fitted on. */
function rawProbability(head: ModelHead, features: Features): number {
  return sigmoid(linearPredictor(head, head.features.map((name, j) => (features[name] - head.means[j]!) / head.scales[j]!)));
}

function calibrate(head: ModelHead, rows: Features[], labels: number[]): ModelHead {
  const scaling = fitPlatt(rows.map((row) => rawProbability(head, row)), labels);
  return { ...head, calibration: { slope: round6(scaling.slope), intercept: round6(scaling.intercept) } };
}

interface Labelled {
  moment: PredictionMoment;
  horizon: number;
  peak: number;
  part: ReturnType<typeof partOf>;
  firstSighting: boolean;
}

export interface TrainResult {
  model: ModelFile;
  /** Seconds the replay and the fits took, for the log. */
  seconds: number;
}

export function trainModel(stories: RecordedStory[], rows: Observations, options: TrainOptions): TrainResult {
  const started = performance.now();
  const replay = replayRecording(stories, rows, { everyHours: options.everyHours, untilHours: PREDICTION_MAX_AGE_HOURS });
  const firstSeen = replay.sightings.map((seen) => seen[0]?.at ?? Number.NaN);
  const split = chooseSplit(
    firstSeen.filter((time) => !Number.isNaN(time)),
    options.calibrationMonths,
    options.testMonths,
  );
  const labelled: Labelled[] = replay.moments.map((moment) => {
    const seen = replay.sightings[moment.story]!;
    return {
      moment,
      horizon: reachesWithinHorizon(seen, moment.at) ? 1 : 0,
      peak: reachesAtPeak(seen) ? 1 : 0,
      // A story's moments all fall in the part of its first sighting, so no story is in two parts.
      part: partOf(firstSeen[moment.story]!, split),
      firstSighting: moment.hoursOnPage === 0,
    };
  });
  const select = (part: string, firstOnly: boolean) =>
    labelled.filter((row) => row.part === part && (!firstOnly || row.firstSighting));

  const train = select('train', false);
  const features = (list: Labelled[]) => list.map((row) => row.moment.features);
  const horizonLabels = (list: Labelled[]) => list.map((row) => row.horizon);
  const peakLabels = (list: Labelled[]) => list.map((row) => row.peak);

  const horizonLabel = `reaches ${PREDICTION_TARGET_POINTS} points within ${PREDICTION_HORIZON_HOURS} hours of the prediction`;
  const peakLabel = `reaches ${PREDICTION_TARGET_POINTS} points at its peak, predicted at its first front-page sighting`;
  let horizon = fitHead(horizonLabel, features(train), horizonLabels(train), options.l2);
  // The peak head is used at first sightings only: trained on later moments too, it learns mostly that a
  // high score now means a high peak, and ranks first sightings worse (ROC-AUC 0.755 against 0.80).
  const trainFirst = select('train', true);
  let peak = fitHead(peakLabel, features(trainFirst), peakLabels(trainFirst), options.l2);
  const calibrationAll = select('calibration', false);
  const calibrationFirst = select('calibration', true);
  horizon = calibrate(horizon, features(calibrationAll), horizonLabels(calibrationAll));
  peak = calibrate(peak, features(calibrationFirst), peakLabels(calibrationFirst));

  const baselines = {
    scoreAtFirstSighting: fitBaseline(features(calibrationFirst).map(BASELINES.scoreAtFirstSighting), peakLabels(calibrationFirst)),
    scoreOverRank: fitBaseline(features(calibrationFirst).map(BASELINES.scoreOverRank), peakLabels(calibrationFirst)),
  };

  const validation: Record<string, Figures> = {};
  for (const part of ['test', 'calibration'] as const) {
    const first = select(part, true);
    const all = select(part, false);
    const peakLabelsOf = peakLabels(first);
    validation[`${part}: peak, first sighting`] = figures(features(first).map((row) => predict(row, peak)), peakLabelsOf);
    for (const name of Object.keys(BASELINES) as BaselineName[]) {
      validation[`${part}: peak, first sighting, baseline ${name}`] = figures(
        features(first).map((row) => baselineProbability(baselines[name], BASELINES[name](row))),
        peakLabelsOf,
      );
    }
    validation[`${part}: within ${PREDICTION_HORIZON_HOURS} h, first sighting`] = figures(
      features(first).map((row) => predict(row, horizon)),
      horizonLabels(first),
    );
    validation[`${part}: within ${PREDICTION_HORIZON_HOURS} h, every undecided moment`] = figures(
      features(all).map((row) => predict(row, horizon)),
      horizonLabels(all),
    );
  }

  const times = Array.from(rows.time);
  const from = new Date(times[0]! * 1000).toISOString();
  const to = new Date(times[times.length - 1]! * 1000).toISOString();
  const model: ModelFile = {
    version: `${MODEL_VERSION_PREFIX}-${options.now.toISOString().slice(0, 10)}`,
    trainedAt: options.now.toISOString(),
    target: { points: PREDICTION_TARGET_POINTS, horizonHours: PREDICTION_HORIZON_HOURS },
    data: { from, to, stories: stories.length, observations: rows.length },
    split: { trainUntil: previousMonth(split), calibrationFrom: split.calibrationFrom, testFrom: split.testFrom },
    heads: { horizon, peak },
    baselines: {
      scoreAtFirstSighting: roundScaling(baselines.scoreAtFirstSighting),
      scoreOverRank: roundScaling(baselines.scoreOverRank),
    },
    validation,
  };
  return { model, seconds: (performance.now() - started) / 1000 };
}

export interface Evaluation {
  /** One row per story seen on the front page, in story order. */
  predictions: { id: number; probability: number }[];
  /** Figures for the peak target at first sighting: the model and the baselines, per part of the split. */
  figures: Record<string, Figures>;
}

/** Predicts every story at its first front-page sighting with the peak head, and measures it against the recording. */
export function evaluateModel(model: ModelFile, stories: RecordedStory[], rows: Observations): Evaluation {
  const replay = replayRecording(stories, rows, FIRST_SIGHTING_ONLY);
  const split: SplitMonths = { calibrationFrom: model.split.calibrationFrom, testFrom: model.split.testFrom };
  const scored = replay.moments.map((moment) => ({
    moment,
    probability: predict(moment.features, model.heads.peak),
    label: reachesAtPeak(replay.sightings[moment.story]!) ? 1 : 0,
    part: partOf(moment.at, split),
  }));
  const result: Record<string, Figures> = {};
  const groups: [string, typeof scored][] = [
    ['test months', scored.filter((row) => row.part === 'test')],
    ['calibration + test months', scored.filter((row) => row.part !== 'train')],
    ['all months (training months included)', scored],
  ];
  for (const [name, group] of groups) {
    if (group.length === 0) continue;
    const labels = group.map((row) => row.label);
    result[`${name}: model`] = figures(
      group.map((row) => row.probability),
      labels,
    );
    for (const baseline of Object.keys(BASELINES) as BaselineName[]) {
      result[`${name}: baseline ${baseline}`] = figures(
        group.map((row) => baselineProbability(model.baselines[baseline], BASELINES[baseline](row.moment.features))),
        labels,
      );
    }
  }
  const predictions = scored
    .map((row) => ({ id: stories[row.moment.story]!.id, probability: row.probability }))
    .sort((a, b) => a.id - b.id);
  return { predictions, figures: result };
}

function previousMonth(split: SplitMonths): string {
  const [year, month] = split.calibrationFrom.split('-').map(Number) as [number, number];
  return monthOf(Date.UTC(year, month - 2, 15) / 1000);
}

function roundScaling(scaling: PlattScaling): PlattScaling {
  return { slope: round6(scaling.slope), intercept: round6(scaling.intercept) };
}

function round4(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
