import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole, signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { startSmtp, type ReceivedMail, type TestSmtp } from './support/smtp.ts';

/** Email that tells the truth: whether this server sends email at all, as a signed-in person may read it. */
let smtp: TestSmtp;
let withSmtp: TestApp;
let withoutSmtp: TestApp;
let reader: TestUser;
let readerOfSmtpApp: TestUser;

beforeAll(async () => {
  smtp = await startSmtp();
  withoutSmtp = await createTestApp({ env: { PUBLIC_URL: 'http://trends.test' } });
  withSmtp = await createTestApp({ env: { SMTP_URL: smtp.url, EMAIL_FROM: 'HN Trends <digest@trends.example>', PUBLIC_URL: 'http://trends.test' } });
  reader = await signUp(withoutSmtp.app.server, { name: 'Rita Reader' });
  readerOfSmtpApp = await signUp(withSmtp.app.server, { name: 'Sam Sender' });
}, 180_000);
afterAll(async () => {
  await withSmtp?.close();
  await withoutSmtp?.close();
  await smtp?.close();
});

describe('GET /api/email/delivery', () => {
  it('says no email is sent while SMTP is not configured', async () => {
    const response = await withoutSmtp.app.server.inject({ method: 'GET', url: '/api/email/delivery', headers: { cookie: reader.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ configured: false, timeZone: null, held: [] });
  });

  it('says email is sent once SMTP is configured', async () => {
    const response = await withSmtp.app.server.inject({ method: 'GET', url: '/api/email/delivery', headers: { cookie: readerOfSmtpApp.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ configured: true, timeZone: null, held: [] });
  });

  it('is for signed-in people only', async () => {
    const response = await withoutSmtp.app.server.inject({ method: 'GET', url: '/api/email/delivery' });
    expect(response.statusCode).toBe(401);
  });
});

describe('a contact message', () => {
  const kindOf = (mail: ReceivedMail) => mail.parsed.headers.get('x-hn-trends-kind');
  const noticesTo = (email: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(email) && kindOf(mail) === 'contact_message');
  let firstAdmin: TestUser;
  let secondAdmin: TestUser;
  let address = 0;
  const send = async (subject: string, message = 'Hello') => {
    const response = await withSmtp.app.server.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: `10.88.0.${++address}`,
      payload: { name: 'Carl Contact', email: 'carl@example.com', subject, message },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const outbox = async (userId: string) =>
    (
      await withSmtp.db.database.pool.query<{ status: string; reason: string | null }>(
        `SELECT status, reason FROM email_outbox WHERE user_id = $1 AND kind = 'contact_message' ORDER BY id`,
        [userId],
      )
    ).rows;

  beforeAll(async () => {
    firstAdmin = await signUp(withSmtp.app.server, { name: 'Ada Admin' });
    secondAdmin = await signUp(withSmtp.app.server, { name: 'Bea Admin' });
    for (const admin of [firstAdmin, secondAdmin]) await setRole(withSmtp.db.database.pool, admin.id, 'admin');
    // The site's first account is made its admin; here it stands for everyone else.
    await setRole(withSmtp.db.database.pool, readerOfSmtpApp.id, 'user');
  });

  it('is emailed to every admin, with what the message holds and nothing else about the sender, once', async () => {
    await send('Broken link <b>here</b>', 'The about page 404s.\nSecond line.');
    await withSmtp.app.services.get('email').run();
    await withSmtp.app.services.get('email').run();
    for (const admin of [firstAdmin, secondAdmin]) {
      const notices = noticesTo(admin.email);
      expect(notices, admin.email).toHaveLength(1);
      const mail = notices[0]!;
      expect(mail.parsed.subject).toBe('Contact message: Broken link <b>here</b>');
      const text = String(mail.parsed.text);
      expect(text).toContain('From Carl Contact <carl@example.com>');
      expect(text).toContain('The about page 404s.');
      expect(text).toContain('Second line.');
      expect(decodeURIComponent(text)).toContain('http://trends.test/admin/contact');
      // The sender's client address is stored for rate limits and abuse, never mailed.
      expect(text).not.toContain('10.88.0.');
      expect(String(mail.parsed.html)).not.toContain('<b>here</b>');
      expect(String(mail.parsed.html)).toContain('&lt;b&gt;here');
    }
    expect(noticesTo(readerOfSmtpApp.email)).toHaveLength(0);
  });

  it('stops for an admin who unsubscribes from it in one click', async () => {
    const line = noticesTo(secondAdmin.email)[0]!.parsed.headerLines.find((entry) => entry.key === 'list-unsubscribe')!.line;
    const oneClick = new URL(/<([^>]+)>/.exec(line.replace(/\r?\n[ \t]+/g, ''))![1]!);
    expect(oneClick.searchParams.get('type')).toBe('contact_message');
    const unsubscribed = await withSmtp.app.server.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    expect(unsubscribed.json().message).toBe('You have been unsubscribed from contact message notices.');
    await send('Another question');
    await withSmtp.app.services.get('email').run();
    expect(noticesTo(firstAdmin.email)).toHaveLength(2);
    expect(noticesTo(secondAdmin.email)).toHaveLength(1);
  });

  it('reaches an admin at most the daily number of times; the rest are logged as skipped, and every message is kept', async () => {
    const before = (await outbox(firstAdmin.id)).length;
    for (let index = 0; index < 10; index++) await send(`Flood ${index}`);
    const rows = await outbox(firstAdmin.id);
    expect(rows.slice(before).filter((row) => row.status === 'skipped')).toEqual([
      { status: 'skipped', reason: 'Daily limit of 10 emails reached' },
      { status: 'skipped', reason: 'Daily limit of 10 emails reached' },
    ]);
    expect(rows.filter((row) => row.status !== 'skipped')).toHaveLength(10);
    const stored = await withSmtp.db.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM contact_messages WHERE subject LIKE 'Flood %'`);
    expect(stored.rows[0]!.n).toBe(10);
  });
});
