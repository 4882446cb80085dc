/**
 * The offline evaluation anyone can rerun: predicts every story of a recording at its first front-page
 * sighting from what was known then, writes `id,probability`, and prints ROC-AUC, Brier score and
 * expected calibration error beside the baselines, for the target "peak score in the recording
 * reaches 300".
 * Run: npm run predictions:evaluate -- [--data ../shared/data/hn-frontpage] [--out predictions.csv]
 *   [--model server/predictions/model.json]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ModelFile } from '../../server/predictions/model.ts';
import { evaluateModel } from '../../server/predictions/training.ts';
import { printFigures } from './print.ts';
import { DEFAULT_DATA_DIR, DEFAULT_MODEL_PATH, readRecording } from './recording.ts';

const { values } = parseArgs({ options: { data: { type: 'string' }, out: { type: 'string' }, model: { type: 'string' } } });
const dataDir = values.data ?? DEFAULT_DATA_DIR;
const out = values.out ?? 'predictions.csv';
const model = JSON.parse(readFileSync(values.model ?? DEFAULT_MODEL_PATH, 'utf8')) as ModelFile;

const recording = await readRecording(dataDir).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const { predictions, figures } = evaluateModel(model, recording.stories, recording.rows);
writeFileSync(out, `id,probability\n${predictions.map((row) => `${row.id},${row.probability.toFixed(6)}`).join('\n')}\n`);
console.log(`model ${model.version} (trained ${model.trainedAt.slice(0, 10)} on months to ${model.split.trainUntil}; calibrated from ${model.split.calibrationFrom}; test months from ${model.split.testFrom})`);
console.log(`predicted ${predictions.length} stories from ${dataDir} at their first front-page sighting; wrote ${out}`);
console.log(`target: the story's peak score in the recording reaches ${model.target.points}`);
printFigures(figures);
