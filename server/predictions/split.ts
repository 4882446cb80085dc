/**
 * The time-ordered split: the model learns from the earlier months, is calibrated on the months after,
 * and is judged on the last months, which neither saw. Never random: a random split would let the
 * model learn from stories posted after the ones it is judged on.
 */

export type Part = 'train' | 'calibration' | 'test';

/** 'YYYY-MM' of a unix time, in UTC. */
export function monthOf(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 7);
}

export interface SplitMonths {
  /** First month of the calibration part ('YYYY-MM'); earlier months train. */
  calibrationFrom: string;
  /** First month of the test part; calibration runs up to the month before. */
  testFrom: string;
}

/** The split of the recording's months: the last `testMonths` to test, the `calibrationMonths` before to calibrate. */
export function chooseSplit(times: Iterable<number>, calibrationMonths: number, testMonths: number): SplitMonths {
  const months = [...new Set(Array.from(times, monthOf))].sort();
  if (months.length < calibrationMonths + testMonths + 1) {
    throw new Error(`need at least ${calibrationMonths + testMonths + 1} months of data, found ${months.length}`);
  }
  return {
    calibrationFrom: months[months.length - testMonths - calibrationMonths]!,
    testFrom: months[months.length - testMonths]!,
  };
}

export function partOf(unixSeconds: number, split: SplitMonths): Part {
  const month = monthOf(unixSeconds);
  if (month >= split.testFrom) return 'test';
  if (month >= split.calibrationFrom) return 'calibration';
  return 'train';
}
