import { EARLIEST_OFFSET_HOURS, LATEST_OFFSET_HOURS, localTimeOn } from './time-zones.ts';
import { MAX_EMAILS_PER_DAY_DEFAULT, MAX_EMAILS_PER_DAY_MAX, MAX_EMAILS_PER_DAY_MIN, type EmailFrequency, type EmailKind, type UnsubscribeType } from './limits.ts';

/**
 * Pure email rules (spec part 2 §3, §4, §5, §9): how often a bundled email may go, quiet hours in a person's time
 * zone, the daily cap, the digest's week, subscriber status and the newsletter colours.
 */

/** The kinds of email as people read their names (the preferences screen, the admin email pages). */
export const EMAIL_KIND_LABELS: Readonly<Record<EmailKind, string>> = {
  weekly_digest: 'Weekly newsletter',
  keyword_alert: 'Keyword alerts',
  keyword_digest: 'Keyword digest',
  prediction_alert: 'Prediction alerts',
  watch_notification: 'Watched stories',
  trending_alerts: 'Trending alerts',
  welcome: 'Welcome',
  contact_message: 'Contact messages',
};
/** A stored kind's name, or the kind itself for one this version does not know. */
export function emailKindLabel(kind: string): string {
  return (EMAIL_KIND_LABELS as Readonly<Record<string, string>>)[kind] ?? kind;
}

/**
 * What an unsubscribe link of each type stops, as the unsubscribe page asks and the answer says (no type, or the
 * welcome email's: every email notification).
 */
export const UNSUBSCRIBE_NAMES: Readonly<Record<UnsubscribeType | 'all', string>> = {
  keyword_alert: 'keyword alert emails',
  keyword_digest: 'keyword alert emails',
  watch_notification: 'watch notification emails',
  weekly_digest: 'the weekly newsletter',
  trending_alerts: 'trending alert emails',
  prediction_alert: 'prediction alert emails',
  contact_message: 'contact message notices',
  welcome: 'all email notifications',
  all: 'all email notifications',
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long a non-immediate frequency waits between two bundled emails. */
export const FREQUENCY_PERIOD_MS: Readonly<Record<EmailFrequency, number>> = {
  immediate: 0,
  hourly: HOUR_MS,
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
  bi_weekly: 14 * DAY_MS,
  monthly: 30 * DAY_MS,
};

/** Whether a bundled email may go now: never sent, or its period has passed since the last one. */
export function bundleDue(frequency: EmailFrequency, lastSentMs: number | null, nowMs: number): boolean {
  return lastSentMs === null || nowMs - lastSentMs >= FREQUENCY_PERIOD_MS[frequency];
}

/** Max emails per day is 1 to 50; a blank or invalid value becomes 10 (part 2 §5). */
export function normaliseMaxEmailsPerDay(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < MAX_EMAILS_PER_DAY_MIN || number > MAX_EMAILS_PER_DAY_MAX) {
    return MAX_EMAILS_PER_DAY_DEFAULT;
  }
  return number;
}

const hourFormats = new Map<string, Intl.DateTimeFormat>();
/** The wall-clock hour (0-23) at an instant in a time zone. */
export function localHour(atMs: number, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  return Number(format.format(new Date(atMs)));
}

/** Whether a wall-clock hour lies in quiet hours [start, end), which may wrap past midnight (22 to 8). */
export function inQuietHours(hour: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? hour >= start && hour < end : hour >= start || hour < end;
}

/** Zones differ from UTC by whole quarter hours, so a local hour always begins on a UTC quarter hour. */
const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * When an email due at `nowMs` may go: `nowMs` itself outside quiet hours, else the first instant their end hour
 * begins in the person's zone. Walking real instants (not adding hours to a wall clock) keeps this right across
 * midnight and across daylight-saving changes, when a local day has 23 or 25 hours.
 */
export function quietHoursRelease(nowMs: number, quiet: { start: number | null; end: number | null; timeZone: string }): number {
  const { start, end, timeZone } = quiet;
  if (start === null || end === null || !inQuietHours(localHour(nowMs, timeZone), start, end)) return nowMs;
  let at = Math.floor(nowMs / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  // 25 hours of quarters bound the walk: quiet hours never last longer than a day.
  for (let step = 0; step < 100; step++) {
    at += QUARTER_HOUR_MS;
    if (!inQuietHours(localHour(at, timeZone), start, end)) return at;
  }
  return nowMs;
}

/** The Sunday (YYYY-MM-DD, UTC) that begins the week of a date: the digest's week is snapped back to it (part 2 §5). */
export function weekOfSunday(date: string | number | Date): string {
  const day = typeof date === 'string' ? new Date(`${date.slice(0, 10)}T00:00:00Z`) : new Date(date);
  const sunday = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - day.getUTCDay()));
  return sunday.toISOString().slice(0, 10);
}

