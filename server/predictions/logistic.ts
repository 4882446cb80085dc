/**
 * Logistic regression fitted by Newton's method with an L2 (ridge) penalty. With a few dozen features
 * a Newton step is one small linear solve, so a fit over 100,000 rows takes well under a second,
 * converges in a handful of steps and needs no learning rate.
 */

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** The log-odds of a probability, kept finite at 0 and 1. */
export function logit(p: number): number {
  const clipped = Math.min(1 - 1e-9, Math.max(1e-9, p));
  return Math.log(clipped / (1 - clipped));
}

/** Rows of features, row-major: row i is values[i * width .. (i + 1) * width - 1]. */
export interface Matrix {
  rows: number;
  width: number;
  values: Float64Array;
}

export interface LogisticModel {
  intercept: number;
  weights: number[];
}

export interface FitOptions {
  /** Penalty on the squared weights (not the intercept); larger shrinks them toward 0. */
  l2?: number;
  maxIterations?: number;
  /** Stop when no weight moves by more than this. */
  tolerance?: number;
  /** Per-row weights (1 each by default). */
  rowWeights?: ArrayLike<number>;
}

export function linearPredictor(model: LogisticModel, row: ArrayLike<number>, offset = 0): number {
  let z = model.intercept;
  for (let j = 0; j < model.weights.length; j++) z += model.weights[j]! * row[offset + j]!;
  return z;
}

export function predictRow(model: LogisticModel, row: ArrayLike<number>): number {
  return sigmoid(linearPredictor(model, row));
}

export function fitLogistic(x: Matrix, labels: ArrayLike<number>, options: FitOptions = {}): LogisticModel {
  const { rows, width, values } = x;
  const l2 = options.l2 ?? 1;
  const maxIterations = options.maxIterations ?? 50;
  const tolerance = options.tolerance ?? 1e-8;
  const size = width + 1; // parameter 0 is the intercept
  const beta = new Float64Array(size);
  const gradient = new Float64Array(size);
  const hessian = new Float64Array(size * size);
  const features = new Float64Array(size);
  features[0] = 1;

  for (let iteration = 0; iteration < maxIterations; iteration++) {
    gradient.fill(0);
    hessian.fill(0);
    for (let i = 0; i < rows; i++) {
      const base = i * width;
      for (let j = 0; j < width; j++) features[j + 1] = values[base + j]!;
      let z = 0;
      for (let j = 0; j < size; j++) z += beta[j]! * features[j]!;
      const p = sigmoid(z);
      const rowWeight = options.rowWeights ? options.rowWeights[i]! : 1;
      const residual = rowWeight * ((labels[i] ? 1 : 0) - p);
      const curvature = rowWeight * p * (1 - p);
      for (let j = 0; j < size; j++) {
        const fj = features[j]!;
        gradient[j]! += residual * fj;
        const scaled = curvature * fj;
        // Lower triangle only; mirrored below.
        for (let k = 0; k <= j; k++) hessian[j * size + k]! += scaled * features[k]!;
      }
    }
    for (let j = 1; j < size; j++) {
      gradient[j]! -= l2 * beta[j]!;
      hessian[j * size + j]! += l2;
    }
    for (let j = 0; j < size; j++) for (let k = 0; k < j; k++) hessian[k * size + j] = hessian[j * size + k]!;
    // A tiny ridge on the intercept keeps the system solvable when a class is absent.
    hessian[0]! += 1e-9;
    const step = solveSymmetric(hessian, gradient, size);
    let largest = 0;
    for (let j = 0; j < size; j++) {
      beta[j]! += step[j]!;
      largest = Math.max(largest, Math.abs(step[j]!));
    }
    if (largest < tolerance) break;
  }
  return { intercept: beta[0]!, weights: Array.from(beta.subarray(1)) };
}

/** Solves A x = b for a symmetric positive-definite A (row-major, n × n) by Cholesky decomposition. */
export function solveSymmetric(a: Float64Array, b: Float64Array, n: number): Float64Array {
  const lower = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i * n + j]!;
      for (let k = 0; k < j; k++) sum -= lower[i * n + k]! * lower[j * n + k]!;
      if (i === j) {
        if (sum <= 0) throw new Error('matrix is not positive definite');
        lower[i * n + i] = Math.sqrt(sum);
      } else {
        lower[i * n + j] = sum / lower[j * n + j]!;
      }
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = b[i]!;
    for (let k = 0; k < i; k++) sum -= lower[i * n + k]! * y[k]!;
    y[i] = sum / lower[i * n + i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i]!;
    for (let k = i + 1; k < n; k++) sum -= lower[k * n + i]! * x[k]!;
    x[i] = sum / lower[i * n + i]!;
  }
  return x;
}
