import { describe, expect, it } from 'vitest';
import { callFigures, chooseCut, type CallRow, type JudgedStory } from './calls.ts';

const HOUR = 3600;
const T = Date.UTC(2022, 1, 7, 12) / 1000;

/** Sightings as [hours after T, score]. */
const story = (id: number, seen: [number, number][]): JudgedStory => ({
  id,
  sightings: seen.map(([hours, score]) => ({ at: T + hours * HOUR, score })),
});
/** Rows as [hours after T, value]. */
const rowsOf = (id: number, list: [number, number][]): CallRow[] => list.map(([hours, value]) => ({ id, at: T + hours * HOUR, value }));

// A small recording, each story a case the definitions must get right.
const A = 1; // rises to 310 at 2 h, called at 1 h: an early call, lead 1 h
const B = 2; // first seen at 320: reached the target, but no row (decided from the start), so it cannot be called early
const C = 3; // called exactly at the cut, never reaches 300: a false call
const D = 4; // never called, never reaches 300
const E = 5; // called only at the sighting where it reached 300: a call, but not strictly before, so not early
const F = 6; // called at its first sighting, reaches 300 eight hours later: early (lead 8 h), outside the row's 6 hours
const stories = [
  story(A, [[0, 100], [1, 200], [2, 310], [3, 400]]),
  story(B, [[0, 320], [1, 350]]),
  story(C, [[0, 50], [1, 80], [2, 90]]),
  story(D, [[0, 40], [1, 60]]),
  story(E, [[0, 250], [1, 300]]),
  story(F, [[0, 100], [8, 300]]),
];
const rows = [
  ...rowsOf(A, [[0, 0.2], [1, 0.6]]),
  ...rowsOf(C, [[0, 0.5], [1, 0.7]]),
  ...rowsOf(D, [[0, 0.1], [1, 0.3]]),
  ...rowsOf(E, [[0, 0.4], [1, 0.9]]),
  ...rowsOf(F, [[0, 0.8]]),
];

describe('callFigures', () => {
  const figures = callFigures(stories, rows, 0.5);

  it('calls a story at its first row at or above the cut, and counts the called stories that reached 300', () => {
    // Called: A (0.6 at 1 h), C (0.5 at 0 h: exactly the cut), E (0.9 at 1 h), F (0.8 at 0 h). D never reaches 0.5.
    expect(figures.called).toBe(4);
    // A, E and F reached 300; C did not.
    expect(figures.calledReached).toBe(3);
    expect(figures.precision).toBe(3 / 4);
  });

  it('counts as recalled only the stories called strictly before their first sighting at 300', () => {
    // Reached: A, B, E, F. Early: A (1 h before), F (8 h before). B has no row; E was called at the 300 itself.
    expect(figures.reached).toBe(4);
    expect(figures.earlyCalls).toBe(2);
    expect(figures.recall).toBe(2 / 4);
  });

  it('takes the median lead over the early calls: 1 h and 8 h give 4.5 h', () => {
    expect(figures.medianLeadHours).toBe(4.5);
  });

  it('judges every row against reaching 300 within 6 hours of it', () => {
    // Positive rows: A at 0 h (0.2) and 1 h (0.6), E at 0 h (0.4) and 1 h (0.9, the 300 is at the row's own time).
    // Negative: C (0.5, 0.7), D (0.1, 0.3), F (0.8: its 300 comes 8 h later).
    expect(figures.rows).toBe(9);
    expect(figures.rowsReaching).toBe(4);
    // Pairs ranked right, of 4 × 5: 0.2 beats 0.1; 0.6 beats 0.5, 0.1, 0.3; 0.4 beats 0.1, 0.3; 0.9 beats all five.
    expect(figures.rowRocAuc).toBe((1 + 3 + 2 + 5) / 20);
    expect(figures.stories).toBe(6);
  });

  it('moves with the cut: at 0.65 only C, E and F are called, and only F early', () => {
    const higher = callFigures(stories, rows, 0.65);
    expect(higher.called).toBe(3);
    expect(higher.calledReached).toBe(2);
    expect(higher.earlyCalls).toBe(1);
    expect(higher.recall).toBe(1 / 4);
    expect(higher.medianLeadHours).toBe(8);
    // The cut does not change the row ranking.
    expect(higher.rowRocAuc).toBe(figures.rowRocAuc);
  });

  it('calls at the earliest row at or above the cut whatever the rows’ order', () => {
    const shuffled = [...rows].reverse();
    expect(callFigures(stories, shuffled, 0.5)).toEqual(figures);
    // With a low cut E is called at 0 h (0.4), an hour before its 300: now early, lead 1 h.
    const low = callFigures(stories, rows, 0.35);
    expect(low.earlyCalls).toBe(3);
    expect(low.medianLeadHours).toBe(1);
  });

  it('counts tied row values as half a pair', () => {
    const tied = callFigures([story(A, [[0, 100], [1, 300]]), story(D, [[0, 40]])], [...rowsOf(A, [[0, 0.5]]), ...rowsOf(D, [[0, 0.5]])], 0.5);
    expect(tied.rowRocAuc).toBe(0.5);
    // Both called at the tie; one reached.
    expect(tied.precision).toBe(0.5);
    expect(tied.recall).toBe(1);
  });

  it('ignores rows of stories not judged, and says NaN when there is nothing to measure', () => {
    const none = callFigures([story(D, [[0, 40]])], [...rowsOf(D, [[0, 0.1]]), ...rowsOf(A, [[0, 0.9]])], 0.5);
    expect(none.rows).toBe(1);
    expect(none.called).toBe(0);
    expect(none.precision).toBeNaN();
    expect(none.recall).toBeNaN();
    expect(none.medianLeadHours).toBeNaN();
    expect(none.rowRocAuc).toBeNaN();
  });
});

