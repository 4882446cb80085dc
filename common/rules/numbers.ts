/**
 * Normalising numbers typed into forms (part 1 §2, §5; part 2 §2.2, §5).
 * Each function accepts the raw field value or a number and returns a whole
 * number inside its range: decimals are truncated toward zero and values
 * outside the range are clamped to it, except max emails per day, where they are invalid.
 */
import {
  ALERT_THRESHOLD_DEFAULT,
  ALERT_THRESHOLD_MAX,
  ALERT_THRESHOLD_MIN,
  MAX_EMAILS_PER_DAY_DEFAULT,
  MAX_EMAILS_PER_DAY_MAX,
  MAX_EMAILS_PER_DAY_MIN,
  MIN_STORY_SCORE_MAX,
} from './limits.ts';

/** A plain decimal number as a number input produces it; rejects '', '0x10', '12abc'. */
const DECIMAL_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** The whole number a field holds, or undefined when it is blank or not a finite number. */
function parseWholeNumber(input: string | number): number | undefined {
  let value = Number.NaN;
  if (typeof input === 'number') value = input;
  else if (DECIMAL_NUMBER.test(input.trim())) value = Number(input.trim());
  return Number.isFinite(value) ? Math.trunc(value) : undefined;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** The filter bar's min score: a whole number of at least 0; non-numeric input becomes 0. */
export function normaliseMinScore(input: string | number): number {
  return Math.max(parseWholeNumber(input) ?? 0, 0);
}

/** The preferences screen's minimum story score: as the filter bar, and at most 500. */
export function clampMinStoryScore(input: string | number): number {
  return Math.min(normaliseMinScore(input), MIN_STORY_SCORE_MAX);
}

/**
 * Max emails per day, 1 to 50; blank or invalid input becomes 10 (part 2 §5: "blank or
 * invalid becomes 10"): a number outside 1..50 is invalid, so 0 and 80 give 10 too.
 */
export function normaliseMaxEmailsPerDay(input: string | number): number {
  const value = parseWholeNumber(input);
  if (value === undefined || value < MAX_EMAILS_PER_DAY_MIN || value > MAX_EMAILS_PER_DAY_MAX) return MAX_EMAILS_PER_DAY_DEFAULT;
  return value;
}

/** A keyword alert's threshold, 1 to 100; non-numeric input falls back to 5. */
export function normaliseAlertThreshold(input: string | number): number {
  const value = parseWholeNumber(input);
  if (value === undefined) return ALERT_THRESHOLD_DEFAULT;
  return clamp(value, ALERT_THRESHOLD_MIN, ALERT_THRESHOLD_MAX);
}
