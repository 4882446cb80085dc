import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole, signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { seedStories } from './support/seed.ts';

/**
 * The authorization matrix: every route of the server, and the status a visitor, a user, a moderator and an
 * admin get from it. The test walks the server's own route list and fails when a route has no row here.
 * Requests are valid, so the status shows who may call the route, not what the validator thinks.
 */
type Who = 'visitor' | 'user' | 'moderator' | 'admin';
interface Row {
  /** A request that is valid for a permitted caller. */
  request: { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object };
  expect: [visitor: number, user: number, moderator: number, admin: number];
  /** Rows that end the caller's session or account run last, each with a fresh account. */
  destructive?: boolean;
}

/** A share link made in beforeAll, for the rows of the public share routes. */
const SHARE_TOKEN = 'matrixShareToken_0123456789abcdefghijklmnop';

const matrix: Record<string, Row> = {
  'GET /healthz': { request: { url: '/healthz' }, expect: [200, 200, 200, 200] },
  'GET /readyz': { request: { url: '/readyz' }, expect: [200, 200, 200, 200] },
  'GET /metrics': { request: { url: '/metrics' }, expect: [200, 200, 200, 200] },
  'GET /api/docs': { request: { url: '/api/docs' }, expect: [200, 200, 200, 200] },
  'GET /api/stories/trending': { request: { url: '/api/stories/trending' }, expect: [200, 200, 200, 200] },
  'GET /api/stories/top': { request: { url: '/api/stories/top' }, expect: [200, 200, 200, 200] },
  'GET /api/stories/comments': { request: { url: '/api/stories/comments' }, expect: [200, 200, 200, 200] },
  'GET /api/stories/recent': { request: { url: '/api/stories/recent?hours=24' }, expect: [200, 200, 200, 200] },
  'GET /api/stories/fast-risers': { request: { url: '/api/stories/fast-risers?minVelocity=5' }, expect: [200, 200, 200, 200] },
  'GET /api/demo/trending': { request: { url: '/api/demo/trending?limit=3' }, expect: [200, 200, 200, 200] },
  'POST /api/stories/refresh': { request: { method: 'POST', url: '/api/stories/refresh' }, expect: [200, 200, 200, 200] },
  'GET /api/maintenance-status': { request: { url: '/api/maintenance-status' }, expect: [200, 200, 200, 200] },
  'GET /api/auth/*': { request: { url: '/api/auth/get-session' }, expect: [200, 200, 200, 200] },
  'POST /api/auth/*': { request: { method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'nobody@example.com', password: 'wrong password' } }, expect: [401, 401, 401, 401] },
  'GET /api/auth/user': { request: { url: '/api/auth/user' }, expect: [401, 200, 200, 200] },
  'GET /api/auth/providers': { request: { url: '/api/auth/providers' }, expect: [200, 200, 200, 200] },
  'GET /api/login': { request: { url: '/api/login' }, expect: [302, 302, 302, 302] },
  'GET /api/user/preferences': { request: { url: '/api/user/preferences' }, expect: [401, 200, 200, 200] },
  'PATCH /api/user/preferences': { request: { method: 'PATCH', url: '/api/user/preferences', payload: { darkMode: true } }, expect: [401, 200, 200, 200] },
  'POST /api/user/onboarding/complete': {
    request: { method: 'POST', url: '/api/user/onboarding/complete', payload: { emailNotifications: false, weeklyDigest: false } },
    expect: [401, 200, 200, 200],
  },
  'GET /api/profile/:identifier': { request: { url: '/api/profile/{self}' }, expect: [200, 200, 200, 200] },
  'PUT /api/profile': { request: { method: 'PUT', url: '/api/profile', payload: { bio: 'Reads everything.' } }, expect: [401, 200, 200, 200] },
  'GET /api/user/export': { request: { url: '/api/user/export' }, expect: [401, 200, 200, 200] },
  'GET /api/email/frequency-controls': { request: { url: '/api/email/frequency-controls' }, expect: [401, 200, 200, 200] },
  'PATCH /api/email/frequency-controls/:emailType': {
    request: { method: 'PATCH', url: '/api/email/frequency-controls/keyword_alert', payload: { frequency: 'daily' } },
    expect: [401, 200, 200, 200],
  },
  'GET /api/announcements': { request: { url: '/api/announcements' }, expect: [200, 200, 200, 200] },
  'POST /api/announcements/:id/dismiss': { request: { method: 'POST', url: '/api/announcements/{announcement}/dismiss' }, expect: [401, 200, 200, 200] },
  'POST /api/contact': {
    request: { method: 'POST', url: '/api/contact', payload: { name: 'Ann', email: 'ann@example.com', subject: 'Hello', message: 'Nice site.' } },
    expect: [200, 200, 200, 200],
  },
  'GET /api/bookmarks': { request: { url: '/api/bookmarks?page=1&limit=25' }, expect: [401, 200, 200, 200] },
  'POST /api/bookmarks': { request: { method: 'POST', url: '/api/bookmarks', payload: { storyId: 1 } }, expect: [401, 201, 201, 201] },
  'GET /api/bookmarks/check/:storyId': { request: { url: '/api/bookmarks/check/1' }, expect: [401, 200, 200, 200] },
  'DELETE /api/bookmarks/:storyId': { request: { method: 'DELETE', url: '/api/bookmarks/1' }, expect: [401, 200, 200, 200] },
  'POST /api/bookmarks/check-batch': { request: { method: 'POST', url: '/api/bookmarks/check-batch', payload: { storyIds: [1] } }, expect: [401, 200, 200, 200] },
  'GET /api/story-watches': { request: { url: '/api/story-watches' }, expect: [401, 200, 200, 200] },
  'POST /api/story-watches': { request: { method: 'POST', url: '/api/story-watches', payload: { storyId: 1 } }, expect: [401, 201, 201, 201] },
  'DELETE /api/story-watches/:storyId': { request: { method: 'DELETE', url: '/api/story-watches/1' }, expect: [401, 200, 200, 200] },
  'POST /api/story-watches/check-batch': { request: { method: 'POST', url: '/api/story-watches/check-batch', payload: { storyIds: [1] } }, expect: [401, 200, 200, 200] },
  'POST /api/stories/:id/notes': { request: { method: 'POST', url: '/api/stories/1/notes', payload: { note: 'A note.' } }, expect: [401, 201, 201, 201] },
  'GET /api/stories/:id/notes': { request: { url: '/api/stories/1/notes' }, expect: [401, 200, 200, 200] },
  'PUT /api/stories/:id/notes': { request: { method: 'PUT', url: '/api/stories/1/notes', payload: { note: 'Changed.' } }, expect: [401, 200, 200, 200] },
  'DELETE /api/stories/:id/notes': { request: { method: 'DELETE', url: '/api/stories/1/notes' }, expect: [401, 200, 200, 200] },
  'POST /api/story-notes/check-batch': { request: { method: 'POST', url: '/api/story-notes/check-batch', payload: { storyIds: [1] } }, expect: [401, 200, 200, 200] },
  'POST /api/content-flags': { request: { method: 'POST', url: '/api/content-flags', payload: { storyId: 1, flagType: 'spam', reason: null } }, expect: [401, 201, 201, 201] },
  'GET /api/content-flags/check/:storyId': { request: { url: '/api/content-flags/check/1' }, expect: [401, 200, 200, 200] },
  'POST /api/content-flags/check-batch': { request: { method: 'POST', url: '/api/content-flags/check-batch', payload: { storyIds: [1] } }, expect: [401, 200, 200, 200] },
  'POST /api/shared-links': { request: { method: 'POST', url: '/api/shared-links', payload: { storyId: 1 } }, expect: [401, 201, 201, 201] },
  'GET /api/my-shared-links': { request: { url: '/api/my-shared-links' }, expect: [401, 200, 200, 200] },
  'GET /api/shared-links/:shareToken': { request: { url: `/api/shared-links/${SHARE_TOKEN}` }, expect: [200, 200, 200, 200] },
  'POST /api/shared-links/:shareToken/click': { request: { method: 'POST', url: `/api/shared-links/${SHARE_TOKEN}/click`, payload: { clickType: 'article' } }, expect: [200, 200, 200, 200] },
  'GET /api/og-image/:shareToken': { request: { url: `/api/og-image/${SHARE_TOKEN}` }, expect: [200, 200, 200, 200] },
  'GET /share/:shareToken': { request: { url: `/share/${SHARE_TOKEN}` }, expect: [200, 200, 200, 200] },
  'GET /share/:shareToken/:slug': { request: { url: `/share/${SHARE_TOKEN}/story-1` }, expect: [200, 200, 200, 200] },
  'GET /shared-story/:shareToken': { request: { url: `/shared-story/${SHARE_TOKEN}` }, expect: [200, 200, 200, 200] },
  'POST /api/analytics/track': {
    request: { method: 'POST', url: '/api/analytics/track', payload: { eventType: 'story_view', properties: { viewType: 'title_click', title: 'Story 1', url: 'https://example.com/1', score: 5, position: 'regular' } } },
    expect: [200, 200, 200, 200],
  },
  'GET /api/logout': { request: { url: '/api/logout' }, expect: [302, 302, 302, 302], destructive: true },
  'DELETE /api/user': { request: { method: 'DELETE', url: '/api/user' }, expect: [401, 200, 200, 200], destructive: true },
};

