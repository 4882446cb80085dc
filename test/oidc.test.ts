import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * A full OpenID Connect sign-in against a real identity provider (oidc-provider on loopback): authorization
 * code with PKCE and state, the person signs in and consents at the provider, and the product creates the
 * account with role `user`.
 */
const APP_URL = 'http://localhost:3999';
let t: TestApp;
let idp: Server;
let issuer = '';

beforeAll(async () => {
  idp = createServer();
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'hn-trends',
        client_secret: 'a-test-client-secret-that-is-long-enough',
        redirect_uris: [`${APP_URL}/api/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, email: `${sub}@idp.example`, email_verified: true, name: 'Ida Provider' }),
    }),
    cookies: { keys: ['a-cookie-signing-key-for-tests'] },
  });
  idp.on('request', provider.callback());

  t = await createTestApp({
    env: { PUBLIC_URL: APP_URL, LOCAL_ACCOUNTS: 'false', OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'hn-trends', OIDC_CLIENT_SECRET: 'a-test-client-secret-that-is-long-enough', OIDC_NAME: 'Test IdP' },
  });
  // Someone already runs the site, so the newcomer is an ordinary user.
  await t.db.database.pool.query(`INSERT INTO users (id, name, email, handle, role) VALUES ('owner', 'Owner', 'owner@example.com', 'owner', 'admin')`);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => idp?.close(resolve));
});

/** A tiny browser for the identity provider's pages: keeps cookies, follows redirects, submits its forms. */
async function throughIdentityProvider(authorizeUrl: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(APP_URL)) return url;
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!, value.join('='));
    }
    body = undefined;
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location')!, url).toString();
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
    if (!action || !prompt) throw new Error(`unexpected page from the identity provider (${response.status}): ${html.slice(0, 300)}`);
    url = new URL(action.replaceAll('&amp;', '&'), url).toString();
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('too many steps at the identity provider');
}

describe('OpenID Connect sign-in', () => {
  it('lists the provider, and /api/login goes straight to it with PKCE and state', async () => {
    expect((await t.app.server.inject({ url: '/api/auth/providers' })).json()).toEqual({
      localAccounts: false,
      providers: [{ id: 'oidc', name: 'Test IdP', kind: 'oidc' }],
    });
    const login = await t.app.server.inject({ url: '/api/login?returnTo=/bookmarks' });
    expect(login.statusCode).toBe(302);
    const authorize = new URL(login.headers.location as string);
    expect(authorize.origin).toBe(issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${APP_URL}/api/auth/callback/oidc`);
  });

  it('signs a new person in, as a user, and returns to where they were', async () => {
    const login = await t.app.server.inject({ url: '/api/login?returnTo=/bookmarks' });
    const stateCookies = cookieHeader(login.headers['set-cookie']);
    const callback = new URL(await throughIdentityProvider(login.headers.location as string, 'ida'));
    expect(callback.searchParams.get('code')).toBeTruthy();

    const finished = await t.app.server.inject({ url: callback.pathname + callback.search, headers: { cookie: stateCookies } });
    expect(finished.statusCode).toBe(302);
    expect(finished.headers.location).toMatch(/\/bookmarks$/);
    const session = cookieHeader(finished.headers['set-cookie']);
    expect(session).toMatch(/hnt\.session_token=/);

    const me = await t.app.server.inject({ url: '/api/auth/user', headers: { cookie: session } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'ida@idp.example', displayName: 'Ida Provider', role: 'user', onboardingCompleted: false });
  });

  it('a callback with a forged state is refused and signs nobody in', async () => {
    const login = await t.app.server.inject({ url: '/api/login' });
    const stateCookies = cookieHeader(login.headers['set-cookie']);
    const callback = new URL(await throughIdentityProvider(login.headers.location as string, 'mallory'));
    callback.searchParams.set('state', 'forged-state-value');
    const finished = await t.app.server.inject({ url: callback.pathname + callback.search, headers: { cookie: stateCookies } });
    expect(finished.headers['set-cookie'] ? cookieHeader(finished.headers['set-cookie']) : '').not.toMatch(/hnt\.session_token=[^;]+/);
    const users = await t.db.database.pool.query(`SELECT count(*)::int AS n FROM users WHERE email = 'mallory@idp.example'`);
    expect(users.rows[0].n).toBe(0);
  });

  it('local accounts are off: email sign-up is refused', async () => {
    const response = await t.app.server.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email: 'x@example.com', name: 'X', password: 'a perfectly fine passphrase' } });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
  });
});
