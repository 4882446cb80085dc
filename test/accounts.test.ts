import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '#common/contracts/accounts.ts';
import { EMAIL_TYPES } from '#common/rules/limits.ts';
import { buildApp } from '../server/app.ts';
import { createMetrics } from '../server/metrics.ts';
import { cookieHeader, setRole, signIn, signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { databaseFingerprint } from './support/seed.ts';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let listedAdmin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'boss@example.com, Chief@Example.com' } });
  admin = await signUp(t.app.server, { email: 'first@example.com', name: 'First Person' });
  alice = await signUp(t.app.server, { email: 'alice@example.com', name: 'Alice Liddell' });
  bob = await signUp(t.app.server, { email: 'bob@example.com', name: 'Bob' });
  listedAdmin = await signUp(t.app.server, { email: 'chief@example.com', name: 'Chief' });
}, 120_000);
afterAll(async () => t?.close());

const inject = (options: InjectOptions) => t.app.server.inject(options);
const as = (user: TestUser) => ({ cookie: user.cookie });
const pool = () => t.db.database.pool;

describe('sign-up, roles and the current user', () => {
  it('the first account is admin, ADMIN_EMAILS names more, everyone else is a user', async () => {
    const roles = await Promise.all([admin, alice, listedAdmin].map(async (user) => (await inject({ url: '/api/auth/user', headers: as(user) })).json().role));
    expect(roles).toEqual(['admin', 'user', 'admin']);
  });

  it('GET /api/auth/me gives the same person as /api/auth/user, and null (200) for a visitor, never cached', async () => {
    const me = await inject({ url: '/api/auth/me', headers: as(alice) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual((await inject({ url: '/api/auth/user', headers: as(alice) })).json());
    expect(me.headers['cache-control']).toMatch(/no-store/);
    const visitor = await inject({ url: '/api/auth/me' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toBeNull();
    expect(visitor.headers['cache-control']).toMatch(/no-store/);
    expect(visitor.headers.vary).toMatch(/Cookie/i);
  });

  it('GET /api/auth/user gives the spec fields, or 401 Unauthorized', async () => {
    const me = await inject({ url: '/api/auth/user', headers: as(alice) });
    expect(me.json()).toEqual({
      id: alice.id,
      email: 'alice@example.com',
      firstName: 'Alice',
      lastName: 'Liddell',
      displayName: 'Alice Liddell',
      profileImageUrl: null,
      role: 'user',
      onboardingCompleted: false,
    });
    const visitor = await inject({ url: '/api/auth/user' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: 'Unauthorized' });
  });

  it('a person cannot make themselves admin through better-auth endpoints', async () => {
    const response = await inject({ method: 'POST', url: '/api/auth/update-user', headers: as(alice), payload: { role: 'admin' } });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect((await inject({ url: '/api/auth/user', headers: as(alice) })).json().role).toBe('user');
  });

  it('refuses weak passwords with a message and creates nothing', async () => {
    // Attempts count toward the sign-up rate limit; nothing else may change.
    const before = await databaseFingerprint(pool(), ['rate_limits']);
    for (const [password, message] of [
      ['short1', /at least 10 characters/],
      ['password123', /too common/],
      ['aaaaaaaaaaaa', /too easy to guess/],
      ['weakling-carol-1', /must not contain your email/],
    ] as const) {
      const response = await inject({ method: 'POST', url: '/api/auth/sign-up/email', remoteAddress: '10.200.0.1', payload: { email: 'weakling-carol@example.com', name: 'Carol', password } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect(await databaseFingerprint(pool(), ['rate_limits'])).toBe(before);
  });
});

describe('sign-in and sign-out', () => {
  it('/api/login keeps only same-site return paths', async () => {
    const cases: [string, string][] = [
      ['/bookmarks?page=2', '/signin?returnTo=%2Fbookmarks%3Fpage%3D2'],
      ['//evil.example/x', '/signin?returnTo=%2F'],
      ['https://evil.example/', '/signin?returnTo=%2F'],
      ['/\\evil.example', '/signin?returnTo=%2F'],
      ['javascript:alert(1)', '/signin?returnTo=%2F'],
    ];
    for (const [returnTo, location] of cases) {
      const response = await inject({ url: `/api/login?returnTo=${encodeURIComponent(returnTo)}` });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(location);
    }
  });

  it('session cookies are HttpOnly and SameSite=Lax', async () => {
    const response = await signIn(t.app.server, 'bob@example.com');
    expect(response.statusCode).toBe(200);
    const session = [response.headers['set-cookie']].flat().find((cookie) => cookie?.startsWith('hnt.session_token='));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).not.toMatch(/Secure/);
  });

  it('behind HTTPS (an https PUBLIC_URL) the session cookie is also Secure', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://news.example', TRUST_PROXY: 'true' } });
    try {
      const response = await secure.app.server.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: 'secure@example.com', name: 'Secure', password: 'correct horse battery staple' },
      });
      expect(response.statusCode).toBe(200);
      const session = [response.headers['set-cookie']].flat().find((cookie) => cookie?.includes('session_token='));
      expect(session).toMatch(/; Secure/);
      expect(session).toMatch(/HttpOnly/);
      // The cookie under its __Secure- name signs its owner in; under the plain name it is no one's.
      const cookie = cookieHeader(response.headers['set-cookie']);
      expect(cookie).toMatch(/^__Secure-hnt\.session_token=/);
      const me = (headerValue: string) => secure.app.server.inject({ url: '/api/auth/user', headers: { cookie: headerValue, 'x-forwarded-proto': 'https' } });
      expect((await me(cookie)).json().email).toBe('secure@example.com');
      expect((await me(cookie.replace(/^__Secure-/, ''))).statusCode).toBe(401);
    } finally {
      await secure.close();
    }
  });

  it('a wrong password is refused', async () => {
    const response = await signIn(t.app.server, 'bob@example.com', 'not the password at all');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBeTruthy();
  });

  it('logout ends the session on the server, not only in the browser', async () => {
    const signedIn = await signIn(t.app.server, 'bob@example.com');
    const cookie = cookieHeader(signedIn.headers['set-cookie']);
    expect((await inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
    const logout = await inject({ url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe('/');
    // The old cookie, replayed, no longer works.
    expect((await inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    // Bob's other session is untouched.
    expect((await inject({ url: '/api/auth/user', headers: as(bob) })).statusCode).toBe(200);
  });

  it('an expired session is refused', async () => {
    const signedIn = await signIn(t.app.server, 'bob@example.com');
    const cookie = cookieHeader(signedIn.headers['set-cookie']);
    const token = decodeURIComponent(cookie.match(/hnt\.session_token=([^;.]+)/)![1]!);
    await pool().query(`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE token = $1`, [token]);
    expect((await inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    // And removed, as better-auth removes an expired session it is shown.
    expect((await pool().query('SELECT 1 FROM sessions WHERE token = $1', [token])).rowCount).toBe(0);
  });

  it('a session is extended once a day of use, not on every request', async () => {
    const signedIn = await signIn(t.app.server, 'bob@example.com');
    const cookie = cookieHeader(signedIn.headers['set-cookie']);
    const token = decodeURIComponent(cookie.match(/hnt\.session_token=([^;.]+)/)![1]!);
    const expiry = async () => (await pool().query<{ at: Date }>('SELECT expires_at AS at FROM sessions WHERE token = $1', [token])).rows[0]!.at.getTime();
    const fresh = await expiry();
    expect((await inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
    expect(await expiry()).toBe(fresh);
    // A day and a minute old: due for refresh (updateAge is a day), so the next request extends it to a full lifetime.
    await pool().query(`UPDATE sessions SET expires_at = expires_at - interval '1 day 1 minute' WHERE token = $1`, [token]);
    expect((await inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
    expect(await expiry()).toBeGreaterThan(fresh - 60_000);
  });

  it("a session cookie whose signature is not the server's is refused", async () => {
    const tokenOf = (cookie: string) => decodeURIComponent(cookie.match(/hnt\.session_token=([^;]+)/)![1]!);
    const [bobToken, bobSignature] = [tokenOf(as(bob).cookie).split('.')[0]!, tokenOf(as(bob).cookie).split('.')[1]!];
    const aliceToken = tokenOf(as(alice).cookie).split('.')[0]!;
    for (const value of [`${aliceToken}.${bobSignature}`, `${bobToken}.${'A'.repeat(43)}=`, bobToken, `${bobToken}.`]) {
      const response = await inject({ url: '/api/auth/user', headers: { cookie: `hnt.session_token=${encodeURIComponent(value)}` } });
      expect(response.statusCode, value).toBe(401);
    }
  });

  it('a changed role applies from the next request', async () => {
    const before = (await inject({ url: '/api/auth/user', headers: as(bob) })).json();
    expect(before.role).toBe('user');
    await pool().query(`UPDATE users SET role = 'moderator' WHERE id = $1`, [bob.id]);
    try {
      expect((await inject({ url: '/api/auth/user', headers: as(bob) })).json().role).toBe('moderator');
    } finally {
      await pool().query(`UPDATE users SET role = 'user' WHERE id = $1`, [bob.id]);
    }
  });

  it('sessions are shared by every instance on the same database', async () => {
    const other = await buildApp({
      config: t.config,
      pool: pool(),
      db: t.db.database.db,
      metrics: createMetrics(),
      now: Date.now,
      trigger: { requestNow: async () => undefined },
    });
    try {
      const me = await other.server.inject({ url: '/api/auth/user', headers: as(alice) });
      expect(me.statusCode).toBe(200);
      expect(me.json().id).toBe(alice.id);
    } finally {
      await other.server.close();
    }
  });
});

describe('preferences', () => {
  it('reads the defaults until something is saved: 50 stories a page, min score 10', async () => {
    const response = await inject({ url: '/api/user/preferences', headers: as(alice) });
    expect(response.json()).toEqual({ preferences: DEFAULT_PREFERENCES, defaults: DEFAULT_PREFERENCES });
    expect(response.json().preferences).toMatchObject({ storiesPerPage: 50, minStoryScore: 10 });
  });

  it('saves valid changes and returns the stored whole', async () => {
    const response = await inject({
      method: 'PATCH',
      url: '/api/user/preferences',
      headers: as(alice),
      payload: { storiesPerPage: 100, defaultSort: 'fast-risers', minStoryScore: 500, refreshInterval: 30, darkMode: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().preferences).toEqual({ ...DEFAULT_PREFERENCES, storiesPerPage: 100, defaultSort: 'fast-risers', minStoryScore: 500, refreshInterval: 30, darkMode: true });
    expect((await inject({ url: '/api/user/preferences', headers: as(alice) })).json()).toEqual(response.json());
  });

  it.each([
    [{ storiesPerPage: 30 }, /storiesPerPage must be one of 10, 25, 50, 100/],
    [{ defaultSort: 'popular' }, /defaultSort must be one of/],
    [{ minStoryScore: 501 }, /minStoryScore must be at most 500/],
    [{ minStoryScore: -1 }, /minStoryScore must be at least 0/],
    [{ minStoryScore: 1.5 }, /minStoryScore must be a whole number/],
    [{ refreshInterval: 3 }, /refreshInterval must be one of 1, 2, 5, 10, 15, 30/],
    [{ darkMode: 'yes' }, /darkMode/],
    [{ role: 'admin' }, /role/],
  ])('refuses %j with a message and changes nothing', async (payload, message) => {
    const before = await databaseFingerprint(pool());
    const response = await inject({ method: 'PATCH', url: '/api/user/preferences', headers: as(alice), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await databaseFingerprint(pool())).toBe(before);
  });

  it("one person's changes never reach another's", async () => {
    expect((await inject({ url: '/api/user/preferences', headers: as(bob) })).json().preferences).toEqual(DEFAULT_PREFERENCES);
  });

  it("the site's list defaults apply to whatever a person has not chosen, and a choice outlives a change of them", async () => {
    const carol = await signUp(t.app.server, { email: 'carol@example.com', name: 'Carol' });
    const dave = await signUp(t.app.server, { email: 'dave@example.com', name: 'Dave' });
    // Only the onboarding answers are stored for Carol; Dave chose his own page size.
    await inject({ method: 'PATCH', url: '/api/user/preferences', headers: as(carol), payload: { weeklyDigest: false } });
    await inject({ method: 'PATCH', url: '/api/user/preferences', headers: as(dave), payload: { storiesPerPage: 10 } });
    try {
      for (const [key, value] of [['stories_per_page', 25], ['min_story_score', 40]] as const) {
        const saved = await inject({ method: 'POST', url: '/api/admin/settings', headers: as(admin), payload: { key, value } });
        expect(saved.statusCode).toBe(200);
      }
      const carols = (await inject({ url: '/api/user/preferences', headers: as(carol) })).json();
      expect(carols.preferences).toMatchObject({ storiesPerPage: 25, minStoryScore: 40, weeklyDigest: false });
      expect(carols.defaults).toMatchObject({ storiesPerPage: 25, minStoryScore: 40 });
      expect((await inject({ url: '/api/user/preferences', headers: as(dave) })).json().preferences).toMatchObject({ storiesPerPage: 10, minStoryScore: 40 });
      const refused = await inject({ method: 'POST', url: '/api/admin/settings', headers: as(admin), payload: { key: 'stories_per_page', value: 30 } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('stories_per_page must be one of 10, 25, 50, 100');
    } finally {
      await pool().query("DELETE FROM settings WHERE key IN ('stories_per_page', 'min_story_score')");
    }
  });
});

describe('email frequency controls', () => {
  it('lists one control per email type with the defaults', async () => {
    const { controls } = (await inject({ url: '/api/email/frequency-controls', headers: as(bob) })).json();
    expect(controls.map((c: { emailType: string }) => c.emailType)).toEqual([...EMAIL_TYPES]);
    expect(controls[0]).toMatchObject({ frequency: 'immediate', maxEmailsPerDay: 10, digestMode: false, quietHoursStart: 22, quietHoursEnd: 8, timezone: null, isActive: true });
  });

  it('saves a control, ignoring the fields the server keeps', async () => {
    const response = await inject({
      method: 'PATCH',
      url: '/api/email/frequency-controls/weekly_digest',
      headers: as(bob),
      payload: { id: 99, createdAt: 'x', updatedAt: 'y', lastEmailSent: '2020-01-01', emailType: 'weekly_digest', frequency: 'weekly', maxEmailsPerDay: 50, digestMode: true, quietHoursStart: null, quietHoursEnd: null, timezone: 'Asia/Tokyo', isActive: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().control).toMatchObject({ emailType: 'weekly_digest', frequency: 'weekly', maxEmailsPerDay: 50, digestMode: true, quietHoursStart: null, quietHoursEnd: null, timezone: 'Asia/Tokyo', lastEmailSent: null });
    const { controls } = (await inject({ url: '/api/email/frequency-controls', headers: as(bob) })).json();
    expect(controls.find((c: { emailType: string }) => c.emailType === 'weekly_digest').frequency).toBe('weekly');
    // Alice's controls are untouched.
    const theirs = (await inject({ url: '/api/email/frequency-controls', headers: as(alice) })).json().controls;
    expect(theirs.find((c: { emailType: string }) => c.emailType === 'weekly_digest').frequency).toBe('immediate');
    // The time zone is the person's, one for every kind; Alice has none saved (her email follows UTC).
    expect(controls.map((c: { timezone: string }) => c.timezone)).toEqual(EMAIL_TYPES.map(() => 'Asia/Tokyo'));
    expect(theirs.map((c: { timezone: string | null }) => c.timezone)).toEqual(EMAIL_TYPES.map(() => null));
    const stored = await pool().query<{ time_zone: string | null }>('SELECT time_zone FROM users WHERE id = ANY($1::text[]) ORDER BY id = $2 DESC', [[bob.id, alice.id], bob.id]);
    expect(stored.rows.map((row) => row.time_zone)).toEqual(['Asia/Tokyo', null]);
  });

  it.each([
    [{ frequency: 'yearly' }, /frequency must be one of immediate, hourly, daily, weekly, bi_weekly, monthly/],
    [{ maxEmailsPerDay: 0 }, /maxEmailsPerDay must be at least 1/],
    [{ maxEmailsPerDay: 51 }, /maxEmailsPerDay must be at most 50/],
    [{ quietHoursStart: 24, quietHoursEnd: 8 }, /quietHoursStart must be at most 23/],
    [{ quietHoursStart: 22, quietHoursEnd: null }, /both be hours or both be null/],
    [{ timezone: 'Mars/Olympus_Mons' }, /timezone must be a time zone name such as Europe\/Berlin/],
    [{ timezone: '+05:30' }, /timezone must be a time zone name/],
    [{ timezone: '' }, /timezone is required/],
    [{ timezone: `Europe/${'x'.repeat(80)}` }, /timezone must be at most 64 characters/],
    [{ timezone: 5 }, /timezone must be text/],
  ])('refuses %j', async (payload, message) => {
    const response = await inject({ method: 'PATCH', url: '/api/email/frequency-controls/keyword_alert', headers: as(bob), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('an unknown email type is 404', async () => {
    const response = await inject({ method: 'PATCH', url: '/api/email/frequency-controls/spam_blast', headers: as(bob), payload: { frequency: 'daily' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/Unknown email type/);
  });
});

describe('onboarding', () => {
  it('stores the choices and completes', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/user/onboarding/complete',
      headers: as(alice),
      payload: { emailNotifications: true, weeklyDigest: false, marketingConsent: true, analyticsConsent: false, emailFrequency: 'daily', timezone: 'Europe/Paris' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.onboardingCompleted).toBe(true);
    const prefs = (await inject({ url: '/api/user/preferences', headers: as(alice) })).json().preferences;
    expect(prefs).toMatchObject({ emailNotifications: true, weeklyDigest: false });
    const { controls } = (await inject({ url: '/api/email/frequency-controls', headers: as(alice) })).json();
    for (const control of controls) expect(control).toMatchObject({ frequency: 'daily', timezone: 'Europe/Paris' });
  });

  it('keeps the browser’s time zone, any real one, in the database’s spelling; leaving it out keeps the one saved', async () => {
    const person = await signUp(t.app.server);
    const onboard = (timezone?: unknown) =>
      inject({
        method: 'POST',
        url: '/api/user/onboarding/complete',
        headers: as(person),
        payload: { emailNotifications: true, weeklyDigest: true, ...(timezone === undefined ? {} : { timezone }) },
      });
    const zoneOf = async () => (await inject({ url: '/api/email/delivery', headers: as(person) })).json().timeZone;
    expect(await zoneOf()).toBeNull();
    // Not one of the twelve cities the preferences screen once offered: any IANA zone a browser reports is taken.
    expect((await onboard('pacific/auckland')).statusCode).toBe(200);
    expect(await zoneOf()).toBe('Pacific/Auckland');
    expect((await onboard()).statusCode).toBe(200);
    expect(await zoneOf()).toBe('Pacific/Auckland');
    for (const [zone, message] of [
      ['Atlantis/Capital', /timezone must be a time zone name such as Europe\/Berlin or America\/New_York, not 'Atlantis\/Capital'/],
      ['x'.repeat(65), /timezone must be at most 64 characters/],
    ] as const) {
      const refused = await onboard(zone);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
    expect(await zoneOf()).toBe('Pacific/Auckland');
  });

  it('skip sends everything off and also completes', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/user/onboarding/complete',
      headers: as(bob),
      payload: { emailNotifications: false, weeklyDigest: false, marketingConsent: false, analyticsConsent: false },
    });
    expect(response.json().user.onboardingCompleted).toBe(true);
    expect((await inject({ url: '/api/user/preferences', headers: as(bob) })).json().preferences).toMatchObject({ emailNotifications: false, weeklyDigest: false });
  });

  it('refuses bad input', async () => {
    const response = await inject({ method: 'POST', url: '/api/user/onboarding/complete', headers: as(bob), payload: { emailNotifications: 'yes', weeklyDigest: false } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/emailNotifications must be true or false/);
  });
});

describe('profiles', () => {
  it('by id or handle; the owner sees the email, others never do', async () => {
    const own = (await inject({ url: `/api/profile/${alice.id}`, headers: as(alice) })).json().profile;
    expect(own).toMatchObject({ id: alice.id, handle: 'alice-liddell', email: 'alice@example.com', isOwner: true, isPublic: true });
    const seenByBob = (await inject({ url: '/api/profile/alice-liddell', headers: as(bob) })).json().profile;
    expect(seenByBob.email).toBeUndefined();
    expect(seenByBob.isOwner).toBe(false);
    const seenByVisitor = (await inject({ url: '/api/profile/alice-liddell' })).json().profile;
    expect(seenByVisitor.email).toBeUndefined();
  });

  it('gives people of the same name who sign up at the same moment each an account and a handle of their own', async () => {
    const twins = await Promise.all(
      Array.from({ length: 16 }, (_, index) => signUp(t.app.server, { email: `grace-${index}@example.com`, name: 'Grace Hopper' })),
    );
    const handles = await pool().query<{ handle: string }>(`SELECT handle FROM users WHERE id = ANY($1::text[])`, [twins.map((twin) => twin.id)]);
    expect(handles.rows).toHaveLength(16);
    expect(new Set(handles.rows.map((row) => row.handle)).size).toBe(16);
    expect(handles.rows.map((row) => row.handle)).toContain('grace-hopper');
  });

  it('updates trimmed, bounded fields; handles without @; http(s) websites only', async () => {
    const response = await inject({
      method: 'PUT',
      url: '/api/profile',
      headers: as(alice),
      payload: { displayName: '  Alice L.  ', bio: '<b>Reads</b> everything', location: ' Oxford ', website: 'https://alice.example', twitterHandle: '@alice', githubHandle: 'alice-l', isPublic: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({ displayName: 'Alice L.', bio: '<b>Reads</b> everything', location: 'Oxford', website: 'https://alice.example', twitterHandle: 'alice', githubHandle: 'alice-l' });
  });

  it('stores a website given without a scheme as an https:// one', async () => {
    const response = await inject({ method: 'PUT', url: '/api/profile', headers: as(alice), payload: { website: ' alice.example/blog ' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.website).toBe('https://alice.example/blog');
  });

  it('names the refused field in its issues, for the form to show beside it', async () => {
    const response = await inject({ method: 'PUT', url: '/api/profile', headers: as(alice), payload: { website: 'ftp://alice.example', bio: 'fine' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'website', message: 'website must be an http:// or https:// address' }]);
  });

  it.each([
    [{ website: 'javascript:alert(1)' }, /website must be an http/],
    [{ website: 'ftp://alice.example' }, /website must be an http/],
    [{ displayName: 'x'.repeat(61) }, /displayName must be at most 60/],
    [{ bio: 'x'.repeat(501) }, /bio must be at most 500/],
    [{ twitterHandle: 'alice smith' }, /twitterHandle may contain only/],
    [{ isPublic: 'no' }, /isPublic must be true or false/],
    [{ email: 'new@example.com' }, /email/],
  ])('refuses %j', async (payload, message) => {
    const response = await inject({ method: 'PUT', url: '/api/profile', headers: as(alice), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('a private profile is 404 to everyone but its owner and admins', async () => {
    await inject({ method: 'PUT', url: '/api/profile', headers: as(bob), payload: { isPublic: false } });
    expect((await inject({ url: `/api/profile/${bob.id}` })).statusCode).toBe(404);
    const byAlice = await inject({ url: `/api/profile/${bob.id}`, headers: as(alice) });
    expect(byAlice.statusCode).toBe(404);
    expect(byAlice.json().message).toBe('Profile not found');
    expect((await inject({ url: `/api/profile/${bob.id}`, headers: as(bob) })).statusCode).toBe(200);
    const byAdmin = await inject({ url: `/api/profile/${bob.id}`, headers: as(admin) });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().profile.email).toBe('bob@example.com');
    expect((await inject({ url: '/api/profile/nobody-at-all' })).statusCode).toBe(404);
  });

  it('visitors cannot edit a profile', async () => {
    expect((await inject({ method: 'PUT', url: '/api/profile', payload: { bio: 'x' } })).statusCode).toBe(401);
  });
});

describe('your data', () => {
  it('export has everything of mine and no secrets', async () => {
    const response = await inject({ url: '/api/user/export', headers: as(alice) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment/);
    const data = response.json();
    expect(data.account).toMatchObject({ id: alice.id, email: 'alice@example.com', marketingConsent: true, timeZone: 'Europe/Paris' });
    expect(data.preferences.storiesPerPage).toBe(100);
    expect(data.emailFrequencyControls).toHaveLength(EMAIL_TYPES.length);
    expect(data.signInMethods).toEqual([expect.objectContaining({ provider: 'credential' })]);
    const text = response.body;
    expect(text).not.toMatch(/"password"|"token"|accessToken|refreshToken|scrypt|\$argon/i);
    const token = decodeURIComponent(alice.cookie.match(/hnt\.session_token=([^;.]+)/)![1]!);
    expect(text).not.toContain(token);
  });

  it('delete removes the account and every row that belongs to it', async () => {
    const doomed = await signUp(t.app.server, { email: 'doomed@example.com', name: 'Doomed' });
    await inject({ method: 'PATCH', url: '/api/user/preferences', headers: as(doomed), payload: { darkMode: true } });
    await inject({ method: 'PATCH', url: '/api/email/frequency-controls/keyword_alert', headers: as(doomed), payload: { frequency: 'daily' } });
    const response = await inject({ method: 'DELETE', url: '/api/user', headers: as(doomed), payload: { password: 'correct horse battery staple' } });
    expect(response.json()).toEqual({ deleted: true });
    for (const table of ['users', 'sessions', 'accounts', 'user_preferences', 'email_frequency_controls']) {
      const column = table === 'users' ? 'id' : 'user_id';
      const left = await pool().query(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [doomed.id]);
      expect(left.rows[0].n, table).toBe(0);
    }
    expect((await inject({ url: '/api/auth/user', headers: as(doomed) })).statusCode).toBe(401);
  });
});

describe('cross-site requests, headers, limits', () => {
  it('state-changing requests from another origin are refused and change nothing', async () => {
    const before = await databaseFingerprint(pool());
    for (const headers of [{ origin: 'https://evil.example' }, { referer: 'https://evil.example/page' }, { 'sec-fetch-site': 'cross-site' }]) {
      const response = await inject({ method: 'PATCH', url: '/api/user/preferences', headers: { ...as(bob), ...headers }, payload: { darkMode: true } });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Cross-site request refused.');
    }
    expect(await databaseFingerprint(pool())).toBe(before);
    const sameSite = await inject({ method: 'PATCH', url: '/api/user/preferences', headers: { ...as(bob), origin: 'http://localhost:80', host: 'localhost:80' }, payload: { darkMode: true } });
    expect(sameSite.statusCode).toBe(200);
  });

  it('sends security headers with a content security policy', async () => {
    const response = await inject({ url: '/api/maintenance-status' });
    expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
    // None of the headers of software long gone.
    for (const obsolete of ['x-download-options', 'x-permitted-cross-domain-policies']) expect(response.headers[obsolete]).toBeUndefined();
  });

  it('limits failed sign-ins per account, across addresses, for the addresses that failed', async () => {
    for (let i = 0; i < 10; i++) {
      await inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: `10.0.0.${i + 1}`, payload: { email: 'target@example.com', password: 'wrong password here' } });
    }
    const again = await inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: '10.0.0.1', payload: { email: 'target@example.com', password: 'wrong password here' } });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/Too many requests/);
  });

  it('limits sign-in and sign-up attempts per address', async () => {
    let last = null;
    for (let i = 0; i < 11; i++) {
      last = await inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: '10.9.9.9', payload: { email: `someone${i}@example.com`, password: 'wrong password here' } });
    }
    expect(last!.statusCode).toBe(429);
  });

  it('limits sign-ups per client address and per email domain an hour: past either, 429 with Retry-After, and no account', async () => {
    const limited = await createTestApp({ env: { SIGN_UPS_PER_HOUR_PER_ADDRESS: '2', SIGN_UPS_PER_HOUR_PER_EMAIL_DOMAIN: '3' } });
    try {
      const signUpFrom = (remoteAddress: string, email: string) =>
        limited.app.server.inject({ method: 'POST', url: '/api/auth/sign-up/email', remoteAddress, payload: { email, name: 'New Reader', password: 'correct horse battery staple' } });
      const accountsAt = async (email: string) =>
        (await limited.db.database.pool.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [email.toLowerCase()])).rows[0].n;
      const refused = async (response: Awaited<ReturnType<typeof signUpFrom>>, email: string, message: RegExp) => {
        expect(response.statusCode, response.body).toBe(429);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(60);
        expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(3600);
        expect(response.json().message).toMatch(message);
        expect(await accountsAt(email), `no account for ${email}`).toBe(0);
      };

      // One client address: two sign-ups an hour, whatever the domains.
      expect((await signUpFrom('10.50.0.1', 'one@first.example')).statusCode).toBe(200);
      expect((await signUpFrom('10.50.0.1', 'two@second.example')).statusCode).toBe(200);
      await refused(await signUpFrom('10.50.0.1', 'three@third.example'), 'three@third.example', /^Too many accounts were created from your network in the last hour\. Please try again in \d+ minutes\.$/);

      // One email domain: three sign-ups an hour, from however many client addresses, in any case.
      for (const [index, email] of ['a@victim.example', 'b@victim.example', 'c@Victim.Example'].entries()) {
        expect((await signUpFrom(`10.51.0.${index + 1}`, email)).statusCode, email).toBe(200);
      }
      await refused(await signUpFrom('10.51.0.9', 'd@VICTIM.example'), 'd@victim.example', /^Too many accounts were created for addresses at victim\.example in the last hour\./);
      // Other domains, from fresh client addresses, go on.
      expect((await signUpFrom('10.51.0.10', 'e@bystander.example')).statusCode).toBe(200);
      // Nothing was queued for the refused addresses either.
      await limited.app.services.get('email').queueWelcomes(Date.now());
      const mailed = await limited.db.database.pool.query<{ recipient: string }>('SELECT recipient FROM email_outbox ORDER BY recipient');
      expect(mailed.rows.map((row) => row.recipient)).toEqual(['a@victim.example', 'b@victim.example', 'c@victim.example', 'e@bystander.example', 'one@first.example', 'two@second.example']);
    } finally {
      await limited.close();
    }
  });

  it('applies a general API rate limit, which signing out is not counted against', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await limited.app.server.inject({ url: '/api/maintenance-status' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      // Signing out is not counted: over the limit, it still signs out (and goes home).
      const person = await signUp(limited.app.server);
      const logout = await limited.app.server.inject({ url: '/api/logout', headers: { cookie: person.cookie } });
      expect(logout.statusCode, logout.body).toBe(302);
      expect(logout.headers.location).toBe('/');
      expect(String(logout.headers['set-cookie'])).toMatch(/hnt\.session_token=;/);
      // Health checks are not API calls and are never limited.
      expect((await limited.app.server.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('role changes take effect at once (no stale role in the session)', async () => {
    await setRole(pool(), bob.id, 'moderator');
    expect((await inject({ url: '/api/auth/user', headers: as(bob) })).json().role).toBe('moderator');
    await setRole(pool(), bob.id, 'user');
  });
});