export const SUBSCRIBER_STATUSES = ['Full', 'Newsletter', 'Alerts', 'Inactive'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
/** Part 2 §4: Full (weekly and alerts active), Newsletter, Alerts, Inactive. */
export function subscriberStatus(weeklyActive: boolean, alertsActive: boolean): SubscriberStatus {
  if (weeklyActive && alertsActive) return 'Full';
  if (weeklyActive) return 'Newsletter';
  if (alertsActive) return 'Alerts';
  return 'Inactive';
}

export type RateColour = 'green' | 'yellow' | 'red';
/** Open rate green at 20% or more, yellow at 10% or more, else red (part 2 §5). */
export function openRateColour(percent: number): RateColour {
  return percent >= 20 ? 'green' : percent >= 10 ? 'yellow' : 'red';
}
/** Click rate green at 5% or more, yellow at 2% or more, else red (part 2 §5). */
export function clickRateColour(percent: number): RateColour {
  return percent >= 5 ? 'green' : percent >= 2 ? 'yellow' : 'red';
}

/**
 * The custom title marker of the share links emails once made for their stories. Emails now link the article
 * directly; links bearing it are left out of every shared-link figure (server/modules/shares/shared-by-people.ts).
 */
export const EMAIL_SHARE_MARKER = 'Shared via HN Trends email';

/**
 * Whether the Sunday newsletter of `weekOf` goes to a person (part 1 §9: weekly, also offered monthly). Monthly
 * readers get the first Sunday of each month; every two weeks waits 13 days since the last; anything else is weekly.
 */
export function newsletterDue(frequency: EmailFrequency, weekOf: string, lastSentMs: number | null, nowMs: number): boolean {
  if (frequency === 'monthly') return Number(weekOf.slice(8, 10)) <= 7;
  if (frequency === 'bi_weekly') return lastSentMs === null || nowMs - lastSentMs >= 13 * DAY_MS;
  return true;
}

/** The newsletter reaches each person at 08:00 on Sunday in their own zone (later when their quiet hours run later). */
export const NEWSLETTER_HOUR = 8;
/** Sunday morning ends at noon: someone who joins before then, where they live, still gets that Sunday's newsletter. */
export const NEWSLETTER_NEWCOMERS_UNTIL_HOUR = 12;

/**
 * When the newsletter of the Sunday `weekOf` goes to a person: 08:00 that Sunday in their zone, or the end of their
 * quiet hours if those run later; never before now (a run late, or the admin's "send now" during the week).
 */
export function newsletterSendAt(weekOf: string, quiet: { start: number | null; end: number | null; timeZone: string }, nowMs: number): number {
  return quietHoursRelease(Math.max(nowMs, localTimeOn(weekOf, NEWSLETTER_HOUR, quiet.timeZone)), quiet);
}

/** Whether it is still the morning of the Sunday `weekOf` in a zone: someone who joined since the edition was queued still gets it. */
export function newsletterStillMorning(weekOf: string, timeZone: string, nowMs: number): boolean {
  return nowMs < localTimeOn(weekOf, NEWSLETTER_NEWCOMERS_UNTIL_HOUR, timeZone);
}

/**
 * The Sunday whose newsletter is going out at an instant, or null between editions. The edition is queued when
 * Sunday 08:00 first comes anywhere (UTC+14: 18:00 UTC on Saturday), each copy held until its reader's Sunday
 * morning, and people who join are added until Sunday noon has passed everywhere (UTC-12: 00:00 UTC on Monday).
 */
export function newsletterWeekAt(nowMs: number): string | null {
  const lead = (EARLIEST_OFFSET_HOURS - NEWSLETTER_HOUR) * HOUR_MS;
  const span = lead + (NEWSLETTER_NEWCOMERS_UNTIL_HOUR + LATEST_OFFSET_HOURS) * HOUR_MS;
  const sunday = weekOfSunday(nowMs + lead);
  return nowMs + lead - Date.parse(`${sunday}T00:00:00Z`) < span ? sunday : null;
}

/** "This week's newsletter" for the admin pages: the edition going out, else the week's Sunday. */
export function currentNewsletterWeek(nowMs: number): string {
  return newsletterWeekAt(nowMs) ?? weekOfSunday(nowMs);
}
