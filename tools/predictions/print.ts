import type { CallFigures } from '../../server/predictions/calls.ts';
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

/** One line per set of calls, aligned. */
export function printCalls(calls: Record<string, CallFigures>): void {
  const width = Math.max(...Object.keys(calls).map((name) => name.length));
  const figure = (value: number, digits: number) => (Number.isNaN(value) ? '-' : value.toFixed(digits));
  console.log(`${'set'.padEnd(width)}     rows  stories  reached   called  precision  recall  median lead h  row ROC-AUC`);
  for (const [name, f] of Object.entries(calls)) {
    console.log(
      `${name.padEnd(width)}  ${String(f.rows).padStart(7)}  ${String(f.stories).padStart(7)}  ${String(f.reached).padStart(7)}  ${String(f.called).padStart(7)}  ${figure(f.precision, 3).padStart(9)}  ${figure(f.recall, 3).padStart(6)}  ${figure(f.medianLeadHours, 2).padStart(13)}  ${figure(f.rowRocAuc, 3).padStart(11)}`,
    );
  }
}
