/** A story's age as short text, and the fallback for a missing age (part 1 §2, §8). */
import { pluralise } from './plural.ts';

/** Shown when a story's age text is missing. */
export const RECENTLY = 'recently';

const SECONDS_PER_MINUTE = 60;
const MINUTES_PER_HOUR = 60;
const HOURS_PER_DAY = 24;
// Calendar-free approximations: a month is 30 days and a year 365 days.
const DAYS_PER_MONTH = 30;
const DAYS_PER_YEAR = 365;
/** Days 360-364 are 12 "months" of 30 days but still under a year; they stay at 11 months. */
const MAX_MONTHS = 11;

/**
 * E.g. 'just now', '1 minute ago', '3 hours ago', '2 days ago', '11 months ago',
 * '1 year ago'. Each unit is rounded down. Under a minute, and a time after
 * `nowMs` (clock skew), read 'just now'; a time that is not a number reads 'recently'.
 */
export function timeAgo(timeUnixSeconds: number, nowMs: number): string {
  return ageText(ageKey(timeUnixSeconds, nowMs));
}

const UNITS = ['minute', 'hour', 'day', 'month', 'year'] as const;
/** Keys of one unit lie between multiples of this: a unit's counts stay below it (years are last, so any count). */
const KEY_STRIDE = 1000;
const RECENTLY_KEY = -1;
const JUST_NOW_KEY = 0;

/**
 * A story's age as a number that stands for its text: equal keys, equal texts (timeAgo). Lists that write thousands
 * of ages a second keep each text's bytes by its key instead of making the text each time.
 */
export function ageKey(timeUnixSeconds: number, nowMs: number): number {
  const seconds = Math.floor((nowMs - timeUnixSeconds * 1000) / 1000);
  if (!Number.isFinite(seconds)) return RECENTLY_KEY;
  if (seconds < SECONDS_PER_MINUTE) return JUST_NOW_KEY;
  const minutes = Math.floor(seconds / SECONDS_PER_MINUTE);
  if (minutes < MINUTES_PER_HOUR) return unitKey(0, minutes);
  const hours = Math.floor(minutes / MINUTES_PER_HOUR);
  if (hours < HOURS_PER_DAY) return unitKey(1, hours);
  const days = Math.floor(hours / HOURS_PER_DAY);
  if (days < DAYS_PER_MONTH) return unitKey(2, days);
  if (days < DAYS_PER_YEAR) return unitKey(3, Math.min(Math.floor(days / DAYS_PER_MONTH), MAX_MONTHS));
  return unitKey(4, Math.floor(days / DAYS_PER_YEAR));
}

/** The text an age key stands for. */
export function ageText(key: number): string {
  if (key === RECENTLY_KEY) return RECENTLY;
  if (key === JUST_NOW_KEY) return 'just now';
  const unit = Math.min(Math.floor(key / KEY_STRIDE), UNITS.length) - 1;
  return countAgo(key - (unit + 1) * KEY_STRIDE, UNITS[unit]!);
}

const unitKey = (unit: number, count: number): number => (unit + 1) * KEY_STRIDE + count;

function countAgo(count: number, unit: string): string {
  return `${count} ${pluralise(count, unit)} ago`;
}

/** The age text as given, or 'recently' when it is missing or blank. */
export function timeAgoOrRecently(value?: string | null): string {
  return value?.trim() ? value : RECENTLY;
}

const SHORT_UNITS: Readonly<Record<string, string>> = { minute: 'm', hour: 'h', day: 'd', month: 'mo', year: 'y' };

/**
 * An age text in short, as a phone's compact row shows it: '3 hours ago' → '3h', '11 months ago' → '11mo',
 * 'just now' → 'now'. Any other text (as 'recently') is kept as it is.
 */
export function shortTimeAgo(text: string): string {
  if (text === 'just now') return 'now';
  const match = /^(\d+) (minute|hour|day|month|year)s? ago$/.exec(text);
  return match ? `${match[1]}${SHORT_UNITS[match[2]!]}` : text;
}
