import { describe, expect, it } from 'vitest';
import { brierScore, expectedCalibrationError, rocAuc } from './metrics.ts';

describe('rocAuc', () => {
  it('is 1 when every positive is ranked above every negative, 0 when below', () => {
    expect(rocAuc([0.1, 0.2, 0.8, 0.9], [0, 0, 1, 1])).toBe(1);
    expect(rocAuc([0.9, 0.8, 0.2, 0.1], [0, 0, 1, 1])).toBe(0);
  });

  it('counts the pairs ranked right: 3 of 4 here', () => {
    // Positives 0.4 and 0.8; negatives 0.1 and 0.6: (0.4>0.1) (0.4<0.6) (0.8>0.1) (0.8>0.6).
    expect(rocAuc([0.1, 0.4, 0.6, 0.8], [0, 1, 0, 1])).toBe(0.75);
  });

  it('counts ties as half a pair', () => {
    expect(rocAuc([0.5, 0.5], [0, 1])).toBe(0.5);
    expect(rocAuc([0.5, 0.5, 0.5, 0.9], [0, 1, 0, 1])).toBe(0.75);
  });

  it('does not depend on the order of the rows', () => {
    expect(rocAuc([0.8, 0.1, 0.6, 0.4], [1, 0, 0, 1])).toBe(0.75);
  });

  it('is undefined (NaN) with a single class', () => {
    expect(rocAuc([0.1, 0.2], [1, 1])).toBeNaN();
  });
});

describe('brierScore', () => {
  it('is the mean squared error of the probabilities', () => {
    expect(brierScore([1, 0], [1, 0])).toBe(0);
    expect(brierScore([0.5, 0.5], [1, 0])).toBe(0.25);
    expect(brierScore([0.9, 0.2], [0, 0])).toBeCloseTo((0.81 + 0.04) / 2, 12);
  });
});

describe('expectedCalibrationError', () => {
  it('is 0 when each bin’s mean probability equals its observed frequency', () => {
    // Bin 0.2-0.3: mean 0.25, 1 of 4 positive. Bin 0.7-0.8: mean 0.75, 3 of 4 positive.
    const probabilities = [0.25, 0.25, 0.25, 0.25, 0.75, 0.75, 0.75, 0.75];
    const labels = [1, 0, 0, 0, 1, 1, 1, 0];
    expect(expectedCalibrationError(probabilities, labels)).toBe(0);
  });

  it('weights each bin’s gap by its share of the predictions', () => {
    // Bin 0.9-1.0 (3 rows): mean 0.9, observed 0 → gap 0.9. Bin 0.1-0.2 (1 row): mean 0.1, observed 1 → gap 0.9.
    expect(expectedCalibrationError([0.9, 0.9, 0.9, 0.1], [0, 0, 0, 1])).toBeCloseTo(0.9, 12);
    // Bin 0.0-0.1: gap |0.05 − 0|; bin 0.6-0.7: gap |0.6 − 1|.
    expect(expectedCalibrationError([0.05, 0.6], [0, 1])).toBeCloseTo((0.05 + 0.4) / 2, 12);
  });

  it('puts probability 1 in the top bin and uses the number of bins asked for', () => {
    expect(expectedCalibrationError([1, 1], [1, 1])).toBe(0);
    // With 2 bins, 0.3 and 0.4 share a bin: mean 0.35 against 0.5 observed.
    expect(expectedCalibrationError([0.3, 0.4], [1, 0], 2)).toBeCloseTo(0.15, 12);
    // With 10 bins they do not: |0.3 − 1| and |0.4 − 0| over 2.
    expect(expectedCalibrationError([0.3, 0.4], [1, 0])).toBeCloseTo(0.55, 12);
  });
});
