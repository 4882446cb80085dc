import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestUser } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createMatrixFixtures, matrixRowsFor, needsSignIn, urlFor, type MatrixFixtures, type Row } from '../support/route-matrix.ts';

/**
 * Private answers are never cached by others: every answer of a route that needs a signed-in person is
 * `private, no-store`; public answers that differ for visitors and signed-in people carry `Vary: Cookie`;
 * /metrics goes only to the configured scraper. Routes are walked from the server's own list, so a new
 * route is covered the day it is added.
 */
let t: TestApp;
let fixtures: MatrixFixtures;

beforeAll(async () => {
  // One moment for the whole file: an answer that states an age ('13 minutes ago' on a list) would otherwise differ
  // between a visitor's call and a signed-in one whenever the clock turns between them, which says nothing of cookies.
  const moment = Date.now();
  t = await createTestApp({ now: () => moment });
  fixtures = await createMatrixFixtures(t);
}, 120_000);
afterAll(async () => t?.close());

async function call(row: Row, person: TestUser | undefined) {
  return t.app.server.inject({
    method: row.request.method ?? 'GET',
    url: urlFor(row, fixtures, person),
    payload: row.request.payload,
    headers: person ? { cookie: person.cookie } : {},
    remoteAddress: `10.60.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  });
}

const varies = (vary: unknown, header: string) =>
  String(vary ?? '')
    .split(',')
    .some((value) => value.trim().toLowerCase() === header.toLowerCase());

describe('private answers are never cached by others', () => {
  it('answers every route that needs a signed-in person with private, no-store, for its owner and for visitors', async () => {
    const cacheable: string[] = [];
    const personalRoutes = matrixRowsFor(t.app.routes).filter(([, , access]) => needsSignIn(access));
    expect(personalRoutes.length).toBeGreaterThan(20);
    for (const [key, row] of personalRoutes) {
      // A destructive row (deleting the account) gets an account of its own.
      const owner = row.destructive ? await signUp(t.app.server, { name: 'Leaving' }) : fixtures.people.user;
      for (const [who, person] of [['visitor', undefined], ['user', owner]] as const) {
        const response = await call(row, person);
        if (response.headers['cache-control'] !== 'private, no-store') {
          cacheable.push(`${key} as ${who} (${response.statusCode}): ${String(response.headers['cache-control'])}`);
        }
      }
    }
    expect(cacheable).toEqual([]);
  }, 120_000);

  it('marks every public answer that differs for a signed-in person with Vary: Cookie, and private, no-store for them', async () => {
    const unmarked: string[] = [];
    for (const [key, row] of matrixRowsFor(t.app.routes).filter(([, row, access]) => (row.request.method ?? 'GET') === 'GET' && !needsSignIn(access))) {
      const visitor = await call(row, undefined);
      const signedIn = await call(row, fixtures.people.admin);
      const noStore = String(signedIn.headers['cache-control']).includes('no-store');
      if (visitor.body === signedIn.body && !varies(visitor.headers.vary, 'cookie')) continue;
      if (!varies(visitor.headers.vary, 'cookie') || !varies(signedIn.headers.vary, 'cookie') || !noStore) {
        unmarked.push(`${key}: vary ${String(visitor.headers.vary)} / ${String(signedIn.headers.vary)}, cache-control ${String(signedIn.headers['cache-control'])}`);
      }
    }
    expect(unmarked).toEqual([]);
  }, 120_000);

  it('marks the cookie-dependent public routes with Vary: Cookie for everyone', async () => {
    const profileOfUser = { request: { url: `/api/profile/${fixtures.people.user.id}` }, expect: [200, 200, 200, 200] } satisfies Row;
    for (const row of [profileOfUser, { request: { url: '/api/announcements' } }, { request: { url: '/api/auth/get-session' } }] as Row[]) {
      for (const person of [undefined, fixtures.people.user]) {
        const response = await call(row, person);
        expect(varies(response.headers.vary, 'cookie'), `${row.request.url} ${person ? 'signed in' : 'visitor'}`).toBe(true);
        if (person) expect(response.headers['cache-control'], row.request.url).toBe('private, no-store');
      }
    }
  });

  it('never lets an answer that sets a cookie be stored', async () => {
    const person = await signUp(t.app.server, { name: 'Signing in' });
    const response = await t.app.server.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '10.61.0.1',
      payload: { email: person.email, password: 'correct horse battery staple' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeDefined();
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps the public caching of answers that are the same for everyone', async () => {
    const response = await t.app.server.inject({ url: '/api/demo/trending?limit=3', headers: { cookie: fixtures.people.user.cookie } });
    expect(response.headers['cache-control']).toBe('public, max-age=120');
    expect(varies(response.headers.vary, 'cookie')).toBe(false);
  });
});

describe('/metrics goes only to the configured scraper', () => {
  it('is served to loopback by default, and refused from any other address or through a proxy', async () => {
    expect((await t.app.server.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await t.app.server.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await t.app.server.inject({ url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
    // A reverse proxy on the same host connects from loopback: without TRUST_PROXY its clients are not loopback.
    const proxied = await t.app.server.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(403);
  });

  describe('with a token and an allowed range', () => {
    const TOKEN = 'scrape-token-0123456789abcdef';
    let scraped: TestApp;

    beforeAll(async () => {
      scraped = await createTestApp({ env: { METRICS_TOKEN: TOKEN, METRICS_ALLOW: '10.9.0.0/16' } });
    }, 120_000);
    afterAll(async () => scraped?.close());

    const metrics = (remoteAddress: string, authorization?: string) =>
      scraped.app.server.inject({ url: '/metrics', remoteAddress, headers: authorization ? { authorization } : {} });

    it('is served with the bearer token from anywhere, and from the allowed range without it', async () => {
      const withToken = await metrics('203.0.113.9', `Bearer ${TOKEN}`);
      expect(withToken.statusCode).toBe(200);
      expect(withToken.body).toContain('http_request_duration_seconds');
      expect((await metrics('10.9.200.3')).statusCode).toBe(200);
    });

    it('is refused with 401 without the token, or with a wrong one, from anywhere else (loopback included)', async () => {
      for (const [address, authorization] of [
        ['203.0.113.9', undefined],
        ['203.0.113.9', `Bearer ${TOKEN}x`],
        ['203.0.113.9', `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`],
        ['127.0.0.1', undefined],
      ] as const) {
        const response = await metrics(address, authorization);
        expect(response.statusCode, `${address} ${authorization ?? ''}`).toBe(401);
        expect(response.body).not.toContain('http_request_duration_seconds');
      }
    });
  });
});
