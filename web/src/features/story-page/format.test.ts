import { describe, expect, it } from 'vitest';
import { formatRate, formatUtc } from './format';

describe('the story page’s numbers and times', () => {
  it.each([
    [0, '0'],
    [4.54, '4.5'],
    [4, '4'],
    [9.94, '9.9'],
    [10, '10'],
    [120.4, '120'],
    [1234.6, '1,235'],
  ])('a rate of %s an hour reads %s', (perHour, text) => {
    expect(formatRate(perHour)).toBe(text);
  });

  it('writes times in UTC, the same wherever it runs', () => {
    expect(formatUtc(Date.UTC(2026, 10, 18, 14, 5))).toBe('Nov 18, 14:05 UTC');
  });
});
