/**
 * The offline evaluation anyone can rerun, over any recording folder:
 * - every story at its first front-page sighting, with the peak head: `id,probability` (--out), ROC-AUC, Brier score
 *   and expected calibration error beside the baselines, for "the peak score in the recording reaches 300";
 * - every prediction the product would make while replaying the folder in time order, through the function
 *   ingestion calls: one row per front-page sighting of each undecided story, `id,time,probability` (--moments), and
 *   the calls at the product's cut (precision, recall, median lead, row ROC-AUC) beside simple rules on the same rows.
 * Run: npm run predictions:evaluate -- [--data ../shared/data/hn-frontpage] [--out predictions.csv]
 *   [--moments moments.csv] [--model server/predictions/model.json] [--cut 0.35]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { TREND_CALL_THRESHOLD } from '#common/rules/predictions.ts';
import type { ModelFile } from '../../server/predictions/model.ts';
import { evaluateModel } from '../../server/predictions/training.ts';
import { printCalls, printFigures } from './print.ts';
import { DEFAULT_DATA_DIR, DEFAULT_MODEL_PATH, readRecording } from './recording.ts';

const { values } = parseArgs({
  options: { data: { type: 'string' }, out: { type: 'string' }, moments: { type: 'string' }, model: { type: 'string' }, cut: { type: 'string' } },
});
const dataDir = values.data ?? DEFAULT_DATA_DIR;
const out = values.out ?? 'predictions.csv';
const momentsOut = values.moments ?? 'moments.csv';
const cut = values.cut === undefined ? TREND_CALL_THRESHOLD : Number(values.cut);
if (!(cut > 0 && cut < 1)) {
  console.error(`--cut must be a probability between 0 and 1, got ${values.cut}`);
  process.exit(1);
}
const model = JSON.parse(readFileSync(values.model ?? DEFAULT_MODEL_PATH, 'utf8')) as ModelFile;

const recording = await readRecording(dataDir).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const { predictions, figures, productRows, calls } = evaluateModel(model, recording.stories, recording.rows, cut);
writeFileSync(out, `id,probability\n${predictions.map((row) => `${row.id},${row.probability.toFixed(6)}`).join('\n')}\n`);
writeFileSync(momentsOut, `id,time,probability\n${productRows.map((row) => `${row.id},${row.at},${row.probability.toFixed(6)}`).join('\n')}\n`);
console.log(`model ${model.version} (trained ${model.trainedAt.slice(0, 10)} on months to ${model.split.trainUntil}; calibrated from ${model.split.calibrationFrom}; test months from ${model.split.testFrom})`);
console.log(`predicted ${predictions.length} stories from ${dataDir} at their first front-page sighting; wrote ${out}`);
console.log(`target: the story's peak score in the recording reaches ${model.target.points}`);
printFigures(figures);
console.log();
console.log(`the product's predictions: ${productRows.length} rows (each front-page sighting of an undecided story); wrote ${momentsOut}`);
console.log(`a call is a story's first row at or above the cut (the product's: ${cut}); precision: called stories whose peak reaches ${model.target.points};`);
console.log(`recall: stories reaching ${model.target.points} called strictly before their first sighting there; lead: hours from call to that sighting;`);
console.log(`row ROC-AUC: every row against reaching ${model.target.points} within ${model.target.horizonHours} hours of it`);
printCalls(calls);
