import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodWindows, rangeMoves, type HourRange } from './windows.ts';

const hoursOf = (range: HourRange) => Array.from({ length: range.last - range.first + 1 }, (_, i) => range.first + i);

describe('periodWindows', () => {
  it('gives the 24-hour period its hours, the period before, and the same window in each of four weeks before', () => {
    const hour = 1000;
    expect(periodWindows(24, hour)).toEqual([
      { first: 976, last: 1000 },
      { first: 951, last: 975 },
      { first: 808, last: 832 },
      { first: 640, last: 664 },
      { first: 472, last: 496 },
      { first: 304, last: 328 },
    ]);
  });

  it('makes the previous period as long as the current one, ending just before it', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 6, 24, 168), fc.integer({ min: 1000, max: 1_000_000 }), (period, hour) => {
        const [current, previous] = periodWindows(period, hour);
        expect(current!.last - current!.first).toBe(previous!.last - previous!.first);
        expect(previous!.last + 1).toBe(current!.first);
      }),
    );
  });
});

describe('rangeMoves', () => {
  it('turns a window into the window of another hour, forwards, backwards, overlapping or not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: -500, max: 500 }), fc.integer({ min: -500, max: 500 }), (length, from, to) => {
        const a = { first: from, last: from + length };
        const b = { first: to, last: to + length };
        const counts = new Map<number, number>();
        for (const hour of hoursOf(a)) counts.set(hour, 1);
        for (const move of rangeMoves(a, b)) {
          for (const hour of hoursOf(move)) counts.set(hour, (counts.get(hour) ?? 0) + move.sign);
        }
        const held = [...counts].filter(([, count]) => count !== 0);
        expect(held.every(([, count]) => count === 1)).toBe(true);
        expect(held.map(([hour]) => hour).sort((x, y) => x - y)).toEqual(hoursOf(b));
      }),
    );
  });
});
