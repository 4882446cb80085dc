import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { MailDelivery } from '../server/email/outbox.ts';
import { smtpTransport } from '../server/email/transport.ts';
import { recordWatchStatusChanges } from '../server/hn/watch-status.ts';
import { indexStoryKeywords } from '../server/modules/keywords/ingest.ts';
import { setRole, signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { seedStories } from './support/seed.ts';
import { startSmtp, type ReceivedMail, type TestSmtp } from './support/smtp.ts';

/**
 * Email end to end: each kind from its real event, sent over SMTP to a real SMTP server, on a clock
 * the test moves. The app's own mail run (the job's body) is called directly instead of waiting for the schedule.
 */
const FROM = 'HN Trends <digest@trends.example>';
let clock = Date.parse('2026-11-18T12:00:00Z'); // a Wednesday, noon UTC: outside the default quiet hours
let smtp: TestSmtp;
let t: TestApp;
let admin: TestUser;
let nextHnId = 9_000_000;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, EMAIL_FROM: FROM, EMAIL_RATE_PER_SECOND: '1000', PUBLIC_URL: 'http://trends.test' }, now: () => clock });
  admin = await signUp(t.app.server, { name: 'Ada Admin' });
  await setRole(t.db.database.pool, admin.id, 'admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const pool = () => t.db.database.pool;
const kindOf = (mail: ReceivedMail) => mail.parsed.headers.get('x-hn-trends-kind');
const mailTo = (email: string, kind?: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(email) && (!kind || kindOf(mail) === kind));
/** A header as sent (mailparser turns List-* headers into objects), unfolded. */
function header(mail: ReceivedMail, name: string): string {
  const line = mail.parsed.headerLines.find((entry) => entry.key === name.toLowerCase())?.line ?? '';
  return line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, '').trim();
}
/** Where each tracked link of an email leads. */
function linkTargets(mail: ReceivedMail): string[] {
  return [...String(mail.parsed.html).matchAll(/href="([^"]+)"/g)].map((match) => {
    const url = new URL(match[1]!.replaceAll('&amp;', '&'));
    return url.pathname.startsWith('/api/email/click/') ? url.searchParams.get('u')! : url.toString();
  });
}

async function story(title: string, options: { heat?: string | null; score?: number; time?: number } = {}): Promise<number> {
  const hnId = nextHnId++;
  await seedStories(pool(), [{ hnId, title, time: options.time ?? Math.floor(clock / 1000) - 3600, score: options.score ?? 50 }]);
  const result = await pool().query<{ id: number }>('UPDATE stories SET heat_level = $2 WHERE hn_id = $1 RETURNING id', [hnId, options.heat ?? null]);
  return result.rows[0]!.id;
}

async function control(user: TestUser, type: string, body: object): Promise<void> {
  const response = await t.app.server.inject({ method: 'PATCH', url: `/api/email/frequency-controls/${type}`, headers: { cookie: user.cookie }, payload: body });
  expect(response.statusCode, response.body).toBe(200);
}

async function preferences(user: TestUser, body: object): Promise<void> {
  const response = await t.app.server.inject({ method: 'PATCH', url: '/api/user/preferences', headers: { cookie: user.cookie }, payload: body });
  expect(response.statusCode, response.body).toBe(200);
}

async function watch(user: TestUser, storyId: number): Promise<void> {
  const response = await t.app.server.inject({ method: 'POST', url: '/api/story-watches', headers: { cookie: user.cookie }, payload: { storyId } });
  expect(response.statusCode, response.body).toBe(201);
}

/** Ingestion's own step: the watched story's heat changed (null: it earns no badge now). */
async function heat(storyId: number, level: string | null): Promise<void> {
  await pool().query('UPDATE stories SET heat_level = $2 WHERE id = $1', [storyId, level]);
  await recordWatchStatusChanges(pool(), clock);
}

async function outbox(userId: string, kind: string) {
  const result = await pool().query<{ status: string; reason: string | null; send_after: Date; message_id: string; attempts: number }>(
    'SELECT status, reason, send_after, message_id, attempts FROM email_outbox WHERE user_id = $1 AND kind = $2 ORDER BY id',
    [userId, kind],
  );
  return result.rows;
}

