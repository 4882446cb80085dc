/**
 * Platt scaling: a logistic regression on the model's log-odds, fitted on data the model was not
 * trained on, so that "70 %" comes true about 70 % of the time. Two parameters cannot overfit the
 * few thousand stories of the calibration months the way an isotonic curve could.
 */
import { fitLogistic, logit, sigmoid } from './logistic.ts';

export interface PlattScaling {
  /** Multiplies the model's log-odds. */
  slope: number;
  intercept: number;
}

export function fitPlatt(probabilities: ArrayLike<number>, labels: ArrayLike<number>): PlattScaling {
  const values = Float64Array.from(probabilities, (p) => logit(p));
  const model = fitLogistic({ rows: values.length, width: 1, values }, labels, { l2: 0 });
  return { slope: model.weights[0]!, intercept: model.intercept };
}

export function applyPlatt(scaling: PlattScaling, probability: number): number {
  return sigmoid(scaling.slope * logit(probability) + scaling.intercept);
}
