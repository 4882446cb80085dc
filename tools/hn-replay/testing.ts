/** Helpers for the replay's own tests (not part of the public API). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DATA_DIR } from './index.ts';
import { hasRecording } from './load.ts';

export const SAMPLE_WEEK_CSV = join(DEFAULT_DATA_DIR, 'sample-week-2021-03-01.csv');
/** The shared data is not in the repository; suites that need it skip without it. */
export const HAS_SAMPLE_WEEK = hasRecording(DEFAULT_DATA_DIR, 'sample-week');
/** A folder that certainly does not exist, to get the generated dataset. */
export const MISSING_DATA_DIR = join(DEFAULT_DATA_DIR, 'does-not-exist');

export interface CsvObservation {
  time: number;
  rank: number;
  id: number;
  score: number;
  comments: number;
}

/** The sample week's rows read independently of the loader, as ground truth. */
export function readSampleWeekCsv(): CsvObservation[] {
  return readFileSync(SAMPLE_WEEK_CSV, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [time, rank, id, score, comments] = line.split(',');
      return { time: Number(time), rank: Number(rank), id: Number(id), score: Number(score), comments: comments ? Number(comments) : 0 };
    });
}

export const silent = (): void => {};
