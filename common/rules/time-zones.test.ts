import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, heldUntilLabel, localTimeOn, TIME_ZONE_MAX_LENGTH, wallClock } from './time-zones.ts';

const at = (iso: string) => Date.parse(iso);

describe('a time zone name', () => {
  it('takes IANA names, spelled as the time zone database spells them', () => {
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Asia/Calcutta')).toBe('Asia/Calcutta');
    expect(canonicalTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(canonicalTimeZone('utc')).toBe('UTC');
  });
  it('refuses what is no zone: unknown names, offsets, blanks, text past the bound', () => {
    for (const value of ['Mars/Olympus_Mons', 'Europe/Berlin ', '+05:30', 'GMT+5:30', '', '../etc/passwd', 'Europe//Berlin', `Europe/${'x'.repeat(TIME_ZONE_MAX_LENGTH)}`]) {
      expect(canonicalTimeZone(value), value).toBeNull();
    }
  });
});

describe('the wall clock in a zone', () => {
  it('reads date, time and weekday, half-hour zones included', () => {
    expect(wallClock(at('2026-06-01T17:30:00Z'), 'Asia/Kolkata')).toEqual({ date: '2026-06-01', time: '23:00', weekday: 'Mon' });
    expect(wallClock(at('2026-11-21T19:00:00Z'), 'Pacific/Auckland')).toEqual({ date: '2026-11-22', time: '08:00', weekday: 'Sun' });
  });
});

describe('an hour on a local date', () => {
  it('finds 08:00 in zones east and west of UTC', () => {
    expect(localTimeOn('2026-11-22', 8, 'UTC')).toBe(at('2026-11-22T08:00:00Z'));
    // Auckland keeps daylight time in November (UTC+13): 08:00 on Sunday is 19:00 UTC on Saturday.
    expect(localTimeOn('2026-11-22', 8, 'Pacific/Auckland')).toBe(at('2026-11-21T19:00:00Z'));
    expect(localTimeOn('2026-11-22', 8, 'Asia/Kolkata')).toBe(at('2026-11-22T02:30:00Z'));
    expect(localTimeOn('2026-11-22', 8, 'America/Los_Angeles')).toBe(at('2026-11-22T16:00:00Z'));
    expect(localTimeOn('2026-11-22', 8, 'Pacific/Kiritimati')).toBe(at('2026-11-21T18:00:00Z'));
  });
  it('follows the clocks on the days they change', () => {
    // Los Angeles springs forward on 8 March 2026 (02:00 PST becomes 03:00 PDT): 08:00 is 15:00 UTC, not 16:00.
    expect(localTimeOn('2026-03-08', 8, 'America/Los_Angeles')).toBe(at('2026-03-08T15:00:00Z'));
    // The skipped hour gives the first instant after it: 02:00 does not exist that day, 03:00 PDT is 10:00 UTC.
    expect(localTimeOn('2026-03-08', 2, 'America/Los_Angeles')).toBe(at('2026-03-08T10:00:00Z'));
    // Auckland falls back on 5 April 2026 (03:00 NZDT becomes 02:00 NZST): 08:00 is 20:00 UTC on the 4th.
    expect(localTimeOn('2026-04-05', 8, 'Pacific/Auckland')).toBe(at('2026-04-04T20:00:00Z'));
    // The repeated hour gives its first occurrence (02:00 NZDT, 13:00 UTC on the 4th).
    expect(localTimeOn('2026-04-05', 2, 'Pacific/Auckland')).toBe(at('2026-04-04T13:00:00Z'));
  });
});

describe('until when an email is held, as the app says it', () => {
  it('says the time in the person’s zone, with the weekday only when it is a day or more away', () => {
    const now = at('2026-06-01T17:30:00Z'); // 23:00 in Kolkata
    expect(heldUntilLabel(at('2026-06-02T02:30:00Z'), now, 'Asia/Kolkata')).toBe('08:00');
    expect(heldUntilLabel(at('2026-06-02T02:30:00Z'), now, 'UTC')).toBe('02:30');
    expect(heldUntilLabel(at('2026-06-07T02:30:00Z'), now, 'Asia/Kolkata')).toBe('Sun 08:00');
  });
});
