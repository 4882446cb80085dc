import { describe, expect, it } from 'vitest';
import {
  bundleDue,
  currentNewsletterWeek,
  newsletterDue,
  newsletterSendAt,
  newsletterStillMorning,
  newsletterWeekAt,
  clickRateColour,
  inQuietHours,
  normaliseMaxEmailsPerDay,
  openRateColour,
  quietHoursRelease,
  subscriberStatus,
  weekOfSunday,
} from './email.ts';

const at = (iso: string) => Date.parse(iso);

describe('max emails per day (1 to 50; blank or invalid becomes 10)', () => {
  it.each([
    [1, 1],
    [50, 50],
    ['25', 25],
    [0, 10],
    [51, 10],
    ['', 10],
    ['abc', 10],
    [2.5, 10],
    [null, 10],
  ])('%j -> %i', (input, expected) => expect(normaliseMaxEmailsPerDay(input)).toBe(expected));
});

describe('bundled frequencies', () => {
  const now = at('2026-03-10T12:00:00Z');
  it('sends the first bundle at once', () => expect(bundleDue('daily', null, now)).toBe(true));
  it('waits a day for daily', () => {
    expect(bundleDue('daily', now - 23 * 3_600_000, now)).toBe(false);
    expect(bundleDue('daily', now - 24 * 3_600_000, now)).toBe(true);
  });
  it('waits an hour for hourly and fourteen days for bi_weekly', () => {
    expect(bundleDue('hourly', now - 59 * 60_000, now)).toBe(false);
    expect(bundleDue('hourly', now - 60 * 60_000, now)).toBe(true);
    expect(bundleDue('bi_weekly', now - 13 * 86_400_000, now)).toBe(false);
    expect(bundleDue('bi_weekly', now - 14 * 86_400_000, now)).toBe(true);
  });
});

describe('quiet hours (default 22 to 8)', () => {
  it('wraps past midnight', () => {
    expect(inQuietHours(22, 22, 8)).toBe(true);
    expect(inQuietHours(3, 22, 8)).toBe(true);
    expect(inQuietHours(8, 22, 8)).toBe(false);
    expect(inQuietHours(21, 22, 8)).toBe(false);
    expect(inQuietHours(13, 12, 14)).toBe(true);
    expect(inQuietHours(5, 5, 5)).toBe(false);
  });
  it('lets an email outside quiet hours go at once', () => {
    const now = at('2026-03-10T12:00:00Z');
    expect(quietHoursRelease(now, { start: 22, end: 8, timeZone: 'UTC' })).toBe(now);
    expect(quietHoursRelease(now, { start: null, end: null, timeZone: 'UTC' })).toBe(now);
  });
  it('holds an email due at 23:30 in New York until 08:00 there', () => {
    // 2026-03-10 is after the March change: New York is UTC-4, so 23:30 local is 03:30 UTC and 08:00 is 12:00 UTC.
    expect(quietHoursRelease(at('2026-03-11T03:30:00Z'), { start: 22, end: 8, timeZone: 'America/New_York' })).toBe(at('2026-03-11T12:00:00Z'));
  });
  it('follows the spring-forward night in New York (a 23-hour day)', () => {
    // 2026-03-08 02:00 EST becomes 03:00 EDT. Due at 01:00 EST (06:00 UTC); 08:00 EDT is 12:00 UTC.
    expect(quietHoursRelease(at('2026-03-08T06:00:00Z'), { start: 22, end: 8, timeZone: 'America/New_York' })).toBe(at('2026-03-08T12:00:00Z'));
  });
  it('follows the fall-back night in Berlin (a 25-hour day)', () => {
    // 2026-10-25 03:00 CEST becomes 02:00 CET. Due at 23:00 CEST on the 24th (21:00 UTC); 08:00 CET is 07:00 UTC.
    expect(quietHoursRelease(at('2026-10-24T21:00:00Z'), { start: 22, end: 8, timeZone: 'Europe/Berlin' })).toBe(at('2026-10-25T07:00:00Z'));
  });
  it('handles a half-hour zone (Kolkata, UTC+5:30)', () => {
    // 23:00 in Kolkata is 17:30 UTC; 08:00 there is 02:30 UTC the next day.
    expect(quietHoursRelease(at('2026-06-01T17:30:00Z'), { start: 22, end: 8, timeZone: 'Asia/Kolkata' })).toBe(at('2026-06-02T02:30:00Z'));
  });
});

describe('digest week', () => {
  it('snaps a date back to the Sunday of its week', () => {
    expect(weekOfSunday('2026-11-25')).toBe('2026-11-22'); // a Wednesday
    expect(weekOfSunday('2026-11-22')).toBe('2026-11-22'); // a Sunday stays
    expect(weekOfSunday('2026-11-21')).toBe('2026-11-15'); // a Saturday
    expect(weekOfSunday('2027-01-02')).toBe('2026-12-27'); // across a year
  });
});

describe('subscribers and newsletter colours', () => {
  it('derives the status', () => {
    expect(subscriberStatus(true, true)).toBe('Full');
    expect(subscriberStatus(true, false)).toBe('Newsletter');
    expect(subscriberStatus(false, true)).toBe('Alerts');
    expect(subscriberStatus(false, false)).toBe('Inactive');
  });
  it('colours open rates at 20% and 10%, click rates at 5% and 2%', () => {
    expect([openRateColour(20), openRateColour(19.9), openRateColour(10), openRateColour(9.9)]).toEqual(['green', 'yellow', 'yellow', 'red']);
    expect([clickRateColour(5), clickRateColour(4.9), clickRateColour(2), clickRateColour(1.9)]).toEqual(['green', 'yellow', 'yellow', 'red']);
  });
});

