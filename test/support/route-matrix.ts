import type { Pool } from 'pg';
import type { App } from '../../server/app.ts';
import { setRole, signUp, type TestUser } from './accounts.ts';
import type { TestApp } from './app.ts';
import { seedStories } from './seed.ts';

/**
 * Every route of the server with a request that is valid for a permitted caller, and the status a visitor, a
 * user, a moderator and an admin get from it: the authorization matrix (test/authorization.test.ts), also used
 * by the security tests that walk every route. `{self}`, `{announcement}`, `{keyword}`, `{keywordAlert}`, `{mute}`, `{collection}`, `{adminFlag}`,
 * `{adminAnnouncement}`, `{contactMessage}`, `{maintenanceTask}` and `{plainUser}` in a URL are filled by `urlFor`.
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
/** A collection shared in beforeAll, for the rows of the public shared-collection routes. */
export const COLLECTION_TOKEN = 'matrixCollectionToken_0123456789abcdefghijk';

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
  'GET /api/stories/:id/card.png': { request: { url: '/api/stories/1/card.png' }, expect: [200, 200, 200, 200] },
  'GET /api/stories/:id/history': { request: { url: '/api/stories/1/history' }, expect: [200, 200, 200, 200] },
  'POST /api/stories/refresh': { request: { method: 'POST', url: '/api/stories/refresh' }, expect: [200, 200, 200, 200] },
  'GET /api/maintenance-status': { request: { url: '/api/maintenance-status' }, expect: [200, 200, 200, 200] },
  'GET /api/stories/freshness': { request: { url: '/api/stories/freshness' }, expect: [200, 200, 200, 200] },
  'GET /feeds/:file': { request: { url: '/feeds/trending.rss?points=1' }, expect: [200, 200, 200, 200] },
  'GET /feeds/keywords/:file': { request: { url: '/feeds/keywords/story.atom' }, expect: [200, 200, 200, 200] },
  'GET /feeds/domains/:file': { request: { url: '/feeds/domains/example.com.json' }, expect: [200, 200, 200, 200] },
  'GET /feeds/authors/:file': { request: { url: '/feeds/authors/someone.rss?q=story' }, expect: [200, 200, 200, 200] },
  // A token nobody has: the answer is the same 404 whoever asks (the token, not the session, opens a private feed).
  'GET /feeds/private/:token/:file': { request: { url: '/feeds/private/matrixFeedToken_0123456789abcdefghijklmnopqrs/bookmarks.rss' }, expect: [404, 404, 404, 404] },
  'GET /api/user/feed-token': { request: { url: '/api/user/feed-token' }, expect: [401, 200, 200, 200] },
  'POST /api/user/feed-token': { request: { method: 'POST', url: '/api/user/feed-token' }, expect: [401, 201, 201, 201] },
  'DELETE /api/user/feed-token': { request: { method: 'DELETE', url: '/api/user/feed-token' }, expect: [401, 200, 200, 200] },
  'GET /api/site/stats': { request: { url: '/api/site/stats' }, expect: [200, 200, 200, 200] },
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
  'GET /api/email/delivery': { request: { url: '/api/email/delivery' }, expect: [401, 200, 200, 200] },
  'PATCH /api/email/frequency-controls/:emailType': {
    request: { method: 'PATCH', url: '/api/email/frequency-controls/keyword_alert', payload: { frequency: 'daily' } },
    expect: [401, 200, 200, 200],
  },
  // The predictions page needs sign-in; its accuracy figures are public, as the endpoint's name says.
  'GET /api/stories/predictions': { request: { url: '/api/stories/predictions?page=1&limit=25' }, expect: [401, 200, 200, 200] },
  'GET /api/predictions/accuracy/public': { request: { url: '/api/predictions/accuracy/public?hours=168' }, expect: [200, 200, 200, 200] },
  'GET /api/predictions/trends': { request: { url: '/api/predictions/trends' }, expect: [401, 200, 200, 200] },
  'GET /api/predictions/domains': { request: { url: '/api/predictions/domains' }, expect: [401, 200, 200, 200] },
  'GET /api/predictions/outcomes': { request: { url: '/api/predictions/outcomes' }, expect: [401, 200, 200, 200] },
  'POST /api/predictions/update': { request: { method: 'POST', url: '/api/predictions/update' }, expect: [401, 200, 200, 200] },
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
  'POST /api/story-statuses/check-batch': { request: { method: 'POST', url: '/api/story-statuses/check-batch', payload: { storyIds: [1] } }, expect: [401, 200, 200, 200] },
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
  // Each person works on their own collection ({collection}); the visitor tries the plain user's. The shared
  // collection's link ({collectionToken}) is the plain user's, readable by anyone.
  'GET /api/recommendations': { request: { url: '/api/recommendations?limit=10' }, expect: [401, 200, 200, 200] },
  'GET /api/collections': { request: { url: '/api/collections?storyId=1' }, expect: [401, 200, 200, 200] },
  'POST /api/collections': { request: { method: 'POST', url: '/api/collections', payload: { name: 'Matrix reading' } }, expect: [401, 201, 201, 201] },
  'GET /api/collections/:collectionId': { request: { url: '/api/collections/{collection}' }, expect: [401, 200, 200, 200] },
  'PATCH /api/collections/:collectionId': {
    request: { method: 'PATCH', url: '/api/collections/{collection}', payload: { name: 'Renamed', description: 'Stories to read' } },
    expect: [401, 200, 200, 200],
  },
  'POST /api/collections/:collectionId/stories': {
    request: { method: 'POST', url: '/api/collections/{collection}/stories', payload: { storyId: 1 } },
    expect: [401, 201, 201, 201],
  },
  'DELETE /api/collections/:collectionId/stories/:storyId': { request: { method: 'DELETE', url: '/api/collections/{collection}/stories/1' }, expect: [401, 200, 200, 200] },
  'POST /api/collections/:collectionId/share': { request: { method: 'POST', url: '/api/collections/{collection}/share' }, expect: [401, 200, 200, 200] },
  'DELETE /api/collections/:collectionId/share': { request: { method: 'DELETE', url: '/api/collections/{collection}/share' }, expect: [401, 200, 200, 200] },
  'GET /api/collections/:collectionId/export': { request: { url: '/api/collections/{collection}/export?format=csv' }, expect: [401, 200, 200, 200] },
  'DELETE /api/collections/:collectionId': { request: { method: 'DELETE', url: '/api/collections/{collection}' }, expect: [401, 200, 200, 200] },
  'GET /api/shared-collections/:token': { request: { url: `/api/shared-collections/${COLLECTION_TOKEN}` }, expect: [200, 200, 200, 200] },
  'GET /api/shared-collections/:token/export': { request: { url: `/api/shared-collections/${COLLECTION_TOKEN}/export?format=markdown` }, expect: [200, 200, 200, 200] },
  'GET /api/user/mutes': { request: { url: '/api/user/mutes' }, expect: [401, 200, 200, 200] },
  'POST /api/user/mutes': { request: { method: 'POST', url: '/api/user/mutes', payload: { kind: 'domain', value: 'matrix.example' } }, expect: [401, 201, 201, 201] },
  // Each person removes their own rule ({mute}); the visitor tries the plain user's.
  'DELETE /api/user/mutes/:id': { request: { method: 'DELETE', url: '/api/user/mutes/{mute}' }, expect: [401, 200, 200, 200] },
  // Email links carry their own signed tokens ({unsubscribe}: the plain user's, {emailClick}: a signed tracked link).
  // Opening the link leads to the page with the button (303); only the POST acts.
  'GET /api/unsubscribe/:token': { request: { url: '/api/unsubscribe/{unsubscribe}?type=weekly_digest' }, expect: [303, 303, 303, 303] },
  'POST /api/unsubscribe/:token': { request: { method: 'POST', url: '/api/unsubscribe/{unsubscribe}?type=weekly_digest' }, expect: [200, 200, 200, 200] },
  'GET /api/email/open/:token/:signature': { request: { url: '/api/email/open/abc/def' }, expect: [200, 200, 200, 200] },
  'GET /api/email/click/:token/:signature': { request: { url: '{emailClick}' }, expect: [302, 302, 302, 302] },
  'GET /api/admin/email-status': { request: { url: '/api/admin/email-status' }, expect: [401, 403, 403, 200] },
  'GET /api/admin/email-logs': { request: { url: '/api/admin/email-logs?page=1&status=pending' }, expect: [401, 403, 403, 200] },
  // The matrix's app has no SMTP_URL: an admin is told delivery is off (409).
  'POST /api/admin/send-test-email': { request: { method: 'POST', url: '/api/admin/send-test-email', payload: { type: 'welcome' } }, expect: [401, 403, 403, 409] },
  'POST /api/admin/send-weekly-digest': { request: { method: 'POST', url: '/api/admin/send-weekly-digest', payload: { force: true } }, expect: [401, 403, 403, 200] },
  'GET /api/admin/newsletter/stats': { request: { url: '/api/admin/newsletter/stats' }, expect: [401, 403, 403, 200] },
  'GET /api/admin/newsletter/subscribers': { request: { url: '/api/admin/newsletter/subscribers?page=1' }, expect: [401, 403, 403, 200] },
  'GET /api/admin/newsletter/activity': { request: { url: '/api/admin/newsletter/activity' }, expect: [401, 403, 403, 200] },
  'GET /api/admin/newsletter/analytics': { request: { url: '/api/admin/newsletter/analytics' }, expect: [401, 403, 403, 200] },
  'GET /api/admin/digest/custom-content/weekly_digest': { request: { url: '/api/admin/digest/custom-content/weekly_digest?weekOf=2026-11-22' }, expect: [401, 403, 403, 200] },
  'POST /api/admin/digest/custom-content/weekly_digest': {
    request: { method: 'POST', url: '/api/admin/digest/custom-content/weekly_digest', payload: { weekOf: '2026-11-22', topContent: '<p>Hi</p>', topContentStyle: 'tip' } },
    expect: [401, 403, 403, 200],
  },
  'DELETE /api/admin/digest/custom-content/weekly_digest': { request: { method: 'DELETE', url: '/api/admin/digest/custom-content/weekly_digest?weekOf=2026-11-22' }, expect: [401, 403, 403, 200] },
  'GET /api/admin/digest/preview/weekly_digest': { request: { url: '/api/admin/digest/preview/weekly_digest?weekOf=2026-11-22' }, expect: [401, 403, 403, 200] },
  // The administrator area (spec part 2 §6): moderators run the community, only admins change roles, settings,
  // announcements and read contact messages. `{adminFlag}`, `{adminAnnouncement}` and `{contactMessage}` are the
  // caller's own fixture, so the moderator's and the admin's calls each find theirs untouched.
  'GET /api/admin/dashboard': { request: { url: '/api/admin/dashboard' }, expect: [401, 403, 200, 200] },
  'GET /api/admin/users': { request: { url: '/api/admin/users?page=1&limit=25' }, expect: [401, 403, 200, 200] },
  'PATCH /api/admin/users/:userId/role': { request: { method: 'PATCH', url: '/api/admin/users/{plainUser}/role', payload: { role: 'user' } }, expect: [401, 403, 403, 200] },
  'GET /api/admin/logs': { request: { url: '/api/admin/logs?page=1&limit=25' }, expect: [401, 403, 200, 200] },
  'GET /api/admin/content-flags': { request: { url: '/api/admin/content-flags?page=1&status=pending' }, expect: [401, 403, 200, 200] },
  'PATCH /api/admin/content-flags/:flagId/review': {
    request: { method: 'PATCH', url: '/api/admin/content-flags/{adminFlag}/review', payload: { action: 'reject' } },
    expect: [401, 403, 200, 200],
  },
  'DELETE /api/admin/content-flags/:flagId': { request: { method: 'DELETE', url: '/api/admin/content-flags/{adminFlag}' }, expect: [401, 403, 200, 200] },
  'GET /api/admin/settings': { request: { url: '/api/admin/settings' }, expect: [401, 403, 403, 200] },
  'GET /api/admin/keyword-aliases': { request: { url: '/api/admin/keyword-aliases' }, expect: [401, 403, 403, 200] },
  'POST /api/admin/keyword-aliases': {
    request: { method: 'POST', url: '/api/admin/keyword-aliases', payload: { alias: 'Matrix Tests', keyword: 'Route Matrix' } },
    expect: [401, 403, 403, 200],
  },
  // One of the aliases the migration seeds.
  'DELETE /api/admin/keyword-aliases/:alias': { request: { method: 'DELETE', url: '/api/admin/keyword-aliases/k8s' }, expect: [401, 403, 403, 200] },
  'POST /api/admin/settings': {
    request: { method: 'POST', url: '/api/admin/settings', payload: { key: 'matrix_flag', value: true, category: 'feature_flags', description: 'A test flag' } },
    expect: [401, 403, 403, 200],
  },
  'GET /api/admin/announcements': { request: { url: '/api/admin/announcements' }, expect: [401, 403, 403, 200] },
  'POST /api/admin/announcements': {
    request: { method: 'POST', url: '/api/admin/announcements', payload: { title: 'Hello', message: '<p>World</p>', type: 'info', isActive: false, isPersistent: false } },
    expect: [401, 403, 403, 201],
  },
  'PUT /api/admin/announcements/:id': {
    request: { method: 'PUT', url: '/api/admin/announcements/{adminAnnouncement}', payload: { title: 'Changed', message: 'Text', type: 'warning', isActive: false, isPersistent: true } },
    expect: [401, 403, 403, 200],
  },
  'DELETE /api/admin/announcements/:id': { request: { method: 'DELETE', url: '/api/admin/announcements/{adminAnnouncement}' }, expect: [401, 403, 403, 200] },
  'GET /api/admin/search': { request: { url: '/api/admin/search?q=ma&type=all&time=all' }, expect: [401, 403, 200, 200] },
  'GET /api/admin/search/summary': { request: { url: '/api/admin/search/summary' }, expect: [401, 403, 200, 200] },
  'GET /api/admin/contact-messages': { request: { url: '/api/admin/contact-messages?page=1&status=all' }, expect: [401, 403, 403, 200] },
  'PATCH /api/admin/contact-messages/:id': { request: { method: 'PATCH', url: '/api/admin/contact-messages/{contactMessage}', payload: { handled: true } }, expect: [401, 403, 403, 200] },
  // Database maintenance is the admins' alone. `{maintenanceTask}` is the planner-statistics task (a cheap one to run).
  'GET /api/admin/maintenance/tasks': { request: { url: '/api/admin/maintenance/tasks' }, expect: [401, 403, 403, 200] },
  'GET /api/admin/maintenance/logs': { request: { url: '/api/admin/maintenance/logs' }, expect: [401, 403, 403, 200] },
  'POST /api/admin/maintenance/initialize': { request: { method: 'POST', url: '/api/admin/maintenance/initialize' }, expect: [401, 403, 403, 200] },
  'PATCH /api/admin/maintenance/tasks/:taskId': {
    request: { method: 'PATCH', url: '/api/admin/maintenance/tasks/{maintenanceTask}', payload: { retentionDays: 2, schedule: 'weekly', enabled: true } },
    expect: [401, 403, 403, 200],
  },
  'POST /api/admin/maintenance/execute/:taskId': { request: { method: 'POST', url: '/api/admin/maintenance/execute/{maintenanceTask}' }, expect: [401, 403, 403, 200] },
  'GET /api/admin/analytics/shared-links': { request: { url: '/api/admin/analytics/shared-links?days=7' }, expect: [401, 403, 403, 200] },
  'GET /api/analytics/popular-stories': { request: { url: '/api/analytics/popular-stories?timeframe=24&limit=50' }, expect: [401, 403, 403, 200] },
  'GET /api/admin/analytics/api-usage': { request: { url: '/api/admin/analytics/api-usage' }, expect: [401, 403, 403, 200] },
  'GET /api/admin/analytics/events': { request: { url: '/api/admin/analytics/events?timeframe=168' }, expect: [401, 403, 403, 200] },
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
  /** Each person's own muting rule. */
  muteIds: Record<string, number>;
  /** Each person's own (empty) collection. */
  collectionIds: Record<string, number>;
  /** The plain user's weekly-digest unsubscribe token, and a tracked link signed by the server. */
  unsubscribeToken: string;
  emailClick: string;
  /** Per caller: a pending flag, an inactive announcement and a contact message for the admin rows to act on. */
  adminFlagIds: Record<string, number>;
  adminAnnouncementIds: Record<string, number>;
  contactMessageIds: Record<string, number>;
  maintenanceTaskId: number;
}