/** Routes that only exist when the web app is built; they serve pages to everyone. */
const WEB_ROUTES = new Set(['GET /', 'GET /*']);

let t: TestApp;
const people: Partial<Record<Who, TestUser>> = {};
let announcementId = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { HN_API_URL: 'http://127.0.0.1:9/v0', HN_RETRIES: '0', HN_TIMEOUT_MS: '200' } });
  const pool = t.db.database.pool;
  await seedStories(pool, [{ hnId: 1, time: Math.floor(Date.now() / 1000) - 600, score: 5 }]);
  people.admin = await signUp(t.app.server, { name: 'Admin' });
  people.moderator = await signUp(t.app.server, { name: 'Moderator' });
  people.user = await signUp(t.app.server, { name: 'User' });
  await setRole(pool, people.moderator.id, 'moderator');
  const inserted = await pool.query<{ id: number }>(`INSERT INTO announcements (title, message) VALUES ('Hello', 'World') RETURNING id`);
  announcementId = inserted.rows[0]!.id;
  await pool.query(`INSERT INTO shared_links (share_token, user_id, story_id) VALUES ($1, $2, 1)`, [SHARE_TOKEN, people.user.id]);
}, 120_000);
afterAll(async () => t?.close());

const WHO: Who[] = ['visitor', 'user', 'moderator', 'admin'];

