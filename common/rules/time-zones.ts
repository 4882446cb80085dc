/**
 * A person's time zone: an IANA name (Europe/Berlin, Asia/Kolkata), taken from the browser at onboarding and
 * changed in preferences. Email follows it (quiet hours, the newsletter's Sunday morning); a person without one
 * follows UTC.
 */

/** The longest IANA name is 32 characters (America/Argentina/ComodRivadavia); anything much longer is not one. */
export const TIME_ZONE_MAX_LENGTH = 64;

/** What email follows while a person has no time zone saved. */
export const FALLBACK_TIME_ZONE = 'UTC';

/** Area/Location names, UTC and the few old ones (EST5EDT); not offsets such as +05:30, which are no zone. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * The zone's name, or null when the value is no time zone this runtime knows. A name differing from the database's
 * only in case takes its spelling ('europe/berlin' → 'Europe/Berlin'); a renamed zone keeps the name given, as the
 * runtime may answer with the older one (Asia/Kolkata → Asia/Calcutta) and browsers send either.
 */
export function canonicalTimeZone(value: string): string | null {
  if (value.length > TIME_ZONE_MAX_LENGTH || !IANA_NAME.test(value)) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === value.toLowerCase() ? resolved : value;
  } catch {
    return null;
  }
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();
function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short', hourCycle: 'h23' });
    clockFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock at an instant in a zone: its date (YYYY-MM-DD), time (HH:MM) and short weekday. */
export function wallClock(atMs: number, timeZone: string): { date: string; time: string; weekday: string } {
  const parts = Object.fromEntries(clockFormat(timeZone).formatToParts(new Date(atMs)).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, weekday: parts.weekday! };
}

const HOUR_MS = 3_600_000;
/** Zones differ from UTC by whole quarter hours, so a local minute 00, 15, 30 or 45 always begins on a UTC quarter. */
const QUARTER_HOUR_MS = 15 * 60_000;
/** UTC offsets run from -12:00 (Baker Island) to +14:00 (Kiritimati): a wall-clock hour comes first at +14, last at -12. */
export const EARLIEST_OFFSET_HOURS = 14;
export const LATEST_OFFSET_HOURS = 12;

/**
 * The first instant the wall clock reads `hour`:00 or later on `date` (YYYY-MM-DD) in a zone. Walking real instants
 * keeps it right on the days clocks change: an hour skipped by spring-forward gives the first instant after it, an
 * hour repeated by fall-back its first occurrence.
 */
export function localTimeOn(date: string, hour: number, timeZone: string): number {
  const target = `${date} ${String(hour).padStart(2, '0')}:00`;
  const key = `${target} ${timeZone}`;
  let found = localTimes.get(key);
  if (found === undefined) {
    found = walkTo(target, date, hour, timeZone);
    // The newsletter asks once per reader: remembered, so a large list costs one walk per zone. A week's zones fit.
    if (localTimes.size >= LOCAL_TIMES_KEPT) localTimes.clear();
    localTimes.set(key, found);
  }
  return found;
}

const LOCAL_TIMES_KEPT = 2000;
const localTimes = new Map<string, number>();

function walkTo(target: string, date: string, hour: number, timeZone: string): number {
  const asUtc = Date.parse(`${date}T00:00:00Z`) + hour * HOUR_MS;
  const last = asUtc + LATEST_OFFSET_HOURS * HOUR_MS;
  for (let at = asUtc - EARLIEST_OFFSET_HOURS * HOUR_MS; at <= last; at += QUARTER_HOUR_MS) {
    const clock = wallClock(at, timeZone);
    if (`${clock.date} ${clock.time}` >= target) return at;
  }
  return last;
}

/**
 * How the app says until when an email is held, in the person's zone: "08:00" when that is within a day (the next
 * 08:00 is the one meant), with the weekday ("Sun 08:00") when it is further off.
 */
export function heldUntilLabel(untilMs: number, nowMs: number, timeZone: string): string {
  const clock = wallClock(untilMs, timeZone);
  return untilMs - nowMs < 24 * HOUR_MS ? clock.time : `${clock.weekday} ${clock.time}`;
}