/** What the app tells a person about their email (GET /api/email/delivery). */
async function delivery(user: TestUser) {
  const response = await t.app.server.inject({ method: 'GET', url: '/api/email/delivery', headers: { cookie: user.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function onboard(user: TestUser, timezone: string): Promise<void> {
  const response = await t.app.server.inject({
    method: 'POST',
    url: '/api/user/onboarding/complete',
    headers: { cookie: user.cookie },
    payload: { emailNotifications: true, weeklyDigest: true, timezone },
  });
  expect(response.statusCode, response.body).toBe(200);
}

function unsubscribeLink(mail: ReceivedMail): string {
  const match = /href="(http:\/\/trends\.test\/unsubscribe\/[^"]+)"/.exec(String(mail.parsed.html));
  return match![1]!.replaceAll('&amp;', '&');
}

describe('welcome email', () => {
  it('goes after sign-up with the headers a careful sender sets, an HTML and a text part', async () => {
    const person = await signUp(t.app.server, { name: 'Wendy Welcome' });
    await t.app.services.get('email').run();
    const [mail] = mailTo(person.email, 'welcome');
    expect(mail, 'welcome email received').toBeDefined();
    expect(mail!.parsed.from?.value).toEqual([{ name: 'HN Trends', address: 'digest@trends.example' }]);
    expect(mail!.parsed.subject).toBe('Welcome to HN Trends');
    expect(header(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail!, 'list-unsubscribe')).toMatch(/^<http:\/\/trends\.test\/api\/unsubscribe\/[^>]+\?type=welcome>$/);
    const [row] = await outbox(person.id, 'welcome');
    expect(mail!.parsed.messageId).toBe(row!.message_id);
    expect(row!.message_id).toMatch(/@trends\.example>$/);
    expect(row!.status).toBe('sent');
    expect(mail!.parsed.html).toContain('because you created an account');
    expect(mail!.parsed.text).toContain('http://trends.test/unsubscribe/');
    // A second run sends nothing more: the outbox row is sent.
    await t.app.services.get('email').run();
    expect(mailTo(person.email, 'welcome')).toHaveLength(1);
  });

  it('carries nothing the signer-up chose to an address nobody confirmed, and greets a confirmed one by name', async () => {
    // Anyone can sign up with someone else's address: the name must not reach that stranger's inbox.
    const lure = 'Claim your prize at https://prize.example now';
    const unconfirmed = await signUp(t.app.server, { name: lure });
    // An address a sign-in provider vouched for (email_verified) is the person's own.
    const confirmed = await signUp(t.app.server, { name: 'Wendy Welcome' });
    await pool().query('UPDATE users SET email_verified = true WHERE id = $1', [confirmed.id]);
    await t.app.services.get('email').run();
    const [stranger] = mailTo(unconfirmed.email, 'welcome');
    for (const part of [String(stranger!.parsed.html), String(stranger!.parsed.text), stranger!.parsed.subject ?? '']) {
      expect(part).not.toContain('prize');
      expect(part).not.toContain('Claim');
    }
    expect(stranger!.parsed.text).toContain('Welcome to HN Trends!');
    const [own] = mailTo(confirmed.email, 'welcome');
    expect(own!.parsed.html).toContain('Welcome, Wendy Welcome!');
    expect(own!.parsed.text).toContain('Welcome, Wendy Welcome!');
  });
});

describe('watch notifications', () => {
  it('tells the watcher when ingestion records a status change, linking the article and the discussion straight, with no share link', async () => {
    const person = await signUp(t.app.server);
    const id = await story('Watch me grow', { heat: 'rising' });
    await watch(person, id);
    await heat(id, 'hot');
    await t.app.services.get('email').run();
    const mails = mailTo(person.email, 'watch_notification');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.parsed.subject).toBe('Watched story is growing: Watch me grow (was Rising, now Hot)');
    expect(mails[0]!.parsed.html).toContain('A story you watch is growing');
    expect(mails[0]!.parsed.html).toContain('Growing: was Rising, now Hot');
    // The article and the Hacker News discussion, each through the click counter; an email is not a share.
    const { url, hn_id: hnId } = (await pool().query<{ url: string; hn_id: number }>('SELECT url, hn_id FROM stories WHERE id = $1', [id])).rows[0]!;
    expect(url).toMatch(/^https?:\/\//);
    expect(linkTargets(mails[0]!)).toContain(url);
    expect(linkTargets(mails[0]!)).toContain(`https://news.ycombinator.com/item?id=${hnId}`);
    expect(linkTargets(mails[0]!).some((target) => target.includes('/share/'))).toBe(false);
    expect((await pool().query('SELECT 1 FROM shared_links WHERE user_id = $1', [person.id])).rows).toEqual([]);
    // And the story's own page, its history.
    expect(linkTargets(mails[0]!)).toContain(`http://trends.test/stories/${id}`);
    // The change is marked notified: the next run sends nothing.
    await t.app.services.get('email').run();
    expect(mailTo(person.email, 'watch_notification')).toHaveLength(1);
  });

  /** Every part of an email a person reads. */
  const words = (mail: ReceivedMail) => [mail.parsed.subject ?? '', String(mail.parsed.html), String(mail.parsed.text)];

  it('calls a drop down the heat order cooling and names both states, down to no badge', async () => {
    const person = await signUp(t.app.server);
    const id = await story('Past its peak', { heat: 'hot' });
    await watch(person, id);
    await heat(id, 'rising');
    await t.app.services.get('email').run();
    const [drop] = mailTo(person.email, 'watch_notification');
    expect(drop!.parsed.subject).toBe('Watched story is cooling: Past its peak (was Hot, now Rising)');
    for (const part of words(drop!).slice(1)) {
      expect(part).toContain('A story you watch is cooling');
      expect(part).toContain('Cooling: was Hot, now Rising');
    }
    for (const part of words(drop!)) expect(part).not.toMatch(/growing/i);

    await heat(id, null);
    clock += 60_000;
    await t.app.services.get('email').run();
    const mails = mailTo(person.email, 'watch_notification');
    expect(mails).toHaveLength(2);
    // The stored 'other' of a story with no badge never reaches the person.
    expect(mails[1]!.parsed.subject).toBe('Watched story is cooling: Past its peak (was Rising, now has no heat badge)');
    for (const part of words(mails[1]!)) expect(part).not.toMatch(/\bother\b/);
    expect(mails[1]!.parsed.text).toContain('Cooling: was Rising, now has no heat badge');
  });

  it('bundles each story once, from where it was to where it is, and leaves out one back where it was', async () => {
    const person = await signUp(t.app.server);
    await control(person, 'watch_notification', { frequency: 'hourly' });
    const back = await story('Back and forth', { heat: 'rising' });
    const cooled = await story('Cooled off', { heat: 'viral' });
    const warmed = await story('Warmed up', { heat: null });
    for (const id of [back, cooled, warmed]) await watch(person, id);
    await heat(back, 'hot');
    await heat(back, 'rising');
    await heat(cooled, 'hot');
    await heat(cooled, 'trending');
    await heat(warmed, 'trending');
    await t.app.services.get('email').run();
    const [bundle] = mailTo(person.email, 'watch_notification');
    expect(bundle!.parsed.subject).toBe('2 watched stories changed status');
    expect(bundle!.parsed.text).toContain('Cooling: was Viral, now Trending');
    expect(bundle!.parsed.text).toContain('Growing: had no heat badge, now Trending');
    expect(bundle!.parsed.text).not.toContain('Back and forth');
  });

  it('skips, and logs as skipped, what goes past the daily cap', async () => {
    const person = await signUp(t.app.server);
    await control(person, 'watch_notification', { maxEmailsPerDay: 1 });
    const first = await story('First watched', { heat: 'rising' });
    const second = await story('Second watched', { heat: 'rising' });
    await watch(person, first);
    await watch(person, second);
    await heat(first, 'hot');
    await heat(second, 'viral');
    await t.app.services.get('email').run();
    expect(mailTo(person.email, 'watch_notification')).toHaveLength(1);
    const rows = await outbox(person.id, 'watch_notification');
    expect(rows.map((row) => row.status)).toEqual(['sent', 'skipped']);
    expect(rows[1]!.reason).toBe('Daily limit of 1 emails reached');
    // A day later the cap has room again.
    clock += 24 * 3_600_000;
    await heat(first, 'viral');
    await t.app.services.get('email').run();
    expect(mailTo(person.email, 'watch_notification')).toHaveLength(2);
  });

  it('sends nothing to a person with email notifications off', async () => {
    const person = await signUp(t.app.server);
    await preferences(person, { emailNotifications: false });
    const id = await story('Quietly watched', { heat: 'rising' });
    await watch(person, id);
    await heat(id, 'hot');
    await t.app.services.get('email').run();
    expect(mailTo(person.email, 'watch_notification')).toHaveLength(0);
    expect(await outbox(person.id, 'watch_notification')).toEqual([]);
  });
});

describe('quiet hours', () => {
  it('holds an email due at night in the person’s zone until the quiet hours end, across the clocks going back', async () => {
    const person = await signUp(t.app.server);
    // Berlin, 23:30 on 24 October 2026 (21:30 UTC): that night the clocks go back an hour, so 08:00 is 07:00 UTC.
    clock = Date.parse('2026-10-24T21:30:00Z');
    await control(person, 'watch_notification', { timezone: 'Europe/Berlin', quietHoursStart: 22, quietHoursEnd: 8 });
    const id = await story('Night owl story', { heat: 'rising' });
    await watch(person, id);
    await heat(id, 'hot');
    await t.app.services.get('email').run();
    expect(mailTo(person.email, 'watch_notification')).toHaveLength(0);
    const [row] = await outbox(person.id, 'watch_notification');
    expect(row!.status).toBe('pending');
    expect(row!.send_after.toISOString()).toBe('2026-10-25T07:00:00.000Z');
    clock = Date.parse('2026-10-25T06:59:00Z');
    await t.app.services.get('email').run();
    expect(mailTo(person.email, 'watch_notification')).toHaveLength(0);
    clock = Date.parse('2026-10-25T07:00:00Z');
    await t.app.services.get('email').run();
    expect(mailTo(person.email, 'watch_notification')).toHaveLength(1);
    clock = Date.parse('2026-11-18T12:00:00Z');
  });

  it('says until when an email is held, in the person’s zone, and plans it again when they change their quiet hours or zone', async () => {
    const person = await signUp(t.app.server);
    // 23:00 in Kolkata (UTC+5:30), a Monday: inside quiet hours 22 to 8, which end at 02:30 UTC.
    clock = Date.parse('2026-06-01T17:30:00Z');
    await control(person, 'watch_notification', { timezone: 'Asia/Kolkata', quietHoursStart: 22, quietHoursEnd: 8 });
    const id = await story('Held for the morning', { heat: 'rising' });
    await watch(person, id);
    await heat(id, 'hot');
    await t.app.services.get('email').run();
    expect((await outbox(person.id, 'watch_notification')).map((row) => row.send_after.toISOString())).toEqual(['2026-06-02T02:30:00.000Z']);
    expect(await delivery(person)).toMatchObject({
      timeZone: 'Asia/Kolkata',
      held: [{ kind: 'watch_notification', subject: expect.stringContaining('Held for the morning'), sendAfter: '2026-06-02T02:30:00.000Z', until: '08:00' }],
    });
    // Quiet hours that end later hold it later.
    await control(person, 'watch_notification', { quietHoursStart: 22, quietHoursEnd: 10 });
    expect((await outbox(person.id, 'watch_notification'))[0]!.send_after.toISOString()).toBe('2026-06-02T04:30:00.000Z');
    expect((await delivery(person)).held).toMatchObject([{ until: '10:00' }]);
    // In Berlin it is 19:30: nothing holds it any more, and it goes with the next run.
    await control(person, 'watch_notification', { timezone: 'Europe/Berlin' });
    expect((await outbox(person.id, 'watch_notification'))[0]!.send_after.getTime()).toBe(clock);
    expect(await delivery(person)).toMatchObject({ timeZone: 'Europe/Berlin', held: [] });
    await t.app.services.get('email').run();
    expect(mailTo(person.email, 'watch_notification')).toHaveLength(1);
    clock = Date.parse('2026-11-18T12:00:00Z');
  });

  it('does not send a held email of a kind the person turned off since', async () => {
    const person = await signUp(t.app.server);
    clock = Date.parse('2026-06-01T17:30:00Z');
    await control(person, 'watch_notification', { timezone: 'Asia/Kolkata', quietHoursStart: 22, quietHoursEnd: 8 });
    const id = await story('Not wanted any more', { heat: 'rising' });
    await watch(person, id);
    await heat(id, 'hot');
    await t.app.services.get('email').run();
    expect((await delivery(person)).held).toHaveLength(1);
    await preferences(person, { emailNotifications: false });
    expect(await outbox(person.id, 'watch_notification')).toMatchObject([{ status: 'skipped', reason: 'Turned off before it was sent' }]);
    expect((await delivery(person)).held).toEqual([]);
    clock = Date.parse('2026-11-18T12:00:00Z');
  });
});

describe('the Sunday newsletter in each reader’s time zone', () => {
  it('goes out on Sunday morning where each reader lives, and reaches people who join that Sunday before their morning', async () => {
    clock = Date.parse('2026-11-21T17:00:00Z'); // Saturday: Sunday morning has come nowhere yet
    const readers: Record<string, TestUser> = {};
    for (const zone of ['Pacific/Auckland', 'Asia/Kolkata', 'America/Los_Angeles']) {
      readers[zone] = await signUp(t.app.server);
      await onboard(readers[zone]!, zone);
    }
    const withoutZone = await signUp(t.app.server);
    await t.app.services.get('email').run();
    expect(await outbox(withoutZone.id, 'weekly_digest')).toEqual([]);
    // 18:00 UTC: 08:00 on Sunday at UTC+14. The edition is queued, each copy held until its reader's Sunday 08:00.
    clock = Date.parse('2026-11-21T18:00:00Z');
    await t.app.services.get('email').run();
    const sendAfter = async (user: TestUser) => (await outbox(user.id, 'weekly_digest')).map((row) => row.send_after.toISOString());
    expect(await sendAfter(readers['Pacific/Auckland']!)).toEqual(['2026-11-21T19:00:00.000Z']);
    expect(await sendAfter(readers['Asia/Kolkata']!)).toEqual(['2026-11-22T02:30:00.000Z']);
    expect(await sendAfter(readers['America/Los_Angeles']!)).toEqual(['2026-11-22T16:00:00.000Z']);
    expect(await sendAfter(withoutZone)).toEqual(['2026-11-22T08:00:00.000Z']);
    expect(await delivery(readers['America/Los_Angeles']!)).toMatchObject({ held: [{ kind: 'weekly_digest', until: '08:00' }] });
    expect(await delivery(withoutZone)).toMatchObject({ timeZone: null, held: [{ kind: 'weekly_digest', until: '08:00' }] });
    clock = Date.parse('2026-11-21T19:00:00Z');
    await t.app.services.get('email').run();
    expect(mailTo(readers['Pacific/Auckland']!.email, 'weekly_digest')).toHaveLength(1);
    expect(mailTo(readers['Asia/Kolkata']!.email, 'weekly_digest')).toHaveLength(0);

    // Sunday 10:00 UTC: 02:00 in Los Angeles, 15:30 in Kolkata.
    clock = Date.parse('2026-11-22T10:00:00Z');
    const earlyBird = await signUp(t.app.server);
    await t.app.services.get('email').run();
    // Not before onboarding has told their zone: in UTC the morning is past 08:00, and it would go at 02:00 their time.
    expect(await sendAfter(earlyBird)).toEqual([]);
    await onboard(earlyBird, 'America/Los_Angeles');
    await t.app.services.get('email').run();
    expect(await sendAfter(earlyBird)).toEqual(['2026-11-22T16:00:00.000Z']);
    const lateComer = await signUp(t.app.server);
    await onboard(lateComer, 'Asia/Kolkata');
    await t.app.services.get('email').run();
    expect(await sendAfter(lateComer)).toEqual([]);
    // A reader who moves is planned again: Kolkata's copy, held until 02:30 UTC, went; Los Angeles' goes to Tokyo's morning, past already, so at once.
    await control(readers['America/Los_Angeles']!, 'weekly_digest', { timezone: 'Asia/Tokyo' });
    expect(await sendAfter(readers['America/Los_Angeles']!)).toEqual([new Date(clock).toISOString()]);
    await t.app.services.get('email').run();
    for (const user of [readers['Asia/Kolkata']!, readers['America/Los_Angeles']!, withoutZone]) expect(mailTo(user.email, 'weekly_digest')).toHaveLength(1);
    expect(mailTo(earlyBird.email, 'weekly_digest')).toHaveLength(0);
    clock = Date.parse('2026-11-22T16:00:00Z');
    await t.app.services.get('email').run();
    expect(mailTo(earlyBird.email, 'weekly_digest')).toHaveLength(1);
    // Monday: the edition is over; nobody new is added.
    clock = Date.parse('2026-11-23T00:00:00Z');
    const monday = await signUp(t.app.server);
    await t.app.services.get('email').run();
    expect(await sendAfter(monday)).toEqual([]);
    clock = Date.parse('2026-11-18T12:00:00Z');
  });
});

describe('keyword alerts and digests', () => {
  async function alert(person: TestUser, keyword: string, threshold: number): Promise<void> {
    const response = await t.app.server.inject({ method: 'POST', url: '/api/keyword-alerts', headers: { cookie: person.cookie }, payload: { keyword, threshold } });
    expect(response.statusCode, response.body).toBe(201);
  }
  async function fire(titles: string[]): Promise<void> {
    const ids = [];
    for (const title of titles) ids.push(await story(title, { time: Math.floor(clock / 1000) - 600 }));
    await indexStoryKeywords(pool(), ids, clock);
  }

  it('sends a keyword alert listing the stories that fired it', async () => {
    const person = await signUp(t.app.server);
    await alert(person, 'Zeppelinium', 2);
    await fire(['Zeppelinium rises again', 'Why Zeppelinium matters']);
    await t.app.services.get('email').run();
    const mails = mailTo(person.email, 'keyword_alert');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.parsed.subject).toBe('Keyword alert: Zeppelinium');
    expect(mails[0]!.parsed.html).toContain('Zeppelinium rises again');
    expect(mails[0]!.parsed.html).toContain('Why Zeppelinium matters');
    expect(header(mails[0]!, 'list-unsubscribe')).toContain('type=keyword_alert');
  });

  it('bundles firings into one keyword digest a day for a daily frequency', async () => {
    const person = await signUp(t.app.server);
    await control(person, 'keyword_alert', { frequency: 'daily' });
    await alert(person, 'Quarkbase', 1);
    await alert(person, 'Fluxcapo', 1);
    await fire(['Quarkbase 2.0 released']);
    await t.app.services.get('email').run();
    // The first bundle may go at once (nothing sent yet); it holds what fired so far.
    expect(mailTo(person.email, 'keyword_digest')).toHaveLength(1);
    clock += 3_600_000;
    await fire(['Fluxcapo hits 1.0']);
    await t.app.services.get('email').run();
    clock += 3_600_000;
    await pool().query('UPDATE keyword_alerts SET last_fired_at = NULL WHERE user_id = $1', [person.id]);
    await fire(['Quarkbase under the hood']);
    await t.app.services.get('email').run();
    expect(mailTo(person.email, 'keyword_digest')).toHaveLength(1);
    expect(mailTo(person.email, 'keyword_alert')).toHaveLength(0);
    clock += 22 * 3_600_000;
    await t.app.services.get('email').run();
    const digests = mailTo(person.email, 'keyword_digest');
    expect(digests).toHaveLength(2);
    expect(digests[1]!.parsed.html).toContain('Fluxcapo hits 1.0');
    expect(digests[1]!.parsed.html).toContain('Quarkbase under the hood');
    clock = Date.parse('2026-11-18T12:00:00Z');
  });
});

describe('trending alerts', () => {
  it('announces a story turning viral to people with trending alerts on, once', async () => {
    const on = await signUp(t.app.server);
    const off = await signUp(t.app.server);
    await preferences(on, { trendingAlerts: true });
    await t.app.services.get('email').run(); // stories already viral before are announced now, not in this test's count
    const before = mailTo(on.email, 'trending_alerts').length;
    await story('The viral one', { heat: 'viral' });
    await t.app.services.get('email').run();
    await t.app.services.get('email').run();
    const mails = mailTo(on.email, 'trending_alerts');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.parsed.subject).toBe('Going viral: The viral one');
    expect(mailTo(off.email, 'trending_alerts')).toHaveLength(0);
  });
});

