import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, signIn, signUp, type TestUser } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

const PASSWORD = 'correct horse battery staple';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t?.close());

const inject = (options: InjectOptions) => t.app.server.inject(options);
const pool = () => t.db.database.pool;
let addressCounter = 0;
/** A client address used once, so the per-address limits never get in the way of what a test checks. */
const freshAddress = () => `10.77.${++addressCounter >> 8}.${addressCounter & 255}`;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  inject({ method: 'POST', url, payload, headers, remoteAddress: freshAddress() });

describe('better-auth endpoints are bounded at the edge', () => {
  it('ten sign-ups with a 100,000-character name each get a 400, and the service keeps answering', async () => {
    const name = 'a'.repeat(100_000);
    for (let i = 0; i < 10; i++) {
      const response = await post('/api/auth/sign-up/email', { name, email: `long${i}@example.com`, password: PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual([expect.objectContaining({ path: 'name' })]);
    }
    expect((await inject({ url: '/api/auth/providers' })).statusCode).toBe(200);
    await signUp(t.app.server, { email: 'after-the-flood@example.com' });
    const stored = await pool().query('SELECT count(*)::int AS n FROM users WHERE email LIKE $1', ['long%']);
    expect(stored.rows[0].n).toBe(0);
  });

  it('NUL bytes in sign-up, sign-in and profile fields are a 400, never a 500', async () => {
    const alice = await signUp(t.app.server, { email: 'nul-alice@example.com' });
    const attempts: [string, object, Record<string, string>?][] = [
      ['/api/auth/sign-up/email', { name: 'Nul\u0000', email: 'nul1@example.com', password: PASSWORD }],
      ['/api/auth/sign-up/email', { name: 'Nul', email: 'nul\u00002@example.com', password: PASSWORD }],
      ['/api/auth/sign-up/email', { name: 'Nul', email: 'nul3@example.com', password: `${PASSWORD}\u0000` }],
      ['/api/auth/sign-up/email', { name: 'Lone \ud800 surrogate', email: 'nul4@example.com', password: PASSWORD }],
      ['/api/auth/sign-in/email', { email: 'nul-alice@example.com\u0000', password: PASSWORD }],
      ['/api/auth/sign-in/email', { email: 'nul-alice@example.com', password: `\u0000${PASSWORD}` }],
      ['/api/auth/update-user', { name: 'Alice\u0000' }, { cookie: alice.cookie }],
    ];
    for (const [url, payload, headers] of attempts) {
      const response = await post(url, payload, headers);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json()).toMatchObject({ message: expect.any(String), issues: expect.any(Array) });
    }
    const profile = await inject({ method: 'PUT', url: '/api/profile', headers: { cookie: alice.cookie }, payload: { bio: 'a\u0000b' } });
    expect(profile.statusCode).toBe(400);
  });

  it('refuses unknown fields, off-site callbacks, non-http image addresses and endpoints the product does not use', async () => {
    const cases: [string, object][] = [
      ['/api/auth/sign-up/email', { name: 'Eve', email: 'eve1@example.com', password: PASSWORD, role: 'admin' }],
      ['/api/auth/sign-up/email', { name: 'Eve', email: 'eve2@example.com', password: PASSWORD, image: 'javascript:alert(1)' }],
      ['/api/auth/sign-up/email', { name: 'Eve', email: 'eve3@example.com', password: PASSWORD, image: `https://img.example/${'x'.repeat(3000)}` }],
      ['/api/auth/sign-up/email', { name: 'Eve', email: 'eve4@example.com', password: PASSWORD, callbackURL: 'https://evil.example/' }],
      ['/api/auth/sign-up/email', { name: 'Eve', email: 'not an address', password: PASSWORD }],
      ['/api/auth/sign-in/email', { email: 'eve@example.com', password: PASSWORD, callbackURL: '/\t/evil.example' }],
      ['/api/auth/sign-in/social', { provider: 'github', callbackURL: '//evil.example' }],
    ];
    for (const [url, payload] of cases) expect((await post(url, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    expect((await post('/api/auth/delete-user', {})).statusCode).toBe(404);
    expect((await post('/api/auth/request-password-reset', { email: 'eve@example.com' })).statusCode).toBe(404);
  });
});

describe('the password rules hold after sign-up', () => {
  it('change-password refuses a weak new password with the sign-up message', async () => {
    const bob = await signUp(t.app.server, { email: 'bob-weak@example.com' });
    for (const [newPassword, message] of [
      ['short1', /at least 10 characters/],
      ['password123', /too common/],
      ['aaaaaaaaaaaa', /too easy to guess/],
      ['bob-weak-password', /must not contain your email/],
    ] as const) {
      const response = await post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword }, { cookie: bob.cookie });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await signIn(t.app.server, 'bob-weak@example.com')).statusCode).toBe(200);
  });

  it('reset-password refuses a weak new password', async () => {
    const carol = await signUp(t.app.server, { email: 'carol-reset@example.com' });
    const token = 'a-reset-token-for-carol';
    await pool().query(
      `INSERT INTO verifications (id, identifier, value, expires_at, created_at, updated_at) VALUES ($1, $2, $3, now() + interval '1 hour', now(), now())`,
      ['carol-reset', `reset-password:${token}`, carol.id],
    );
    const weak = await post('/api/auth/reset-password', { token, newPassword: 'carol-reset-1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/must not contain your email/);
    const strong = await post('/api/auth/reset-password', { token, newPassword: 'a much better passphrase' });
    expect(strong.statusCode).toBe(200);
    expect((await signIn(t.app.server, 'carol-reset@example.com', 'a much better passphrase')).statusCode).toBe(200);
  });

  it('changing the password signs out every other session, even when the client asks to keep them', async () => {
    const dave = await signUp(t.app.server, { email: 'dave-sessions@example.com' });
    const laptop = cookieHeader((await signIn(t.app.server, 'dave-sessions@example.com')).headers['set-cookie']);
    const response = await post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'another good passphrase', revokeOtherSessions: false },
      { cookie: dave.cookie },
    );
    expect(response.statusCode).toBe(200);
    expect((await inject({ url: '/api/auth/user', headers: { cookie: laptop } })).statusCode).toBe(401);
    // The session that changed the password continues with the new cookie it was given.
    const renewed = cookieHeader(response.headers['set-cookie']);
    expect((await inject({ url: '/api/auth/user', headers: { cookie: renewed } })).statusCode).toBe(200);
  });
});

describe('brute-force limits do not lock the owner out', () => {
  it("a stranger's failures from many addresses do not stop the owner's correct password from a clean address", async () => {
    await signUp(t.app.server, { email: 'owner@example.com' });
    const strangers = Array.from({ length: 20 }, (_, i) => `10.66.0.${i + 1}`);
    const statuses = [];
    for (const remoteAddress of strangers) {
      statuses.push(
        (await inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress, payload: { email: 'owner@example.com', password: 'a wrong guess here' } })).statusCode,
      );
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    // The owner, from an address with no failures, gets in.
    const owner = await inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: '10.66.1.1', payload: { email: 'owner@example.com', password: PASSWORD } });
    expect(owner.statusCode).toBe(200);
    // The stranger is still held back on every address that failed, even with the right password.
    const stranger = await inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: strangers[0], payload: { email: 'owner@example.com', password: PASSWORD } });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(/Too many requests/);
  });

  it('one address is limited however many accounts it tries', async () => {
    let last = null;
    for (let i = 0; i < 11; i++) {
      last = await inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: '10.66.2.1', payload: { email: `someone${i}@example.com`, password: 'a wrong guess here' } });
    }
    expect(last!.statusCode).toBe(429);
  });
});

