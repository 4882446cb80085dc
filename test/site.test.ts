import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';

// Modules: announcements, contact

let t: TestApp;
let reader: TestUser;
let other: TestUser;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await signUp(t.app.server, { name: 'Owner' });
  reader = await signUp(t.app.server, { name: 'Reader' });
  other = await signUp(t.app.server, { name: 'Other' });
  const pool = t.db.database.pool;
  const insert = async (key: string, values: string) => {
    const row = await pool.query<{ id: number }>(`INSERT INTO announcements (title, message, type, is_persistent, is_active, start_date, end_date, created_at) VALUES ${values} RETURNING id`);
    ids[key] = row.rows[0]!.id;
  };
  await insert('old', `('Old news', 'Hello', 'info', false, true, NULL, NULL, now() - interval '2 days')`);
  await insert('persistent', `('Always here', 'See <a href="https://example.com">this</a>', 'warning', true, true, NULL, NULL, now() - interval '1 day')`);
  await insert('fresh', `('New', 'Fresh', 'weird-type', false, true, now() - interval '1 hour', now() + interval '1 day', now())`);
  await insert('inactive', `('Off', 'x', 'info', false, false, NULL, NULL, now())`);
  await insert('future', `('Later', 'x', 'info', false, true, now() + interval '1 day', NULL, now())`);
  await insert('expired', `('Gone', 'x', 'info', false, true, NULL, now() - interval '1 minute', now())`);
}, 60_000);
afterAll(async () => t?.close());

const titles = (body: { announcements: { title: string }[] }) => body.announcements.map((a) => a.title);

describe('announcements', () => {
  it('lists the active ones, newest first; unknown types read as info', async () => {
    const response = await t.app.server.inject({ url: '/api/announcements' });
    expect(titles(response.json())).toEqual(['New', 'Always here', 'Old news']);
    expect(response.json().announcements[0].type).toBe('info');
    expect(response.json().announcements[1]).toMatchObject({ type: 'warning', isPersistent: true });
  });

  it('a dismissal is saved for the person who dismissed, and only for them', async () => {
    const dismiss = await t.app.server.inject({ method: 'POST', url: `/api/announcements/${ids.fresh}/dismiss`, headers: { cookie: reader.cookie } });
    expect(dismiss.json()).toEqual({ ok: true });
    expect(titles((await t.app.server.inject({ url: '/api/announcements', headers: { cookie: reader.cookie } })).json())).toEqual(['Always here', 'Old news']);
    expect(titles((await t.app.server.inject({ url: '/api/announcements', headers: { cookie: other.cookie } })).json())).toEqual(['New', 'Always here', 'Old news']);
    // Dismissing twice is fine.
    expect((await t.app.server.inject({ method: 'POST', url: `/api/announcements/${ids.fresh}/dismiss`, headers: { cookie: reader.cookie } })).statusCode).toBe(200);
  });

  it('persistent announcements cannot be dismissed; unknown and inactive ones are 404; visitors 401', async () => {
    const persistent = await t.app.server.inject({ method: 'POST', url: `/api/announcements/${ids.persistent}/dismiss`, headers: { cookie: reader.cookie } });
    expect(persistent.statusCode).toBe(409);
    expect(persistent.json().message).toBe('This announcement cannot be dismissed.');
    for (const id of [ids.inactive, ids.future, ids.expired, 999_999]) {
      expect((await t.app.server.inject({ method: 'POST', url: `/api/announcements/${id}/dismiss`, headers: { cookie: reader.cookie } })).statusCode).toBe(404);
    }
    expect((await t.app.server.inject({ method: 'POST', url: '/api/announcements/abc/dismiss', headers: { cookie: reader.cookie } })).statusCode).toBe(400);
    expect((await t.app.server.inject({ method: 'POST', url: `/api/announcements/${ids.old}/dismiss` })).statusCode).toBe(401);
  });
});

describe('contact form', () => {
  const message = { name: 'Ann', email: 'ann@example.com', subject: 'Hello', message: 'I like the trending list.' };

  it('stores a valid message for admins', async () => {
    const response = await t.app.server.inject({ method: 'POST', url: '/api/contact', remoteAddress: '10.1.1.1', payload: message });
    expect(response.json()).toEqual({ ok: true });
    const stored = await t.db.database.pool.query('SELECT name, email, subject, message FROM contact_messages');
    expect(stored.rows).toEqual([message]);
  });

  it.each([
    [{ ...message, name: '   ' }, /name is required/],
    [{ ...message, email: 'not-an-address' }, /email must be a valid email address/],
    [{ ...message, subject: undefined }, /subject is required/],
    [{ ...message, message: 'x'.repeat(5001) }, /message must be at most 5000 characters/],
    [{ ...message, extra: 'field' }, /extra/],
  ])('refuses %j', async (payload, error) => {
    const response = await t.app.server.inject({ method: 'POST', url: '/api/contact', remoteAddress: '10.1.1.2', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(error);
  });

  it('is rate limited per address', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.app.server.inject({ method: 'POST', url: '/api/contact', remoteAddress: '10.1.1.3', payload: message })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