describe('prediction alerts', () => {
  it('announces a story the model calls likely to trend with high confidence to people with prediction alerts on, once', async () => {
    const on = await signUp(t.app.server);
    const off = await signUp(t.app.server);
    await preferences(on, { predictionAlerts: true });
    await t.app.services.get('email').run(); // predictions made before are announced now, not in this test's count
    const before = mailTo(on.email, 'prediction_alert').length;
    const predict = (id: number, probability: number, confidence: string, hoursAgo = 0) =>
      pool().query('UPDATE stories SET prediction_probability = $2, prediction_confidence = $3, predicted_at = $4 WHERE id = $1', [
        id,
        probability,
        confidence,
        new Date(clock - hoursAgo * 3_600_000),
      ]);
    await predict(await story('Likely to trend'), 0.91, 'high');
    await predict(await story('Unlikely to trend'), 0.03, 'high');
    await predict(await story('A coin toss'), 0.55, 'low');
    await predict(await story('Predicted too long ago'), 0.95, 'high', 7);
    await t.app.services.get('email').run();
    await t.app.services.get('email').run();
    const mails = mailTo(on.email, 'prediction_alert');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.parsed.subject).toBe('Predicted to trend: Likely to trend');
    expect(mails.at(-1)!.parsed.text).toContain('91% likely to trend');
    expect(mailTo(off.email, 'prediction_alert')).toHaveLength(0);
  });
});

