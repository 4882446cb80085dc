import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time.ts';

describe('isoTime', () => {
  it('writes what toISOString writes, across days, years and leap days', () => {
    const starts = [0, Date.UTC(2024, 1, 28, 23, 59, 59, 999), Date.UTC(2026, 11, 31, 22), Date.now()];
    for (const start of starts) {
      for (let ms = start; ms < start + 3 * 86_400_000; ms += 1_234_567) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it('falls back to toISOString outside four-digit years and for fractions of a millisecond', () => {
    for (const ms of [-1, -86_400_001, 253_402_300_800_000, 1.5e12 + 0.25]) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });
});
