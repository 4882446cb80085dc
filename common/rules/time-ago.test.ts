import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageKey, ageText, RECENTLY, shortTimeAgo, timeAgo, timeAgoOrRecently } from './time-ago.ts';

const NOW_MS = Date.UTC(2025, 0, 15, 12, 0, 0);
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const postedSecondsAgo = (seconds: number): number => NOW_MS / 1000 - seconds;

describe('timeAgo', () => {
  it.each<[number, string]>([
    [0, 'just now'],
    [59, 'just now'],
    [MINUTE, '1 minute ago'],
    [2 * MINUTE - 1, '1 minute ago'],
    [2 * MINUTE, '2 minutes ago'],
    [5 * MINUTE, '5 minutes ago'],
    [HOUR - 1, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [2 * HOUR - 1, '1 hour ago'],
    [3 * HOUR, '3 hours ago'],
    [DAY - 1, '23 hours ago'],
    [DAY, '1 day ago'],
    [2 * DAY, '2 days ago'],
    [30 * DAY - 1, '29 days ago'],
    [30 * DAY, '1 month ago'],
    [60 * DAY - 1, '1 month ago'],
    [60 * DAY, '2 months ago'],
    [90 * DAY, '3 months ago'],
    [330 * DAY, '11 months ago'],
    [364 * DAY, '11 months ago'],
    [365 * DAY, '1 year ago'],
    [730 * DAY - 1, '1 year ago'],
    [730 * DAY, '2 years ago'],
  ])('%i seconds old → %s', (age, expected) => {
    expect(timeAgo(postedSecondsAgo(age), NOW_MS)).toBe(expected);
  });

  it('rounds down the milliseconds of now', () => {
    expect(timeAgo(postedSecondsAgo(MINUTE), NOW_MS - 1)).toBe('just now');
    expect(timeAgo(postedSecondsAgo(MINUTE), NOW_MS + 999)).toBe('1 minute ago');
  });

  it("reads 'just now' for a time in the future and 'recently' for a missing one", () => {
    expect(timeAgo(postedSecondsAgo(-HOUR), NOW_MS)).toBe('just now');
    expect(timeAgo(Number.NaN, NOW_MS)).toBe(RECENTLY);
  });

  const UNITS = ['minute', 'hour', 'day', 'month', 'year'];
  /** Orders the outputs: 'just now' first, then by unit, then by count. */
  const sortKey = (text: string): [number, number] => {
    if (text === 'just now') return [-1, 0];
    const match = /^(\d+) (minute|hour|day|month|year)(s?) ago$/.exec(text);
    if (!match) throw new Error(`unexpected text ${text}`);
    const count = Number(match[1]);
    expect(count).toBeGreaterThanOrEqual(1);
    expect(match[3] === 's').toBe(count !== 1);
    return [UNITS.indexOf(match[2] ?? ''), count];
  };

  it('names a whole count of one unit, plural exactly when the count is not 1, never going back as age grows', () => {
    const age = fc.integer({ min: 0, max: 50 * 365 * DAY });
    fc.assert(
      fc.property(age, age, (a, b) => {
        const [younger, older] = a <= b ? [a, b] : [b, a];
        const [youngerUnit, youngerCount] = sortKey(timeAgo(postedSecondsAgo(younger), NOW_MS));
        const [olderUnit, olderCount] = sortKey(timeAgo(postedSecondsAgo(older), NOW_MS));
        expect(olderUnit > youngerUnit || (olderUnit === youngerUnit && olderCount >= youngerCount)).toBe(true);
      }),
    );
  });
});

describe('ageKey', () => {
  it('stands for the text: two ages share a key exactly when they share a text, and the key gives the text back', () => {
    const textsByKey = new Map<number, string>();
    const keysByText = new Map<string, number>();
    const ages = [NaN, -HOUR, ...Array.from({ length: 40_000 }, (_, i) => Math.floor(i ** 1.9))];
    for (const seconds of ages) {
      const time = postedSecondsAgo(seconds);
      const [key, text] = [ageKey(time, NOW_MS), timeAgo(time, NOW_MS)];
      expect(ageText(key)).toBe(text);
      expect(textsByKey.get(key) ?? text).toBe(text);
      expect(keysByText.get(text) ?? key).toBe(key);
      textsByKey.set(key, text);
      keysByText.set(text, key);
    }
    // Every unit, 'just now' and 'recently' were met on the way (ages up to about 17 years).
    expect([...keysByText.keys()]).toEqual(expect.arrayContaining(['recently', 'just now', '1 minute ago', '23 hours ago', '29 days ago', '11 months ago', '17 years ago']));
  });
});

describe('timeAgoOrRecently', () => {
  it("falls back to 'recently' when the text is missing or blank", () => {
    expect(RECENTLY).toBe('recently');
    expect(timeAgoOrRecently()).toBe('recently');
    expect(timeAgoOrRecently(undefined)).toBe('recently');
    expect(timeAgoOrRecently(null)).toBe('recently');
    expect(timeAgoOrRecently('')).toBe('recently');
    expect(timeAgoOrRecently('  ')).toBe('recently');
  });

  it('keeps the text it is given', () => {
    expect(timeAgoOrRecently('5 minutes ago')).toBe('5 minutes ago');
  });
});

describe('shortTimeAgo', () => {
  it.each<[string, string]>([
    ['1 minute ago', '1m'],
    ['45 minutes ago', '45m'],
    ['3 hours ago', '3h'],
    ['2 days ago', '2d'],
    ['11 months ago', '11mo'],
    ['1 year ago', '1y'],
    ['just now', 'now'],
    ['recently', 'recently'],
    ['a while back', 'a while back'],
  ])('%s → %s', (text, short) => {
    expect(shortTimeAgo(text)).toBe(short);
  });

  it('shortens every age timeAgo writes to a count and a unit of at most two letters', () => {
    fc.assert(
      fc.property(fc.integer({ min: 60, max: 50 * 365 * DAY }), (seconds) => {
        expect(shortTimeAgo(timeAgo(postedSecondsAgo(seconds), NOW_MS))).toMatch(/^\d+(m|h|d|mo|y)$/);
      }),
    );
  });
});
