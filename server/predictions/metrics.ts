/** How good probabilities are: ranking (ROC-AUC), accuracy (Brier) and calibration (ECE). */

/**
 * Area under the ROC curve: the chance that a random positive is ranked above a random negative,
 * ties counting half (the Mann-Whitney statistic). NaN when one class is missing.
 */
export function rocAuc(scores: ArrayLike<number>, labels: ArrayLike<number>): number {
  const order = Array.from({ length: scores.length }, (_, i) => i).sort((a, b) => scores[a]! - scores[b]!);
  let positives = 0;
  let rankSum = 0;
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && scores[order[end + 1]!] === scores[order[start]!]) end++;
    // Tied scores share the mean of their 1-based ranks.
    const meanRank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) {
      if (labels[order[k]!]) {
        positives++;
        rankSum += meanRank;
      }
    }
    start = end + 1;
  }
  const negatives = order.length - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** Mean squared difference between probability and outcome (0 is perfect). */
export function brierScore(probabilities: ArrayLike<number>, labels: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < probabilities.length; i++) sum += (probabilities[i]! - (labels[i] ? 1 : 0)) ** 2;
  return sum / probabilities.length;
}

/**
 * Expected calibration error over equal-width probability bins: the gap between mean probability and
 * observed frequency in each bin, weighted by the bin's share of the predictions.
 */
export function expectedCalibrationError(
  probabilities: ArrayLike<number>,
  labels: ArrayLike<number>,
  bins = 10,
): number {
  const count = new Float64Array(bins);
  const predicted = new Float64Array(bins);
  const observed = new Float64Array(bins);
  for (let i = 0; i < probabilities.length; i++) {
    const p = probabilities[i]!;
    const bin = Math.min(bins - 1, Math.max(0, Math.floor(p * bins)));
    count[bin]!++;
    predicted[bin]! += p;
    observed[bin]! += labels[i] ? 1 : 0;
  }
  let error = 0;
  for (let bin = 0; bin < bins; bin++) {
    if (count[bin]) error += Math.abs(predicted[bin]! - observed[bin]!);
  }
  return error / probabilities.length;
}