describe('newsletter frequency', () => {
  const now = Date.parse('2026-11-22T09:00:00Z');
  it('sends weekly readers every Sunday', () => expect(newsletterDue('weekly', '2026-11-22', now - 7 * 86_400_000, now)).toBe(true));
  it('sends monthly readers the first Sunday of a month only', () => {
    expect(newsletterDue('monthly', '2026-11-01', null, now)).toBe(true);
    expect(newsletterDue('monthly', '2026-11-08', null, now)).toBe(false);
    expect(newsletterDue('monthly', '2026-11-22', null, now)).toBe(false);
  });
  it('sends bi-weekly readers every other Sunday', () => {
    expect(newsletterDue('bi_weekly', '2026-11-22', now - 7 * 86_400_000, now)).toBe(false);
    expect(newsletterDue('bi_weekly', '2026-11-22', now - 14 * 86_400_000, now)).toBe(true);
  });
});

describe('the Sunday newsletter in each reader’s zone', () => {
  const quiet = (timeZone: string, start: number | null = 22, end: number | null = 8) => ({ start, end, timeZone });
  const queued = at('2026-11-21T18:00:00Z'); // when the edition of Sunday 22 November is queued

  it('goes at 08:00 on Sunday where the reader lives', () => {
    expect(newsletterSendAt('2026-11-22', quiet('UTC'), queued)).toBe(at('2026-11-22T08:00:00Z'));
    expect(newsletterSendAt('2026-11-22', quiet('Pacific/Auckland'), queued)).toBe(at('2026-11-21T19:00:00Z'));
    expect(newsletterSendAt('2026-11-22', quiet('Asia/Kolkata'), queued)).toBe(at('2026-11-22T02:30:00Z'));
    expect(newsletterSendAt('2026-11-22', quiet('America/Los_Angeles', null, null), queued)).toBe(at('2026-11-22T16:00:00Z'));
  });
  it('waits for quiet hours that end later, and follows a change of clocks that Sunday', () => {
    expect(newsletterSendAt('2026-11-22', quiet('Europe/Berlin', 23, 10), queued)).toBe(at('2026-11-22T09:00:00Z'));
    // Los Angeles springs forward on Sunday 8 March 2026: 08:00 PDT is 15:00 UTC.
    expect(newsletterSendAt('2026-03-08', quiet('America/Los_Angeles'), at('2026-03-07T18:00:00Z'))).toBe(at('2026-03-08T15:00:00Z'));
    // Auckland falls back on Sunday 5 April 2026: 08:00 NZST is 20:00 UTC on Saturday.
    expect(newsletterSendAt('2026-04-05', quiet('Pacific/Auckland'), at('2026-04-04T18:00:00Z'))).toBe(at('2026-04-04T20:00:00Z'));
  });
  it('goes at once when the morning has passed, unless quiet hours hold it', () => {
    const wednesday = at('2026-11-25T12:00:00Z');
    expect(newsletterSendAt('2026-11-22', quiet('UTC'), wednesday)).toBe(wednesday);
    // Late on Sunday night in Kolkata (23:00): held until 08:00 on Monday there.
    expect(newsletterSendAt('2026-11-22', quiet('Asia/Kolkata'), at('2026-11-22T17:30:00Z'))).toBe(at('2026-11-23T02:30:00Z'));
  });
  it('takes in people who join while it is still Sunday morning where they live', () => {
    const sundayUtc = at('2026-11-22T10:00:00Z');
    expect(newsletterStillMorning('2026-11-22', 'UTC', sundayUtc)).toBe(true); // 10:00
    expect(newsletterStillMorning('2026-11-22', 'America/Los_Angeles', sundayUtc)).toBe(true); // 02:00
    expect(newsletterStillMorning('2026-11-22', 'Asia/Kolkata', sundayUtc)).toBe(false); // 15:30
    expect(newsletterStillMorning('2026-11-22', 'Pacific/Auckland', sundayUtc)).toBe(false); // 23:00
  });
  it('knows which edition is going out: from 18:00 UTC on Saturday to midnight UTC on Monday', () => {
    expect(newsletterWeekAt(at('2026-11-21T17:59:00Z'))).toBeNull();
    expect(newsletterWeekAt(at('2026-11-21T18:00:00Z'))).toBe('2026-11-22');
    expect(newsletterWeekAt(at('2026-11-22T23:59:00Z'))).toBe('2026-11-22');
    expect(newsletterWeekAt(at('2026-11-23T00:00:00Z'))).toBeNull();
    expect(newsletterWeekAt(at('2026-11-25T12:00:00Z'))).toBeNull();
    // The admin pages' "this week's newsletter": the edition going out from Saturday evening, else the week's Sunday.
    expect(currentNewsletterWeek(at('2026-11-21T17:59:00Z'))).toBe('2026-11-15');
    expect(currentNewsletterWeek(at('2026-11-21T18:00:00Z'))).toBe('2026-11-22');
    expect(currentNewsletterWeek(at('2026-11-25T12:00:00Z'))).toBe('2026-11-22');
  });
});
