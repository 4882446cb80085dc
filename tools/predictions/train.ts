/**
 * Trains the prediction model on a front-page recording and writes its parameters, training date,
 * data range and validation figures to server/predictions/model.json.
 * Run: npm run predictions:train -- [--data ../shared/data/hn-frontpage] [--out server/predictions/model.json]
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_TRAIN_OPTIONS, trainModel } from '../../server/predictions/training.ts';
import { printCalls, printFigures } from './print.ts';
import { DEFAULT_DATA_DIR, DEFAULT_MODEL_PATH, readRecording } from './recording.ts';

const { values } = parseArgs({ options: { data: { type: 'string' }, out: { type: 'string' } } });
const dataDir = values.data ?? DEFAULT_DATA_DIR;
const out = values.out ?? DEFAULT_MODEL_PATH;

const recording = await readRecording(dataDir).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
console.log(`read ${recording.stories.length} stories and ${recording.rows.length} observations from ${dataDir}`);
const { model, seconds } = trainModel(recording.stories, recording.rows, { ...DEFAULT_TRAIN_OPTIONS, now: new Date() });
writeFileSync(out, `${JSON.stringify(model, null, 1)}\n`);
console.log(`trained in ${seconds.toFixed(1)} s; wrote ${out} (${model.version})`);
console.log(`split: train to ${model.split.trainUntil}, calibrate ${model.split.calibrationFrom}.., test ${model.split.testFrom}..`);
printFigures(model.validation);
const { cut, targets, figures } = model.trendCall;
console.log(`"will trend" cut ${cut}, chosen on the calibration months: the highest keeping recall ≥ ${targets.minRecall} and median lead ≥ ${targets.minLeadHours} h`);
printCalls(figures);