describe('deleting an account needs the password again', () => {
  it('refuses a session alone, refuses a wrong password, deletes with the right one', async () => {
    const erin = await signUp(t.app.server, { email: 'erin-delete@example.com' });
    const remove = (payload?: object) => inject({ method: 'DELETE', url: '/api/user', headers: { cookie: erin.cookie }, remoteAddress: freshAddress(), ...(payload ? { payload } : {}) });
    const missing = await remove();
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Enter your password to delete your account.');
    const wrong = await remove({ password: 'not my password at all' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('That password is not correct.');
    expect((await inject({ url: '/api/auth/user', headers: { cookie: erin.cookie } })).statusCode).toBe(200);
    const right = await remove({ password: PASSWORD });
    expect(right.statusCode).toBe(200);
    expect((await pool().query('SELECT 1 FROM users WHERE id = $1', [erin.id])).rowCount).toBe(0);
  });

  it('an account without a password (external sign-in only) needs a session from the last 10 minutes', async () => {
    const frank: TestUser = await signUp(t.app.server, { email: 'frank-oauth@example.com' });
    await pool().query(`UPDATE accounts SET provider_id = 'oidc', password = NULL WHERE user_id = $1`, [frank.id]);
    await pool().query(`UPDATE sessions SET created_at = now() - interval '11 minutes' WHERE user_id = $1`, [frank.id]);
    const stale = await inject({ method: 'DELETE', url: '/api/user', headers: { cookie: frank.cookie }, remoteAddress: freshAddress() });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().message).toMatch(/sign in again/i);
    await pool().query(`UPDATE sessions SET created_at = now() WHERE user_id = $1`, [frank.id]);
    const fresh = await inject({ method: 'DELETE', url: '/api/user', headers: { cookie: frank.cookie }, remoteAddress: freshAddress() });
    expect(fresh.statusCode).toBe(200);
  });
});

describe('the return path after sign-in stays on the site', () => {
  it.each(['/\t/evil.example', '/.//evil.example', '/..//evil.example', '/%2e%2e//evil.example', '\\\\evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    '/api/login?returnTo=%j goes to the home page',
    async (returnTo) => {
      const response = await inject({ url: `/api/login?returnTo=${encodeURIComponent(returnTo)}` });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/signin?returnTo=%2F');
    },
  );
});
