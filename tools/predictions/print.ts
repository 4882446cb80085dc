import type { Figures } from '../../server/predictions/model.ts';

/** One line per set of figures, aligned. */
export function printFigures(figures: Record<string, Figures>): void {
  const width = Math.max(...Object.keys(figures).map((name) => name.length));
  console.log(`${'set'.padEnd(width)}  stories  reached  ROC-AUC  Brier   ECE`);
  for (const [name, f] of Object.entries(figures)) {
    console.log(
      `${name.padEnd(width)}  ${String(f.stories).padStart(7)}  ${String(f.positives).padStart(7)}  ${f.rocAuc.toFixed(3).padStart(7)}  ${f.brier.toFixed(4)}  ${f.ece.toFixed(4)}`,
    );
  }
}
