import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../tools/hn-replay/prng.ts';
import { fitLogistic, logit, predictRow, sigmoid, solveSymmetric } from './logistic.ts';

/** Rows drawn from a known logistic model: p = sigmoid(-1 + 2 x1 - 0.5 x2). */
function sample(rows: number, seed: number): { values: Float64Array; labels: Uint8Array } {
  const random = mulberry32(seed);
  const values = new Float64Array(rows * 2);
  const labels = new Uint8Array(rows);
  for (let i = 0; i < rows; i++) {
    const x1 = random() * 4 - 2;
    const x2 = random() * 4 - 2;
    values[i * 2] = x1;
    values[i * 2 + 1] = x2;
    labels[i] = random() < sigmoid(-1 + 2 * x1 - 0.5 * x2) ? 1 : 0;
  }
  return { values, labels };
}

describe('sigmoid and logit', () => {
  it('are inverses and stay finite at the extremes', () => {
    expect(sigmoid(0)).toBe(0.5);
    expect(logit(sigmoid(1.7))).toBeCloseTo(1.7, 10);
    expect(sigmoid(-1000)).toBe(0);
    expect(sigmoid(1000)).toBe(1);
    expect(Number.isFinite(logit(0))).toBe(true);
    expect(Number.isFinite(logit(1))).toBe(true);
  });
});

describe('solveSymmetric', () => {
  it('solves a symmetric positive-definite system', () => {
    // [[4, 2], [2, 3]] x = [2, 1] → x = [0.5, 0].
    expect(Array.from(solveSymmetric(Float64Array.of(4, 2, 2, 3), Float64Array.of(2, 1), 2))).toEqual([0.5, 0]);
  });

  it('refuses a matrix that is not positive definite', () => {
    expect(() => solveSymmetric(Float64Array.of(1, 2, 2, 1), Float64Array.of(1, 1), 2)).toThrow(/positive definite/);
  });
});

describe('fitLogistic', () => {
  it('recovers the weights of the model that generated the data', () => {
    const { values, labels } = sample(20_000, 7);
    const model = fitLogistic({ rows: labels.length, width: 2, values }, labels, { l2: 0 });
    expect(model.intercept).toBeCloseTo(-1, 1);
    expect(model.weights[0]).toBeCloseTo(2, 1);
    expect(model.weights[1]).toBeCloseTo(-0.5, 1);
    expect(predictRow(model, [0, 0])).toBeCloseTo(sigmoid(model.intercept), 12);
  });

  it('shrinks the weights, not the intercept, as the penalty grows', () => {
    const { values, labels } = sample(2_000, 11);
    const x = { rows: labels.length, width: 2, values };
    const loose = fitLogistic(x, labels, { l2: 0 });
    const tight = fitLogistic(x, labels, { l2: 1e6 });
    expect(Math.abs(tight.weights[0]!)).toBeLessThan(Math.abs(loose.weights[0]!) / 100);
    // With the weights near 0, the intercept alone gives the base rate.
    const rate = labels.reduce((sum, label) => sum + label, 0) / labels.length;
    expect(sigmoid(tight.intercept)).toBeCloseTo(rate, 2);
  });

  it('weighs rows: a row counted twice equals a duplicated row', () => {
    const values = Float64Array.of(0, 1, 2, 3);
    const labels = [0, 1, 0, 1];
    const weighted = fitLogistic({ rows: 4, width: 1, values }, labels, { l2: 0.1, rowWeights: [1, 2, 1, 1] });
    const duplicated = fitLogistic({ rows: 5, width: 1, values: Float64Array.of(0, 1, 1, 2, 3) }, [0, 1, 1, 0, 1], {
      l2: 0.1,
    });
    expect(weighted.weights[0]).toBeCloseTo(duplicated.weights[0]!, 8);
    expect(weighted.intercept).toBeCloseTo(duplicated.intercept, 8);
  });
});
