import type { Pool } from 'pg';
import type { App } from '../../server/app.ts';
import { setRole, signUp, type TestUser } from './accounts.ts';
import type { TestApp } from './app.ts';
import { seedStories } from './seed.ts';

/**
 * Every route of the server with a request that is valid for a permitted caller, and the status a visitor, a
 * user, a moderator and an admin get from it: the authorization matrix (test/authorization.test.ts), also used
 * by the security tests that walk every route. `{self}`, `{announcement}`, `{keyword}` and `{keywordAlert}` in a URL are
 * filled by `urlFor`.
 */
export type Who = 'visitor' | 'user' | 'moderator' | 'admin';
export interface Row {
  /** A request that is valid for a permitted caller. */
  request: { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object };
  expect: [visitor: number, user: number, moderator: number, admin: number];
  /** Rows that end the caller's session or account run last, each with a fresh account. */
  destructive?: boolean;
}

/** A share link made in beforeAll, for the rows of the public share routes. */
export const SHARE_TOKEN = 'matrixShareToken_0123456789abcdefghijklmnop';

export const ROUTE_MATRIX: Record<string, Row> = {
  'GET /healthz': { request: { url: '/healthz' }, expect: [200, 200, 200, 200] },
  'GET /readyz': { request: { url: '/readyz' }, expect: [200, 200, 200, 200] },
  // Metrics go only to the configured scraper (loopback by default), not to people calling from elsewhere.
  'GET /metrics': { request: { url: '/metrics' }, expect: [403, 403, 403, 403] },
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
  'GET /api/auth/me': { request: { url: '/api/auth/me' }, expect: [200, 200, 200, 200] },
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
  'GET /api/search/stories': { request: { url: '/api/search/stories?q=story&sort=comments&order=asc' }, expect: [401, 200, 200, 200] },
  'GET /api/search/suggestions': { request: { url: '/api/search/suggestions?q=st' }, expect: [401, 200, 200, 200] },
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
  'GET /share': { request: { url: '/share' }, expect: [404, 404, 404, 404] },
  'GET /shared-story': { request: { url: '/shared-story' }, expect: [404, 404, 404, 404] },
  'POST /api/analytics/track': {
    request: { method: 'POST', url: '/api/analytics/track', payload: { eventType: 'story_view', properties: { viewType: 'title_click', title: 'Story 1', url: 'https://example.com/1', score: 5, position: 'regular' } } },
    expect: [200, 200, 200, 200],
  },
  'GET /api/keywords/trending': { request: { url: '/api/keywords/trending?period=24h&limit=5' }, expect: [200, 200, 200, 200] },
  'GET /api/keywords/trends': { request: { url: '/api/keywords/trends?period=6h' }, expect: [200, 200, 200, 200] },
  'GET /api/keywords/hourly-patterns': { request: { url: '/api/keywords/hourly-patterns?period=7d' }, expect: [200, 200, 200, 200] },
  'GET /api/keywords/:id/stories': { request: { url: '/api/keywords/{keyword}/stories?period=24h' }, expect: [200, 200, 200, 200] },
  'GET /api/keyword-alerts': { request: { url: '/api/keyword-alerts' }, expect: [401, 200, 200, 200] },
  'POST /api/keyword-alerts': { request: { method: 'POST', url: '/api/keyword-alerts', payload: { keyword: 'Rust', threshold: 3 } }, expect: [401, 201, 201, 201] },
  // Each person changes their own alert ({keywordAlert}); the visitor tries the plain user's.
  'PATCH /api/keyword-alerts/:id': { request: { method: 'PATCH', url: '/api/keyword-alerts/{keywordAlert}', payload: { isActive: false } }, expect: [401, 200, 200, 200] },
  'DELETE /api/keyword-alerts/:id': { request: { method: 'DELETE', url: '/api/keyword-alerts/{keywordAlert}' }, expect: [401, 200, 200, 200] },
  'GET /api/logout': { request: { url: '/api/logout' }, expect: [302, 302, 302, 302], destructive: true },
  'DELETE /api/user': { request: { method: 'DELETE', url: '/api/user', payload: { password: 'correct horse battery staple' } }, expect: [401, 200, 200, 200], destructive: true },
};