export async function createMatrixFixtures(t: TestApp): Promise<MatrixFixtures> {
  const pool: Pool = t.db.database.pool;
  await seedStories(pool, [
    { hnId: 1, time: Math.floor(Date.now() / 1000) - 600, score: 5 },
    { hnId: 2, time: Math.floor(Date.now() / 1000) - 900, score: 3 },
  ]);
  const admin = await signUp(t.app.server, { name: 'Admin' });
  const moderator = await signUp(t.app.server, { name: 'Moderator' });
  const user = await signUp(t.app.server, { name: 'User' });
  await setRole(pool, moderator.id, 'moderator');
  const inserted = await pool.query<{ id: number }>(`INSERT INTO announcements (title, message) VALUES ('Hello', 'World') RETURNING id`);
  await pool.query(`INSERT INTO shared_links (share_token, user_id, story_id) VALUES ($1, $2, 1)`, [SHARE_TOKEN, user.id]);
  const shared = await pool.query<{ id: number }>(`INSERT INTO collections (user_id, name, share_token) VALUES ($1, 'Shared', $2) RETURNING id`, [user.id, COLLECTION_TOKEN]);
  await pool.query(`INSERT INTO collection_stories (collection_id, story_id) VALUES ($1, 1)`, [shared.rows[0]!.id]);
  const keyword = await pool.query<{ id: number }>(`INSERT INTO keywords (key, display) VALUES ('matrix', 'Matrix') RETURNING id`);
  const keywordAlertIds: Record<string, number> = {};
  const muteIds: Record<string, number> = {};
  const collectionIds: Record<string, number> = {};
  const adminFlagIds: Record<string, number> = {};
  const adminAnnouncementIds: Record<string, number> = {};
  const contactMessageIds: Record<string, number> = {};
  const secondStory = (await pool.query<{ id: number }>('SELECT id FROM stories WHERE hn_id = 2')).rows[0]!.id;
  for (const person of [admin, moderator, user]) {
    const alert = await pool.query<{ id: number }>(
      `INSERT INTO keyword_alerts (user_id, keyword, match_key) VALUES ($1, 'Matrix', 'matrix') RETURNING id`,
      [person.id],
    );
    keywordAlertIds[person.id] = alert.rows[0]!.id;
    const mute = await pool.query<{ id: number }>(`INSERT INTO story_mutes (user_id, kind, value) VALUES ($1, 'word', 'matrix') RETURNING id`, [person.id]);
    muteIds[person.id] = mute.rows[0]!.id;
    const collection = await pool.query<{ id: number }>(`INSERT INTO collections (user_id, name) VALUES ($1, 'Matrix') RETURNING id`, [person.id]);
    collectionIds[person.id] = collection.rows[0]!.id;
    const flag = await pool.query<{ id: number }>(`INSERT INTO content_flags (user_id, story_id, flag_type) VALUES ($1, $2, 'spam') RETURNING id`, [person.id, secondStory]);
    adminFlagIds[person.id] = flag.rows[0]!.id;
    const announcement = await pool.query<{ id: number }>(`INSERT INTO announcements (title, message, is_active) VALUES ('Draft', 'Text', false) RETURNING id`);
    adminAnnouncementIds[person.id] = announcement.rows[0]!.id;
    const message = await pool.query<{ id: number }>(`INSERT INTO contact_messages (name, email, subject, message) VALUES ('Ann', 'ann@example.com', 'Hi', 'Hello') RETURNING id`);
    contactMessageIds[person.id] = message.rows[0]!.id;
  }
  const composer = t.app.services.get('email').deps.composer;
  const maintenanceTaskId = await plannerStatisticsTask(pool);
  return {
    people: { admin, moderator, user },
    announcementId: inserted.rows[0]!.id,
    keywordId: keyword.rows[0]!.id,
    keywordAlertIds,
    muteIds,
    collectionIds,
    unsubscribeToken: composer.signer.unsubscribeToken(user.id, 'weekly_digest'),
    emailClick: new URL(composer.tracked('matrixEmail', 'https://example.com/read')).pathname + new URL(composer.tracked('matrixEmail', 'https://example.com/read')).search,
    adminFlagIds,
    adminAnnouncementIds,
    contactMessageIds,
    maintenanceTaskId,
  };
}