describe('delivery', () => {
  it('retries a temporary failure with backoff and marks a permanent one failed', async () => {
    const person = await signUp(t.app.server);
    smtp.refuseWith(451);
    await t.app.services.get('email').run();
    let [row] = await outbox(person.id, 'welcome');
    expect(row!.status).toBe('pending');
    expect(row!.attempts).toBe(1);
    expect(row!.reason).toContain('451');
    expect(row!.send_after.getTime()).toBe(clock + 30_000);
    smtp.refuseWith(550);
    clock += 30_000;
    await t.app.services.get('email').run();
    [row] = await outbox(person.id, 'welcome');
    expect(row!.status).toBe('failed');
    expect(row!.reason).toContain('550');
    smtp.refuseWith(null);
    clock += 3_600_000;
    await t.app.services.get('email').run();
    expect(mailTo(person.email, 'welcome')).toHaveLength(0);
  });

  it('sends an email left in flight by a crash once, with its Message-ID, after its lease', async () => {
    const person = await signUp(t.app.server);
    await t.app.services.get('email').queueWelcomes(clock);
    // The process died after claiming the email: it is `sending`, and may or may not have reached the server.
    await pool().query(`UPDATE email_outbox SET status = 'sending', claimed_at = $2, attempts = 1 WHERE user_id = $1 AND kind = 'welcome'`, [person.id, new Date(clock)]);
    await t.app.services.get('email').run();
    expect(mailTo(person.email, 'welcome'), 'not before the lease ends: the first process may still be sending').toHaveLength(0);
    clock += 11 * 60_000;
    await t.app.services.get('email').run();
    await t.app.services.get('email').run();
    const mails = mailTo(person.email, 'welcome');
    expect(mails).toHaveLength(1);
    const [row] = await outbox(person.id, 'welcome');
    expect(row!.status).toBe('sent');
    expect(mails[0]!.parsed.messageId).toBe(row!.message_id);
  });
  it('never has two emails accepted by the server and not yet marked sent, though each send overlaps the next claim', async () => {
    const people = await Promise.all(Array.from({ length: 5 }, () => signUp(t.app.server)));
    await t.app.services.get('email').queueWelcomes(clock);
    // The statements that mark an email sent are slowed down, so a send that did not wait for them would finish first.
    const slowMarks = {
      query: async (text: string, values?: unknown[]) => {
        if (text.includes("status = 'sent'")) await new Promise((resolve) => setTimeout(resolve, 40));
        return pool().query(text, values);
      },
    } as unknown as pg.Pool;
    const unmarkedAtEachAcceptance: number[] = [];
    smtp.checkBeforeAccepting(async () => {
      const accepted = smtp.received.map((mail) => mail.parsed.messageId);
      const { rows } = await pool().query(`SELECT count(*)::int AS n FROM email_outbox WHERE message_id = ANY($1::text[]) AND status <> 'sent'`, [accepted]);
      unmarkedAtEachAcceptance.push(rows[0].n);
    });
    const transport = smtpTransport(smtp.url);
    const delivery = new MailDelivery({ pool: slowMarks, transport, from: FROM, ratePerSecond: 1000, maxAttempts: 3, now: () => clock });
    try {
      const report = await delivery.deliverDue();
      expect(report.sent).toBeGreaterThanOrEqual(people.length);
    } finally {
      smtp.checkBeforeAccepting(null);
      transport.close();
    }
    expect(unmarkedAtEachAcceptance.length).toBeGreaterThanOrEqual(people.length);
    expect(unmarkedAtEachAcceptance.every((n) => n === 0), String(unmarkedAtEachAcceptance)).toBe(true);
    for (const person of people) expect(mailTo(person.email, 'welcome'), person.email).toHaveLength(1);
  });
  it('abandons a message whose completion was refused: the server never accepts it', async () => {
    const transport = smtpTransport(smtp.url);
    const before = smtp.received.length;
    const refused = Promise.reject(new Error('the previous email could not be marked sent'));
    refused.catch(() => undefined);
    try {
      const result = await transport.send(
        { from: FROM, to: 'nobody@example.com', subject: 'Never accepted', html: '<p>x</p>', text: 'x', messageId: '<never@trends.test>', headers: {} },
        { completeAfter: refused },
      );
      expect(result.ok).toBe(false);
      const delivered = await transport.send({ from: FROM, to: 'somebody@example.com', subject: 'Accepted', html: '<p>y</p>', text: 'y', messageId: '<accepted@trends.test>', headers: {} });
      expect(delivered.ok).toBe(true);
    } finally {
      transport.close();
    }
    await smtp.waitFor(before + 1);
    expect(smtp.received.slice(before).map((mail) => mail.parsed.subject)).toEqual(['Accepted']);
  });
});

