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
  const seconds = Math.floor((nowMs - timeUnixSeconds * 1000) / 1000);
  if (!Number.isFinite(seconds)) return RECENTLY;
  if (seconds < SECONDS_PER_MINUTE) return 'just now';
  const minutes = Math.floor(seconds / SECONDS_PER_MINUTE);
  if (minutes < MINUTES_PER_HOUR) return countAgo(minutes, 'minute');
  const hours = Math.floor(minutes / MINUTES_PER_HOUR);
  if (hours < HOURS_PER_DAY) return countAgo(hours, 'hour');
  const days = Math.floor(hours / HOURS_PER_DAY);
  if (days < DAYS_PER_MONTH) return countAgo(days, 'day');
  if (days < DAYS_PER_YEAR) return countAgo(Math.min(Math.floor(days / DAYS_PER_MONTH), MAX_MONTHS), 'month');
  return countAgo(Math.floor(days / DAYS_PER_YEAR), 'year');
}

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
