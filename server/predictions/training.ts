/**
 * Training and evaluation over a recording in memory: the replay, the time-ordered split, the two
 * heads, their calibration, the baselines and the figures. The command-line tools only read files
 * and print.
 */
import { PREDICTION_HORIZON_HOURS, PREDICTION_TARGET_POINTS, TREND_CALL_THRESHOLD } from '#common/rules/predictions.ts';
import { fitPlatt, type PlattScaling } from './calibration.ts';
import { callFigures, chooseCut, type CallFigures, type CallRow, type CutTargets, type JudgedStory } from './calls.ts';
import {
  FIRST_SIGHTING_ONLY,
  reachesAtPeak,
  reachesWithinHorizon,
  replayRecording,
  type Observations,
  type PredictionMoment,
  type RecordedStory,
} from './dataset.ts';
import { extractFeatures, FEATURE_NAMES, GROWTH_FEATURE_NAMES, type FeatureName, type Features } from './features.ts';
import { fitLogistic, linearPredictor, sigmoid } from './logistic.ts';
import { brierScore, expectedCalibrationError, rocAuc } from './metrics.ts';
import { predict, type Figures, type ModelFile, type ModelHead } from './model.ts';
import { productPrediction, undecidedAt } from './product.ts';
import { chooseSplit, monthOf, partOf, type Part, type SplitMonths } from './split.ts';

export const MODEL_VERSION_PREFIX = 'logistic-v2';

/** The product's head reads the growth features too; the first-sighting head does without them (none yet). */
export const PRODUCT_FEATURES: FeatureName[] = [...FEATURE_NAMES, ...GROWTH_FEATURE_NAMES];

/**
 * What the "will trend" cut must keep on the calibration months: nineteen of twenty stories that reach the target
 * called before they do, with a median lead of three and a half hours. Within those, the highest cut (the most
 * precise calls).
 */
export const CUT_TARGETS: CutTargets = { minRecall: 0.95, minLeadHours: 3.5 };

export interface TrainOptions {
  calibrationMonths: number;
  testMonths: number;
  /** Ridge penalty of the logistic regressions. */
  l2: number;
  now: Date;
}