async function call(row: Row, who: Who, person: TestUser | undefined): Promise<number> {
  const url = row.request.url
    .replace('{self}', person?.id ?? people.user!.id)
    .replace('{announcement}', String(announcementId));
  const response = await t.app.server.inject({
    method: row.request.method ?? 'GET',
    url,
    payload: row.request.payload,
    headers: person ? { cookie: person.cookie } : {},
    remoteAddress: `10.50.${WHO.indexOf(who)}.${Math.floor(Math.random() * 250) + 1}`,
  });
  return response.statusCode;
}

describe('authorization matrix', () => {
  it('has a row for every route the server answers', () => {
    const missing = t.app.routes
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !(key in matrix) && !WEB_ROUTES.has(key) && !key.startsWith('GET /api/docs/'));
    expect(missing, 'routes without a row in the authorization matrix').toEqual([]);
  });

  for (const [key, row] of Object.entries(matrix).filter(([, row]) => !row.destructive)) {
    it(key, async () => {
      const statuses = [];
      for (const who of WHO) statuses.push(await call(row, who, people[who as Exclude<Who, 'visitor'>]));
      expect(statuses).toEqual(row.expect);
    }, 60_000);
  }

  for (const [key, row] of Object.entries(matrix).filter(([, row]) => row.destructive)) {
    it(`${key} (fresh accounts)`, async () => {
      const statuses = [await call(row, 'visitor', undefined)];
      for (const who of ['user', 'moderator', 'admin'] as const) {
        const fresh = await signUp(t.app.server, { name: `Fresh ${who}` });
        if (who !== 'user') await setRole(t.db.database.pool, fresh.id, who);
        statuses.push(await call(row, who, fresh));
      }
      expect(statuses).toEqual(row.expect);
    }, 60_000);
  }
});
