import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_MESSAGE } from '#common/rules/admin.ts';
import { MAINTENANCE_READING_MS } from '../server/modules/settings/service.ts';
import { cookieHeader, signIn, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createMatrixFixtures, matrixRowsFor, urlFor, type MatrixFixtures, type Row } from './support/route-matrix.ts';
import { databaseFingerprint } from './support/seed.ts';

/** Maintenance mode holds on the API: while it is on, only admins get answers, besides signing in and the status. */
let t: TestApp;
let fixtures: MatrixFixtures;

/** The routes that answer everyone in maintenance mode: an admin can sign in, the web app can tell, email links work. */
const OPEN_ROUTES = new Set([
  'GET /api/maintenance-status',
  'GET /api/auth/*',
  'POST /api/auth/*',
  'GET /api/auth/user',
  'GET /api/auth/me',
  'GET /api/auth/providers',
  'GET /api/login',
  'GET /api/logout',
  // The signed links of email already sent: leaving the mail, and the article links, work throughout.
  'GET /api/unsubscribe/:token',
  'POST /api/unsubscribe/:token',
  'GET /api/email/open/:token/:signature',
  'GET /api/email/click/:token/:signature',
]);

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '0', HN_RETRIES: '0', HN_TIMEOUT_MS: '200' } });
  fixtures = await createMatrixFixtures(t);
}, 120_000);
afterAll(async () => t?.close());

const pool = () => t.db.database.pool;
const inject = (options: InjectOptions) => t.app.server.inject(options);
const as = (user: TestUser) => ({ cookie: user.cookie });
const admin = () => fixtures.people.admin;
let address = 0;
const nextAddress = () => `10.88.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

async function setMaintenance(on: boolean): Promise<void> {
  const response = await inject({ method: 'POST', url: '/api/admin/settings', headers: as(admin()), payload: { key: 'maintenance_mode', value: on } });
  expect(response.statusCode).toBe(200);
}

function send(row: Row, person: TestUser | undefined) {
  return inject({
    method: row.request.method ?? 'GET',
    url: urlFor(row, fixtures, person),
    payload: row.request.payload,
    headers: person ? as(person) : {},
    remoteAddress: nextAddress(),
  });
}

describe('maintenance mode on the API', () => {
  it('answers every API route 503 with the message to visitors, users and moderators, and changes nothing', async () => {
    await setMaintenance(true);
    try {
      const before = await databaseFingerprint(pool(), ['rate_limits']);
      const refused: string[] = [];
      for (const [key, row] of matrixRowsFor(t.app.routes)) {
        if (!row.request.url.startsWith('/api/') || OPEN_ROUTES.has(key)) continue;
        for (const person of [undefined, fixtures.people.user, fixtures.people.moderator]) {
          const response = await send(row, person);
          expect(response.statusCode, `${key} as ${person ? 'a signed-in non-admin' : 'a visitor'}`).toBe(503);
          expect(response.json()).toEqual({ message: MAINTENANCE_MESSAGE });
          expect(response.headers['retry-after']).toBe('60');
        }
        refused.push(key);
      }
      expect(refused.length).toBeGreaterThan(80);
      expect(await databaseFingerprint(pool(), ['rate_limits'])).toBe(before);
    } finally {
      await setMaintenance(false);
    }
  });

  it('keeps the status, sign-in and the current user open, and health, readiness and metrics answering', async () => {
    await setMaintenance(true);
    try {
      const user = fixtures.people.user;
      expect((await inject({ url: '/api/maintenance-status' })).json()).toEqual({ maintenanceMode: true });
      expect((await inject({ url: '/api/auth/me', headers: as(user) })).json()).toMatchObject({ id: user.id, role: 'user' });
      expect((await inject({ url: '/api/auth/user', headers: as(user) })).statusCode).toBe(200);
      expect((await inject({ url: '/api/auth/providers' })).statusCode).toBe(200);
      expect((await inject({ url: '/api/login' })).statusCode).toBe(302);
      expect((await inject({ url: '/api/auth/get-session', headers: as(user) })).statusCode).toBe(200);
      // An admin signs in and carries on; signing up waits for the site to reopen.
      const signedIn = await signIn(t.app.server, admin().email);
      expect(signedIn.statusCode).toBe(200);
      expect((await inject({ url: '/api/admin/dashboard', headers: { cookie: cookieHeader(signedIn.headers['set-cookie']) } })).statusCode).toBe(200);
      const before = await databaseFingerprint(pool(), ['rate_limits']);
      const signingUp = await inject({ method: 'POST', url: '/api/auth/sign-up/email', remoteAddress: nextAddress(), payload: { email: 'late@example.com', name: 'Late', password: 'correct horse battery staple' } });
      expect(signingUp.statusCode).toBe(503);
      expect(await databaseFingerprint(pool(), ['rate_limits'])).toBe(before);
      for (const url of ['/healthz', '/readyz', '/metrics']) expect((await inject({ url })).statusCode, url).toBe(200);
    } finally {
      await setMaintenance(false);
    }
  });

  it('admins carry on through every kind of route', async () => {
    await setMaintenance(true);
    try {
      for (const url of ['/api/admin/dashboard', '/api/bookmarks', '/api/stories/trending', '/api/keyword-alerts', '/api/user/preferences']) {
        expect((await inject({ url, headers: as(admin()) })).statusCode, url).toBe(200);
      }
      const created = await inject({ method: 'POST', url: '/api/keyword-alerts', headers: as(admin()), payload: { keyword: 'during maintenance' } });
      expect(created.statusCode).toBe(201);
    } finally {
      await setMaintenance(false);
    }
  });

  it('reopens at once when an admin turns it off, and follows a change made elsewhere within moments', async () => {
    const user = fixtures.people.user;
    await setMaintenance(true);
    expect((await inject({ url: '/api/bookmarks', headers: as(user) })).statusCode).toBe(503);
    await setMaintenance(false);
    expect((await inject({ url: '/api/bookmarks', headers: as(user) })).statusCode).toBe(200);
    // As another instance's admin, or SQL, would: this instance sees it once its reading is older than the period.
    await pool().query(`UPDATE settings SET value = 'true' WHERE key = 'maintenance_mode'`);
    await new Promise((resolve) => setTimeout(resolve, MAINTENANCE_READING_MS + 100));
    expect((await inject({ url: '/api/bookmarks', headers: as(user) })).statusCode).toBe(503);
    await setMaintenance(false);
    expect((await inject({ url: '/api/bookmarks', headers: as(user) })).statusCode).toBe(200);
  });
});
