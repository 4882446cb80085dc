/** The evaluation's measures (docs/recommendations.md): hits in the top k, and a mean with its 95% interval. */

/** How many of the first `k` ranked ids are relevant. A list shorter than k counts its missing places as misses. */
export function hitsAt(ranked: readonly number[], relevant: ReadonlySet<number>, k: number): number {
  let hits = 0;
  for (const id of ranked.slice(0, k)) if (relevant.has(id)) hits++;
  return hits;
}

/** The share of the top k that is relevant: hits / k (not / the list's length). */
export function hitRateAt(ranked: readonly number[], relevant: ReadonlySet<number>, k: number): number {
  if (!Number.isInteger(k) || k < 1) throw new Error(`k must be a positive whole number, got ${k}`);
  return hitsAt(ranked, relevant, k) / k;
}

/** The mean and the half-width of its normal 95% interval (1.96 standard errors; 0 for fewer than two values). */
export function meanWithInterval(values: readonly number[]): { mean: number; halfWidth: number; n: number } {
  const n = values.length;
  if (n === 0) return { mean: Number.NaN, halfWidth: Number.NaN, n };
  const mean = values.reduce((sum, value) => sum + value, 0) / n;
  if (n < 2) return { mean, halfWidth: 0, n };
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1);
  return { mean, halfWidth: 1.96 * Math.sqrt(variance / n), n };
}

/** The ids ranked by a score, highest first; ties by the tie-breaker (higher first), then the higher id. */
export function rankBy<T extends { id: number }>(items: readonly T[], score: (item: T) => number, tieBreak: (item: T) => number = () => 0): number[] {
  return [...items]
    .map((item) => ({ id: item.id, score: score(item), tie: tieBreak(item) }))
    .sort((a, b) => b.score - a.score || b.tie - a.tie || b.id - a.id)
    .map((item) => item.id);
}