export const DEFAULT_TRAIN_OPTIONS: Omit<TrainOptions, 'now'> = {
  calibrationMonths: 4,
  testMonths: 3,
  l2: 10,
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

function fitHead(label: string, names: readonly FeatureName[], train: Features[], trainLabels: number[], l2: number): ModelHead {
  const width = names.length;
  const means = names.map((name) => train.reduce((sum, row) => sum + row[name], 0) / train.length);
  const scales = names.map((name, j) => {
    const variance = train.reduce((sum, row) => sum + (row[name] - means[j]!) ** 2, 0) / train.length;
    // A constant feature keeps scale 1 rather than dividing by zero.
    return variance > 0 ? Math.sqrt(variance) : 1;
  });
  const values = new Float64Array(train.length * width);
  train.forEach((row, i) => names.forEach((name, j) => (values[i * width + j] = (row[name] - means[j]!) / scales[j]!)));
  const model = fitLogistic({ rows: train.length, width, values }, trainLabels, { l2 });
  return {
    label,
    features: [...names],
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

/** A story at one front-page sighting while undecided: where the product predicts, and the product's head learns. */
interface ProductMoment {
  story: number;
  at: number;
  features: Features;
}

interface Labelled<Moment> {
  moment: Moment;
  label: number;
  part: Part;
}

export interface TrainResult {
  model: ModelFile;
  /** Seconds the replay and the fits took, for the log. */
  seconds: number;
}

/** The stories of a part of the split, with the sightings their calls are judged by. */
function judgedStories(stories: RecordedStory[], sightings: readonly { at: number; score: number }[][], part: Part, split: SplitMonths): JudgedStory[] {
  const judged: JudgedStory[] = [];
  stories.forEach((story, index) => {
    const seen = sightings[index]!;
    if (seen.length > 0 && partOf(seen[0]!.at, split) === part) judged.push({ id: story.id, sightings: seen });
  });
  return judged;
}

export function trainModel(stories: RecordedStory[], rows: Observations, options: TrainOptions): TrainResult {
  const started = performance.now();
  // The product's head learns from every front-page sighting of an undecided story: where the product predicts.
  const productMoments: ProductMoment[] = [];
  const replay = replayRecording(stories, rows, FIRST_SIGHTING_ONLY, ({ index, story, at, history, page }) => {
    if (undecidedAt(story, at)) productMoments.push({ story: index, at, features: extractFeatures(story, at, history, page) });
  });
  const firstSeen = replay.sightings.map((seen) => seen[0]?.at ?? Number.NaN);
  const split = chooseSplit(
    firstSeen.filter((time) => !Number.isNaN(time)),
    options.calibrationMonths,
    options.testMonths,
  );
  // A story's moments all fall in the part of its first sighting, so no story is in two parts.
  const horizonRows: Labelled<ProductMoment>[] = productMoments.map((moment) => ({
    moment,
    label: reachesWithinHorizon(replay.sightings[moment.story]!, moment.at) ? 1 : 0,
    part: partOf(firstSeen[moment.story]!, split),
  }));
  const peakRows: Labelled<PredictionMoment>[] = replay.moments.map((moment) => ({
    moment,
    label: reachesAtPeak(replay.sightings[moment.story]!) ? 1 : 0,
    part: partOf(firstSeen[moment.story]!, split),
  }));
  const inPart = <Moment>(list: Labelled<Moment>[], part: Part) => list.filter((row) => row.part === part);
  const features = (list: Labelled<{ features: Features }>[]) => list.map((row) => row.moment.features);
  const labels = <Moment>(list: Labelled<Moment>[]) => list.map((row) => row.label);

  const horizonLabel = `reaches ${PREDICTION_TARGET_POINTS} points within ${PREDICTION_HORIZON_HOURS} hours of the prediction`;
  const peakLabel = `reaches ${PREDICTION_TARGET_POINTS} points at its peak, predicted at its first front-page sighting`;
  const horizonTrain = inPart(horizonRows, 'train');
  let horizon = fitHead(horizonLabel, PRODUCT_FEATURES, features(horizonTrain), labels(horizonTrain), options.l2);
  // The peak head is used at first sightings only: trained on later moments too, it learns mostly that a
  // high score now means a high peak, and ranks first sightings worse (ROC-AUC 0.755 against 0.80).
  const peakTrain = inPart(peakRows, 'train');
  let peak = fitHead(peakLabel, FEATURE_NAMES, features(peakTrain), labels(peakTrain), options.l2);
  const horizonCalibration = inPart(horizonRows, 'calibration');
  const peakCalibration = inPart(peakRows, 'calibration');
  horizon = calibrate(horizon, features(horizonCalibration), labels(horizonCalibration));
  peak = calibrate(peak, features(peakCalibration), labels(peakCalibration));

  const baselines = {
    scoreAtFirstSighting: fitBaseline(features(peakCalibration).map(BASELINES.scoreAtFirstSighting), labels(peakCalibration)),
    scoreOverRank: fitBaseline(features(peakCalibration).map(BASELINES.scoreOverRank), labels(peakCalibration)),
  };

  // The "will trend" cut, chosen on the calibration months' rows only.
  const callRows = (list: Labelled<ProductMoment>[]): CallRow[] =>
    list.map((row) => ({ id: stories[row.moment.story]!.id, at: row.moment.at, value: predict(row.moment.features, horizon) }));
  const calibrationStories = judgedStories(stories, replay.sightings, 'calibration', split);
  const cut = chooseCut(calibrationStories, callRows(horizonCalibration), CUT_TARGETS);

  const validation: Record<string, Figures> = {};
  const calls: Record<string, CallFigures> = {};
  for (const part of ['test', 'calibration'] as const) {
    const first = inPart(peakRows, part);
    const all = inPart(horizonRows, part);
    const peakLabelsOf = labels(first);
    validation[`${part}: peak, first sighting`] = figures(features(first).map((row) => predict(row, peak)), peakLabelsOf);
    for (const name of Object.keys(BASELINES) as BaselineName[]) {
      validation[`${part}: peak, first sighting, baseline ${name}`] = figures(
        features(first).map((row) => baselineProbability(baselines[name], BASELINES[name](row))),
        peakLabelsOf,
      );
    }
    validation[`${part}: within ${PREDICTION_HORIZON_HOURS} h, every undecided sighting`] = figures(
      features(all).map((row) => predict(row, horizon)),
      labels(all),
    );
    calls[part] = roundCalls(callFigures(judgedStories(stories, replay.sightings, part, split), callRows(all), cut));
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
    trendCall: { cut, chosenOn: 'calibration', targets: CUT_TARGETS, figures: calls },
    validation,
  };
  return { model, seconds: (performance.now() - started) / 1000 };
}

/** A rule the product's calls are compared with, on the same rows: its value at the row, and its cut. */
export interface CallRule {
  name: string;
  cut: number;
  value: (row: { probability: number; score: number; ageHours: number }) => number;
}

const SECONDS_PER_HOUR = 3600;
/** Points an hour are measured over at least a quarter of an hour of age. */
const MIN_RULE_AGE_HOURS = 0.25;

/** The product at its cut, and simple rules on the same rows. */
export function callRules(cut: number): CallRule[] {
  return [
    { name: `model at the product's cut (${cut})`, cut, value: (row) => row.probability },
    ...(cut === 0.5 ? [] : [{ name: 'model at 0.5', cut: 0.5, value: (row: { probability: number }) => row.probability }]),
    ...[150, 200, 250].map((points) => ({ name: `call at ${points} points`, cut: points, value: (row: { score: number }) => row.score })),
    ...[60, 100].map((rate) => ({
      name: `call at ${rate} points an hour of age`,
      cut: rate,
      value: (row: { score: number; ageHours: number }) => row.score / Math.max(row.ageHours, MIN_RULE_AGE_HOURS),
    })),
  ];
}

export interface ProductRow {
  id: number;
  /** Unix seconds of the sighting. */
  at: number;
  probability: number;
  score: number;
  /** Hours since the story's submission (its upper bound, in a recording). */
  ageHours: number;
}

export interface Evaluation {
  /** One row per story seen on the front page, in story order: the peak head at the first sighting. */
  predictions: { id: number; probability: number }[];
  /** Figures for the peak target at first sighting: the model and the baselines, per part of the split. */
  figures: Record<string, Figures>;
  /** Every prediction the product would make, in time order: each front-page sighting of an undecided story. */
  productRows: ProductRow[];
  /** The product's calls and the rules' on those rows, per part of the split. */
  calls: Record<string, CallFigures>;
}

/**
 * Replays the recording once, predicting as the product does at every sighting (the same function ingestion calls),
 * and every story at its first front-page sighting with the peak head; measures both against the recording.
 */
export function evaluateModel(model: ModelFile, stories: RecordedStory[], rows: Observations, cut = TREND_CALL_THRESHOLD): Evaluation {
  const productRows: ProductRow[] = [];
  const replay = replayRecording(stories, rows, FIRST_SIGHTING_ONLY, ({ story, at, history, page }) => {
    const probability = productPrediction(story, at, history, page, model.heads.horizon);
    if (probability === null) return;
    const score = story.sightings.at(-1)!.score;
    productRows.push({ id: story.id, at, probability, score, ageHours: (at - story.createdBefore) / SECONDS_PER_HOUR });
  });
  const split: SplitMonths = { calibrationFrom: model.split.calibrationFrom, testFrom: model.split.testFrom };
  const scored = replay.moments.map((moment) => ({
    moment,
    probability: predict(moment.features, model.heads.peak),
    label: reachesAtPeak(replay.sightings[moment.story]!) ? 1 : 0,
    part: partOf(moment.at, split),
  }));
  const result: Record<string, Figures> = {};
  const calls: Record<string, CallFigures> = {};
  const parts: [string, (part: Part) => boolean][] = [
    ['test months', (part) => part === 'test'],
    ['calibration months', (part) => part === 'calibration'],
    ['calibration + test months', (part) => part !== 'train'],
    ['all months (training months included)', () => true],
  ];
  const judged = replay.sightings.map((seen, index) => ({ id: stories[index]!.id, sightings: seen }));
  for (const [name, keep] of parts) {
    const group = scored.filter((row) => keep(row.part));
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
    const groupStories = judged.filter((story) => story.sightings.length > 0 && keep(partOf(story.sightings[0]!.at, split)));
    for (const rule of callRules(cut)) {
      const ruleRows = productRows.map((row) => ({ id: row.id, at: row.at, value: rule.value(row) }));
      calls[`${name}: ${rule.name}`] = roundCalls(callFigures(groupStories, ruleRows, rule.cut));
    }
  }
  const predictions = scored
    .map((row) => ({ id: stories[row.moment.story]!.id, probability: row.probability }))
    .sort((a, b) => a.id - b.id);
  return { predictions, figures: result, productRows, calls };
}

function roundCalls(calls: CallFigures): CallFigures {
  return {
    ...calls,
    precision: round4(calls.precision),
    recall: round4(calls.recall),
    medianLeadHours: Math.round(calls.medianLeadHours * 100) / 100,
    rowRocAuc: round4(calls.rowRocAuc),
  };
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
