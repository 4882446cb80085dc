import { describe, expect, it } from 'vitest';
import { freshnessText, shortAge } from './freshness.ts';

const clock = (seconds: number) => new Date(seconds * 1000).toISOString().slice(11, 16);
const NOW = Date.parse('2026-11-29T10:14:00Z') / 1000;

describe('data freshness', () => {
  it.each([
    [0, '0 s'],
    [40, '40 s'],
    [59, '59 s'],
    [60, '1 min'],
    [12 * 60 + 30, '12 min'],
    [3600, '1 h'],
    [3 * 3600 + 5 * 60, '3 h 5 min'],
    [47 * 3600, '47 h'],
    [50 * 3600, '2 days'],
    [-5, '0 s'],
  ])('shortAge(%d) is %s', (seconds, text) => {
    expect(shortAge(seconds)).toBe(text);
  });

  it('says how old the data is while cycles succeed', () => {
    expect(freshnessText({ asOf: NOW - 40, unreachableSince: null }, NOW, clock)).toBe('Hacker News data as of 40 s ago');
  });

  it('says since when Hacker News is unreachable, and how old the data kept is', () => {
    const since = Date.parse('2026-11-29T10:02:00Z') / 1000;
    expect(freshnessText({ asOf: since - 30, unreachableSince: since }, NOW, clock)).toBe('Hacker News unreachable since 10:02 (data as of 12 min ago)');
    expect(freshnessText({ asOf: null, unreachableSince: since }, NOW, clock)).toBe('Hacker News unreachable since 10:02');
  });

  it('before the first cycle, says it is waiting', () => {
    expect(freshnessText({ asOf: null, unreachableSince: null }, NOW, clock)).toBe('Waiting for the first Hacker News data');
  });
});