describe('several emails in flight', () => {
  it('sends each email exactly once when lanes share the outbox, and leaves none in flight', async () => {
    const people = await Promise.all(Array.from({ length: 7 }, () => signUp(t.app.server)));
    await t.app.services.get('email').queueWelcomes(clock);
    const transport = smtpTransport(smtp.url);
    const delivery = new MailDelivery({ pool: pool(), transport, from: FROM, ratePerSecond: 1000, concurrency: 3, maxAttempts: 3, now: () => clock });
    try {
      const report = await delivery.deliverDue();
      expect(report.sent).toBeGreaterThanOrEqual(people.length);
    } finally {
      transport.close();
    }
    for (const person of people) expect(mailTo(person.email, 'welcome'), person.email).toHaveLength(1);
    const left = await pool().query(`SELECT count(*)::int AS n FROM email_outbox WHERE status IN ('sending', 'pending') AND kind = 'welcome'`);
    expect(left.rows[0].n).toBe(0);
  });
});

describe('unsubscribe', () => {
  async function welcomed(): Promise<{ person: TestUser; mail: ReceivedMail }> {
    const person = await signUp(t.app.server);
    await t.app.services.get('email').run();
    return { person, mail: mailTo(person.email, 'welcome')[0]! };
  }
  const prefs = async (person: TestUser) =>
    (await t.app.server.inject({ url: '/api/user/preferences', headers: { cookie: person.cookie } })).json().preferences;

  it('works from the link in the email, through the page’s button', async () => {
    const person = await signUp(t.app.server);
    await preferences(person, { trendingAlerts: true });
    await t.app.services.get('email').run();
    await story('Another viral one', { heat: 'viral' });
    await t.app.services.get('email').run();
    const mail = mailTo(person.email, 'trending_alerts').at(-1)!;
    const page = new URL(unsubscribeLink(mail));
    expect(page.pathname).toMatch(/^\/unsubscribe\//);
    // The page's button sends the one-click POST to the API address of the same link.
    const response = await t.app.server.inject({ method: 'POST', url: `/api${page.pathname}${page.search}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'You have been unsubscribed from trending alert emails.', userEmail: person.email, emailType: 'trending_alerts' });
    const after = await prefs(person);
    expect(after.trendingAlerts).toBe(false);
    expect(after.emailNotifications).toBe(true);
  });

  it('changes nothing when the List-Unsubscribe address or the footer link is only opened (GET or HEAD): the address leads to the page', async () => {
    const { person, mail } = await welcomed();
    await preferences(person, { trendingAlerts: true });
    const address = new URL(header(mail, 'list-unsubscribe').slice(1, -1));
    const footer = new URL(unsubscribeLink(mail));
    for (const method of ['GET', 'HEAD'] as const) {
      const opened = await t.app.server.inject({ method, url: `${address.pathname}${address.search}` });
      expect(opened.statusCode, `${method} of the List-Unsubscribe address`).toBe(303);
      expect(opened.headers.location).toBe(`${footer.pathname}${footer.search}`);
      // The footer link is the web app's page (no web build here: whatever answers, nothing may change).
      const page = await t.app.server.inject({ method, url: `${footer.pathname}${footer.search}` });
      expect(page.statusCode, `${method} of the footer link`).toBeLessThan(500);
    }
    const after = await prefs(person);
    expect([after.emailNotifications, after.weeklyDigest, after.trendingAlerts, after.predictionAlerts]).toEqual([true, true, true, false]);
    const controls = await pool().query(`SELECT 1 FROM email_frequency_controls WHERE user_id = $1 AND NOT is_active`, [person.id]);
    expect(controls.rows).toEqual([]);
  });

  it('works in one click: the List-Unsubscribe address answers a mail provider’s POST (RFC 8058), whatever its origin', async () => {
    const providers = [{}, { origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' }, { referer: 'https://webmail.example.org/inbox' }];
    for (const headers of providers) {
      const { person, mail } = await welcomed();
      const address = new URL(header(mail, 'list-unsubscribe').slice(1, -1));
      const response = await t.app.server.inject({
        method: 'POST',
        url: `${address.pathname}${address.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode, `${JSON.stringify(headers)}: ${response.body}`).toBe(200);
      const after = await prefs(person);
      expect([after.emailNotifications, after.weeklyDigest, after.trendingAlerts, after.predictionAlerts]).toEqual([false, false, false, false]);
    }
  });

  it('refuses a forged token, a token moved to another type, and a token made for someone else', async () => {
    const { person, mail } = await welcomed();
    const other = await welcomed();
    const address = new URL(header(mail, 'list-unsubscribe').slice(1, -1));
    const token = address.pathname.split('/').at(-1)!;
    const [encoded, mac] = token.split('.');
    const forged = `${encoded}.${mac!.slice(0, -2)}xx`;
    const otherId = Buffer.from(other.person.id).toString('base64url');
    for (const url of [
      `/api/unsubscribe/${forged}?type=welcome`,
      `/api/unsubscribe/${token}?type=weekly_digest`,
      `/api/unsubscribe/${token}`,
      `/api/unsubscribe/${otherId}.${mac}?type=welcome`,
      '/api/unsubscribe/nonsense?type=welcome',
    ]) {
      // From any origin too: the token is the whole authority.
      const response = await t.app.server.inject({ method: 'POST', url, headers: { origin: 'https://mail.example.net' } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toContain('invalid');
    }
    expect((await prefs(person)).emailNotifications).toBe(true);
    expect((await prefs(other.person)).emailNotifications).toBe(true);
    for (const method of ['GET', 'POST'] as const) {
      const badType = await t.app.server.inject({ method, url: `/api/unsubscribe/${token}?type=everything` });
      expect(badType.statusCode, method).toBe(400);
    }
  });
});

describe('open and click tracking', () => {
  it('counts the pixel and a tracked click, and follows only links the server signed', async () => {
    const person = await signUp(t.app.server);
    await t.app.services.get('email').run();
    const html = String(mailTo(person.email, 'welcome')[0]!.parsed.html);
    const pixel = new URL(/src="(http:\/\/trends\.test\/api\/email\/open\/[^"]+)"/.exec(html)![1]!);
    const opened = await t.app.server.inject({ url: pixel.pathname });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/gif');
    const click = new URL(/href="(http:\/\/trends\.test\/api\/email\/click\/[^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&'));
    const followed = await t.app.server.inject({ url: `${click.pathname}${click.search}` });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('http://trends.test/');
    const repointed = await t.app.server.inject({ url: `${click.pathname}?u=${encodeURIComponent('https://evil.example/')}` });
    expect(repointed.statusCode).toBe(400);
    const row = await pool().query('SELECT opens, clicks, opened_at, clicked_at FROM email_outbox WHERE user_id = $1 AND kind = $2', [person.id, 'welcome']);
    expect(row.rows[0]).toMatchObject({ opens: 1, clicks: 1 });
    expect(row.rows[0].opened_at).not.toBeNull();
  });
});

describe('weekly digest and the admin calls', () => {
  const asAdmin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.server.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });

  it('says delivery is on and where mail comes from', async () => {
    const status = await asAdmin('GET', '/api/admin/email-status');
    expect(status.json()).toMatchObject({ enabled: true, fromEmail: FROM, note: null });
  });

  it('saves sanitised custom content for the week snapped to its Sunday, previews and deletes it', async () => {
    const saved = await asAdmin('POST', '/api/admin/digest/custom-content/weekly_digest', {
      weekOf: '2026-11-11',
      topContent: '<p>Hello <b>readers</b><script>alert(1)</script></p>',
      topContentStyle: 'celebration',
      bottomContent: '<a href="javascript:alert(1)">x</a> bye',
      bottomContentStyle: 'quote',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().content).toMatchObject({ weekOf: '2026-11-08', topContent: '<p>Hello <b>readers</b></p>', topContentStyle: 'celebration' });
    expect(saved.json().content.bottomContent).not.toContain('javascript');
    const read = await asAdmin('GET', '/api/admin/digest/custom-content/weekly_digest?weekOf=2026-11-14');
    expect(read.json().content.topContent).toBe('<p>Hello <b>readers</b></p>');
    const preview = await asAdmin('GET', '/api/admin/digest/preview/weekly_digest?weekOf=2026-11-09');
    expect(preview.statusCode).toBe(200);
    expect(preview.json().previewHtml).toContain('Hello <b>readers</b>');
    expect(preview.json().previewHtml).toContain('🎉 Celebration');
    const bad = await asAdmin('POST', '/api/admin/digest/custom-content/weekly_digest', { weekOf: '2026-13-40', topContentStyle: 'loud' });
    expect(bad.statusCode).toBe(400);
    const removed = await asAdmin('DELETE', '/api/admin/digest/custom-content/weekly_digest?weekOf=2026-11-08');
    expect(removed.statusCode).toBe(200);
    expect((await asAdmin('GET', '/api/admin/digest/custom-content/weekly_digest?weekOf=2026-11-08')).json().content).toBeNull();
    const audit = await pool().query<{ action: string }>('SELECT action FROM admin_logs WHERE admin_user_id = $1 ORDER BY id', [admin.id]);
    expect(audit.rows.map((row) => row.action)).toEqual(expect.arrayContaining(['digest.custom_content.save', 'digest.custom_content.delete']));
  });

  it('sends the weekly newsletter now, once a week unless forced, with the week’s top stories and custom content', async () => {
    const reader = await signUp(t.app.server, { name: 'Rita Reader' });
    await pool().query('UPDATE users SET email_verified = true WHERE id = $1', [reader.id]);
    const unconfirmed = await signUp(t.app.server, { name: 'Visit prize.example' });
    const optedOut = await signUp(t.app.server);
    await preferences(optedOut, { weeklyDigest: false });
    // The digest of the week of Sunday 15 November covers 8 to 14 November.
    const best = await story('Best of the week', { score: 987, time: Date.parse('2026-11-12T10:00:00Z') / 1000 });
    // Four predictions made that week and verified, three of them right; one made the week after, not counted.
    await pool().query(
      `INSERT INTO predictions (story_id, predicted_at, probability, confidence, score_at_prediction, comments_at_prediction, model_version,
                                verified_at, score_at_horizon, reached_target, accurate)
       SELECT $1, made, 0.9, 'high', 10, 1, 'test', made + interval '7 hours', 400, reached, reached
         FROM (VALUES ('2026-11-09T10:00:00Z'::timestamptz, true), ('2026-11-10T10:00:00Z', true), ('2026-11-11T10:00:00Z', true),
                      ('2026-11-12T10:00:00Z', false), ('2026-11-16T10:00:00Z', false)) AS p(made, reached)`,
      [best],
    );
    await asAdmin('POST', '/api/admin/digest/custom-content/weekly_digest', { weekOf: '2026-11-15', topContent: '<p>Our own news</p>', topContentStyle: 'announcement' });
    const first = await asAdmin('POST', '/api/admin/send-weekly-digest');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toMatch(/^Weekly newsletter for the week of 2026-11-15 queued for \d+ subscribers/);
    const again = await asAdmin('POST', '/api/admin/send-weekly-digest');
    expect(again.statusCode).toBe(409);
    await t.app.services.get('email').run();
    const mails = mailTo(reader.email, 'weekly_digest');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.parsed.html).toContain('Best of the week');
    // Each story's placeholders are filled: its history link is the story's page, through the click counter.
    expect(linkTargets(mails[0]!)).toContain(`http://trends.test/stories/${best}`);
    expect(mails[0]!.parsed.html).toContain('Our own news');
    expect(mails[0]!.parsed.text).toContain('75% of 4 verified predictions were right.');
    expect(mails[0]!.parsed.html).toContain('Hello Rita Reader');
    // The newsletter to an address nobody confirmed greets without the chosen name.
    const stranger = mailTo(unconfirmed.email, 'weekly_digest');
    expect(stranger).toHaveLength(1);
    expect(stranger[0]!.parsed.text).toContain('Hello, here is what caught on this week.');
    expect(String(stranger[0]!.parsed.html)).not.toContain('prize.example');
    expect(mails[0]!.parsed.text).toContain('Best of the week');
    expect(header(mails[0]!, 'list-unsubscribe')).toContain('type=weekly_digest');
    expect(mailTo(optedOut.email, 'weekly_digest')).toHaveLength(0);
    const forced = await asAdmin('POST', '/api/admin/send-weekly-digest', { force: true });
    expect(forced.statusCode).toBe(200);
    await t.app.services.get('email').run();
    expect(mailTo(reader.email, 'weekly_digest')).toHaveLength(2);
  });

  it('sends a test email of a chosen type to the admin, and asks for a type first', async () => {
    const missing = await asAdmin('POST', '/api/admin/send-test-email', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Please select an email type to test');
    for (const type of ['keyword-alert', 'weekly-digest', 'prediction-alert', 'watch-notification', 'welcome']) {
      const response = await asAdmin('POST', '/api/admin/send-test-email', { type });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ success: true, message: `Test ${type} email sent to ${admin.email}.` });
    }
    await t.app.services.get('email').run();
    const tests = mailTo(admin.email).filter((mail) => mail.parsed.subject?.startsWith('[Test]'));
    expect(tests.map(kindOf).sort()).toEqual(['keyword_alert', 'prediction_alert', 'watch_notification', 'weekly_digest', 'welcome']);
    // The watch sample reads as a real one does.
    expect(tests.find((mail) => kindOf(mail) === 'watch_notification')!.parsed.text).toContain('Growing: was Rising, now Hot');
  });

  it('lists the email log, filtered by status and kind, and the newsletter figures', async () => {
    const all = await asAdmin('GET', '/api/admin/email-logs?limit=5');
    expect(all.json().logs).toHaveLength(5);
    expect(all.json().pagination.total).toBeGreaterThan(5);
    const skipped = await asAdmin('GET', '/api/admin/email-logs?status=skipped&kind=watch_notification');
    expect(skipped.json().logs.length).toBeGreaterThan(0);
    expect(skipped.json().logs.every((log: { status: string; emailType: string }) => log.status === 'skipped' && log.emailType === 'watch_notification')).toBe(true);
    expect((await asAdmin('GET', '/api/admin/email-logs?status=lost')).statusCode).toBe(400);
    const stats = (await asAdmin('GET', '/api/admin/newsletter/stats')).json();
    const counted = await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox');
    expect(stats.totalEmails).toBe(counted.rows[0]!.n);
    expect(stats.weekly).toMatchObject({ weekOf: '2026-11-15', sent: true });
    const subscribers = (await asAdmin('GET', '/api/admin/newsletter/subscribers?limit=100')).json().subscribers;
    expect(subscribers.find((s: { email: string }) => s.email === admin.email).status).toBe('Full');
    // The status groups count every person by the same rule as the table's status column.
    const byStatus = (status: string) => subscribers.filter((s: { status: string }) => s.status === status).length;
    expect(stats.statusGroups).toEqual(['Full', 'Newsletter', 'Alerts', 'Inactive'].map((status) => ({ status, count: byStatus(status) })));
    expect(stats.statusGroups.reduce((total: number, group: { count: number }) => total + group.count, 0)).toBe(subscribers.length);
    const engagement = (await asAdmin('GET', '/api/admin/newsletter/analytics')).json().engagement;
    const welcome = engagement.find((row: { emailType: string }) => row.emailType === 'welcome');
    expect(welcome.totalOpened).toBeGreaterThanOrEqual(1);
    const activity = (await asAdmin('GET', '/api/admin/newsletter/activity')).json().activity;
    expect(activity.some((row: { emailType: string }) => row.emailType === 'weekly_digest')).toBe(true);
  });
});

describe('without SMTP_URL', () => {
  it('keeps mail in the outbox and says how to turn delivery on', async () => {
    const offline = await createTestApp({ now: () => clock });
    try {
      const first = await signUp(offline.app.server);
      await offline.app.services.get('email').run();
      const rows = await offline.db.database.pool.query('SELECT status FROM email_outbox WHERE user_id = $1', [first.id]);
      expect(rows.rows).toEqual([{ status: 'pending' }]);
      const status = await offline.app.server.inject({ url: '/api/admin/email-status', headers: { cookie: first.cookie } });
      expect(status.json()).toMatchObject({ enabled: false, queued: 1 });
      expect(status.json().note).toContain('SMTP_URL');
      const test = await offline.app.server.inject({ method: 'POST', url: '/api/admin/send-test-email', headers: { cookie: first.cookie }, payload: { type: 'welcome' } });
      expect(test.statusCode).toBe(409);
    } finally {
      await offline.close();
    }
  }, 180_000);
});
