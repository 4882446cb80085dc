import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../tools/hn-replay/prng.ts';
import { applyPlatt, fitPlatt } from './calibration.ts';
import { logit, sigmoid } from './logistic.ts';
import { expectedCalibrationError } from './metrics.ts';

/**
 * An overconfident model: it says sigmoid(2z) where the truth is sigmoid(z - 1), i.e. its log-odds are
 * twice too extreme and 2 too high. Platt scaling should learn slope 0.5 and intercept -1.
 */
function overconfident(rows: number, seed: number): { said: number[]; labels: number[] } {
  const random = mulberry32(seed);
  const said: number[] = [];
  const labels: number[] = [];
  for (let i = 0; i < rows; i++) {
    const z = random() * 6 - 3;
    said.push(sigmoid(2 * z));
    labels.push(random() < sigmoid(z - 1) ? 1 : 0);
  }
  return { said, labels };
}

describe('Platt scaling', () => {
  it('learns the map from the model’s log-odds to the true ones', () => {
    const { said, labels } = overconfident(20_000, 3);
    const scaling = fitPlatt(said, labels);
    expect(scaling.slope).toBeCloseTo(0.5, 1);
    expect(scaling.intercept).toBeCloseTo(-1, 1);
    expect(applyPlatt(scaling, sigmoid(2))).toBeCloseTo(sigmoid(scaling.slope * 2 + scaling.intercept), 12);
  });

  it('brings the calibration error down on data it was not fitted on', () => {
    const fit = overconfident(10_000, 5);
    const fresh = overconfident(10_000, 6);
    const scaling = fitPlatt(fit.said, fit.labels);
    const before = expectedCalibrationError(fresh.said, fresh.labels);
    const after = expectedCalibrationError(
      fresh.said.map((p) => applyPlatt(scaling, p)),
      fresh.labels,
    );
    expect(before).toBeGreaterThan(0.15);
    expect(after).toBeLessThan(0.02);
  });

  it('keeps the order of the probabilities (a positive slope never reverses a ranking)', () => {
    const { said, labels } = overconfident(5_000, 9);
    const scaling = fitPlatt(said, labels);
    expect(scaling.slope).toBeGreaterThan(0);
    expect(applyPlatt(scaling, 0.9)).toBeGreaterThan(applyPlatt(scaling, 0.8));
    expect(Number.isFinite(applyPlatt(scaling, 1))).toBe(true);
    expect(logit(applyPlatt(scaling, 0.5))).toBeCloseTo(scaling.intercept, 8);
  });
});