/** Routes that only exist when the web app is built; they serve pages to everyone. */
const WEB_ROUTES = new Set(['GET /', 'GET /*']);

export const WHO: Who[] = ['visitor', 'user', 'moderator', 'admin'];

/** The people, announcement, keyword, keyword alerts and share link the matrix's requests refer to. */
export interface MatrixFixtures {
  people: Record<Exclude<Who, 'visitor'>, TestUser>;
  announcementId: number;
  keywordId: number;
  /** Each person's own keyword alert. */
  keywordAlertIds: Record<string, number>;
}

export async function createMatrixFixtures(t: TestApp): Promise<MatrixFixtures> {
  const pool: Pool = t.db.database.pool;
  await seedStories(pool, [{ hnId: 1, time: Math.floor(Date.now() / 1000) - 600, score: 5 }]);
  const admin = await signUp(t.app.server, { name: 'Admin' });
  const moderator = await signUp(t.app.server, { name: 'Moderator' });
  const user = await signUp(t.app.server, { name: 'User' });
  await setRole(pool, moderator.id, 'moderator');
  const inserted = await pool.query<{ id: number }>(`INSERT INTO announcements (title, message) VALUES ('Hello', 'World') RETURNING id`);
  await pool.query(`INSERT INTO shared_links (share_token, user_id, story_id) VALUES ($1, $2, 1)`, [SHARE_TOKEN, user.id]);
  const keyword = await pool.query<{ id: number }>(`INSERT INTO keywords (key, display) VALUES ('matrix', 'Matrix') RETURNING id`);
  const keywordAlertIds: Record<string, number> = {};
  for (const person of [admin, moderator, user]) {
    const alert = await pool.query<{ id: number }>(
      `INSERT INTO keyword_alerts (user_id, keyword, match_key) VALUES ($1, 'Matrix', 'matrix') RETURNING id`,
      [person.id],
    );
    keywordAlertIds[person.id] = alert.rows[0]!.id;
  }
  return { people: { admin, moderator, user }, announcementId: inserted.rows[0]!.id, keywordId: keyword.rows[0]!.id, keywordAlertIds };
}

/** The row's URL with its placeholders filled: `{self}` is the caller (the plain user for a visitor). */
export function urlFor(row: Row, fixtures: MatrixFixtures, person: TestUser | undefined): string {
  const caller = person ?? fixtures.people.user;
  return row.request.url
    .replace('{self}', caller.id)
    .replace('{announcement}', String(fixtures.announcementId))
    .replace('{keyword}', String(fixtures.keywordId))
    .replace('{keywordAlert}', String(fixtures.keywordAlertIds[caller.id]));
}

/** The routes the server answers that need a row, as `METHOD /url` (the web app's and the API document's files need none). */
export function matrixKeysOf(routes: { method: string; url: string }[]): string[] {
  return routes.map((route) => `${route.method} ${route.url}`).filter((key) => !WEB_ROUTES.has(key) && !key.startsWith('GET /api/docs/'));
}

/** The rows of the routes the server answers, each with the route's declared access, failing on a route without a row. */
export function matrixRowsFor(routes: App['routes']): [key: string, row: Row, access: App['routes'][number]['access']][] {
  const keys = matrixKeysOf(routes);
  const missing = keys.filter((key) => !(key in ROUTE_MATRIX));
  if (missing.length > 0) throw new Error(`routes without a row in the route matrix: ${missing.join(', ')}`);
  return routes.flatMap((route) => {
    const key = `${route.method} ${route.url}`;
    return keys.includes(key) ? [[key, ROUTE_MATRIX[key]!, route.access]] : [];
  });
}

/** Whether a route's declared access needs a signed-in person (anything but public; undeclared routes are public). */
export function needsSignIn(access: App['routes'][number]['access']): boolean {
  return access !== undefined && access !== 'public';
}