describe('chooseCut', () => {
  // Recall at cut c: A is early while c ≤ 0.6 (lead 1 h), F while c ≤ 0.8 (lead 8 h), E while c ≤ 0.4 (its 0.4 an hour
  // before its 300, lead 1 h); B never.
  it('picks the highest cut that keeps the recall asked for, when the lead holds too', () => {
    expect(chooseCut(stories, rows, { minRecall: 0.25, minLeadHours: 0 })).toBe(0.8);
    expect(chooseCut(stories, rows, { minRecall: 0.5, minLeadHours: 0 })).toBe(0.6);
    expect(chooseCut(stories, rows, { minRecall: 0.75, minLeadHours: 0 })).toBe(0.4);
  });

  it('lowers the cut until the median lead holds as well', () => {
    // G reaches 300 at 3 h; 0.3 at 0 h, 0.7 at 2 h. From 0.7 down to 0.31 it is called at 2 h (lead 1 h); at 0.3 at
    // 0 h (lead 3 h). Recall 1 holds at every cut up to 0.7; a 2-hour lead needs 0.3.
    const G = 7;
    const single = [story(G, [[0, 80], [2, 200], [3, 300]])];
    const singleRows = rowsOf(G, [[0, 0.3], [2, 0.7]]);
    expect(chooseCut(single, singleRows, { minRecall: 1, minLeadHours: 0 })).toBe(0.7);
    expect(chooseCut(single, singleRows, { minRecall: 1, minLeadHours: 2 })).toBe(0.3);
  });

  it('keeps the recall when no cut also keeps the lead, and falls back to the lowest cut when none keeps the recall', () => {
    // Recall 0.75 needs c ≤ 0.4, where the median lead is 1 h (2 h at 0.2 and below, A then called at 0 h): the lead
    // target is dropped, the recall kept.
    expect(chooseCut(stories, rows, { minRecall: 0.75, minLeadHours: 3 })).toBe(0.4);
    // B can never be called early, so a recall of 1 is out of reach.
    expect(chooseCut(stories, rows, { minRecall: 1, minLeadHours: 0 })).toBe(0.01);
  });
});