/** The planner-statistics maintenance task's id, created if need be: a task the admin rows can run in a moment. */
export async function plannerStatisticsTask(pool: Pool): Promise<number> {
  const task = await pool.query<{ id: number }>(
    `INSERT INTO maintenance_tasks (task_name, description, schedule, retention_days) VALUES ('planner_statistics', 'Refresh statistics', 'weekly', 1)
     ON CONFLICT (task_name) DO UPDATE SET task_name = excluded.task_name RETURNING id`,
  );
  return task.rows[0]!.id;
}

/** The row's URL with its placeholders filled: `{self}` is the caller (the plain user for a visitor). */
export function urlFor(row: Row, fixtures: MatrixFixtures, person: TestUser | undefined): string {
  const caller = person ?? fixtures.people.user;
  return row.request.url
    .replace('{self}', caller.id)
    .replace('{announcement}', String(fixtures.announcementId))
    .replace('{keyword}', String(fixtures.keywordId))
    .replace('{keywordAlert}', String(fixtures.keywordAlertIds[caller.id]))
    .replace('{mute}', String(fixtures.muteIds[caller.id]))
    .replace('{collection}', String(fixtures.collectionIds[caller.id]))
    .replace('{unsubscribe}', fixtures.unsubscribeToken)
    .replace('{emailClick}', fixtures.emailClick)
    .replace('{adminFlag}', String(fixtures.adminFlagIds[caller.id]))
    .replace('{adminAnnouncement}', String(fixtures.adminAnnouncementIds[caller.id]))
    .replace('{contactMessage}', String(fixtures.contactMessageIds[caller.id]))
    .replace('{maintenanceTask}', String(fixtures.maintenanceTaskId))
    .replace('{plainUser}', fixtures.people.user.id);
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
