import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampMinStoryScore,
  normaliseAlertThreshold,
  normaliseMaxEmailsPerDay,
  normaliseMinScore,
} from './numbers.ts';

type Case = [string | number, number];
const anyInput = fc.oneof(
  fc.string(),
  fc.integer().map(String),
  fc.double().map(String),
  fc.double(),
  fc.integer({ min: -1000, max: 1000 }),
);

describe('normaliseMinScore (filter bar: integer >= 0, non-numeric becomes 0)', () => {
  it.each<Case>([
    ['10', 10],
    [' 25 ', 25],
    [0, 0],
    ['0', 0],
    ['-1', 0],
    [-5, 0],
    ['12.9', 12],
    ['1e3', 1000],
    [600, 600],
    ['', 0],
    ['   ', 0],
    ['abc', 0],
    ['12abc', 0],
    ['0x10', 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('%j → %i', (input, expected) => {
    expect(normaliseMinScore(input)).toBe(expected);
  });

  it('keeps any whole number of at least 0, as a number or as text', () => {
    fc.assert(
      fc.property(fc.nat(), (score) => {
        expect(normaliseMinScore(score)).toBe(score);
        expect(normaliseMinScore(String(score))).toBe(score);
      }),
    );
  });

  it('always yields a whole number of at least 0', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const score = normaliseMinScore(input);
        expect(Number.isInteger(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('clampMinStoryScore (preferences: 0 to 500)', () => {
  it.each<Case>([
    ['0', 0],
    ['-1', 0],
    ['500', 500],
    ['501', 500],
    [499.5, 499],
    ['abc', 0],
  ])('%j → %i', (input, expected) => {
    expect(clampMinStoryScore(input)).toBe(expected);
  });

  it('always lands in 0..500', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const score = clampMinStoryScore(input);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(500);
      }),
    );
  });
});

describe('normaliseMaxEmailsPerDay (1 to 50, blank or invalid becomes 10)', () => {
  it.each<Case>([
    ['1', 1],
    ['0', 10],
    ['-3', 10],
    ['50', 50],
    ['51', 10],
    [80, 10],
    [25, 25],
    ['7.8', 7],
    ['', 10],
    ['  ', 10],
    ['many', 10],
    [Number.NaN, 10],
  ])('%j → %i', (input, expected) => {
    expect(normaliseMaxEmailsPerDay(input)).toBe(expected);
  });

  it('always lands on a whole number in 1..50', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const value = normaliseMaxEmailsPerDay(input);
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(1);
        expect(value).toBeLessThanOrEqual(50);
      }),
    );
  });
});

describe('normaliseAlertThreshold (1 to 100, non-numeric falls back to 5)', () => {
  it.each<Case>([
    ['1', 1],
    ['0', 1],
    ['100', 100],
    ['101', 100],
    [3, 3],
    ['2.5', 2],
    ['', 5],
    ['five', 5],
    [Number.NaN, 5],
  ])('%j → %i', (input, expected) => {
    expect(normaliseAlertThreshold(input)).toBe(expected);
  });

  it('keeps every threshold in range and always lands in 1..100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), (threshold) => {
        expect(normaliseAlertThreshold(String(threshold))).toBe(threshold);
      }),
    );
    fc.assert(
      fc.property(anyInput, (input) => {
        const value = normaliseAlertThreshold(input);
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(1);
        expect(value).toBeLessThanOrEqual(100);
      }),
    );
  });
});
