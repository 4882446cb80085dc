import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_SHARE_MARKER } from '#common/rules/email.ts';
import { setRole, signUp, type TestUser } from './support/accounts.ts';
import { ANALYTICS_LIMIT } from '../server/modules/analytics/routes.ts';
import { expireWindows } from '../server/modules/analytics/windows.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { seedStories } from './support/seed.ts';

/** Shared-links analytics on a real database, on a clock the test sets. */
const DAY_MS = 86_400_000;
const clock = Date.parse('2026-11-24T15:00:00Z');
/** Moves the app's clock from `clock`, for events of another time. */
let clockOffsetMs = 0;
let t: TestApp;
let admin: TestUser;
let sharer: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '0' }, now: () => clock + clockOffsetMs });
  admin = await signUp(t.app.server, { name: 'Ada Admin' });
  sharer = await signUp(t.app.server, { name: 'Sam Sharer' });
  await setRole(pool(), admin.id, 'admin');
  await seedStories(pool(), [{ hnId: 8001, time: Math.floor(clock / 1000) - 3600, score: 10, title: 'A story worth sharing' }]);
  const storyId = (await pool().query<{ id: number }>('SELECT id FROM stories WHERE hn_id = 8001')).rows[0]!.id;
  // Links made 40, 20 and 3 days ago and twice today, with their counts and events. One of today's was made for an
  // email, as emails once linked their stories: it is no one's share, and no figure counts it.
  const links: [string, number, string | null, number, number][] = [
    ['link-40-days', 40, null, 50, 5],
    ['link-20-days', 20, 'Twenty', 30, 3],
    ['link-3-days', 3, null, 10, 4],
    ['link-today', 0, null, 4, 1],
    ['link-today-email', 0, `${EMAIL_SHARE_MARKER}: weekly digest`, 2, 0],
  ];
  for (const [token, ageDays, customTitle, views, clicks] of links) {
    const createdAt = new Date(clock - ageDays * DAY_MS - 60_000);
    const link = await pool().query<{ id: number }>(
      `INSERT INTO shared_links (share_token, user_id, story_id, custom_title, view_count, article_clicks, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [token, sharer.id, storyId, customTitle, views, clicks, createdAt],
    );
    await pool().query(
      `INSERT INTO shared_link_events (shared_link_id, event_type, created_at)
       SELECT $1::int, 'view', $2::timestamptz FROM generate_series(1, $3::int) UNION ALL SELECT $1::int, 'click_article', $2::timestamptz FROM generate_series(1, $4::int)`,
      [link.rows[0]!.id, createdAt, views, clicks],
    );
  }
}, 120_000);
afterAll(async () => t?.close());

const pool = () => t.db.database.pool;
const inject = (options: InjectOptions) => t.app.server.inject({ ...options, headers: { cookie: admin.cookie, ...options.headers } });

describe('GET /api/admin/analytics/shared-links', () => {
  it('counts the links people shared, their views and clicks of the period, 30 days unless asked', async () => {
    const month = (await inject({ url: '/api/admin/analytics/shared-links' })).json();
    expect(month).toMatchObject({ totalLinks: 3, totalViews: 44, totalClicks: 8, averageClickRate: 18.2 });
    const week = (await inject({ url: '/api/admin/analytics/shared-links?days=7' })).json();
    expect(week).toMatchObject({ totalLinks: 2, totalViews: 14, totalClicks: 5, averageClickRate: 35.7 });
    const quarter = (await inject({ url: '/api/admin/analytics/shared-links?days=90' })).json();
    expect(quarter.totalLinks).toBe(4);
  });

  it('ranks the period’s links by views, with the sharer, and lists today’s links, leaving out the one made for an email', async () => {
    const month = (await inject({ url: '/api/admin/analytics/shared-links?days=30' })).json();
    expect(month.topSharedLinks.map((link: { shareToken: string }) => link.shareToken)).toEqual(['link-20-days', 'link-3-days', 'link-today']);
    expect(month.topSharedLinks[0]).toMatchObject({
      storyTitle: 'A story worth sharing',
      customTitle: 'Twenty',
      userName: 'Sam Sharer',
      userEmail: sharer.email,
      viewCount: 30,
      clickCount: 3,
      clickRate: 10,
    });
    expect(month.todaysLinks.map((link: { shareToken: string }) => link.shareToken)).toEqual(['link-today']);
  });

  it('gives the last seven days, newest first, with the day’s new links, views and clicks', async () => {
    const { dailyStats } = (await inject({ url: '/api/admin/analytics/shared-links?days=7' })).json();
    expect(dailyStats).toHaveLength(7);
    expect(dailyStats[0]).toEqual({ date: '2026-11-24', newLinks: 1, views: 4, clicks: 1 });
    expect(dailyStats[3]).toEqual({ date: '2026-11-21', newLinks: 1, views: 10, clicks: 4 });
    expect(dailyStats[6].date).toBe('2026-11-18');
    expect(dailyStats.filter((day: { newLinks: number }) => day.newLinks === 0)).toHaveLength(5);
  });

  it('refuses another period or an unknown parameter with a message', async () => {
    for (const url of ['/api/admin/analytics/shared-links?days=5', '/api/admin/analytics/shared-links?days=abc', '/api/admin/analytics/shared-links?days=30&extra=1']) {
      const response = await inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toMatch(/days must be one of 7, 30, 90|extra|Unrecognized/i);
    }
  });
});

describe('GET /api/analytics/popular-stories', () => {
  const view = (storyId: number, remoteAddress: string, options: { cookie?: string; userAgent?: string } = {}) =>
    t.app.server.inject({
      method: 'POST',
      url: '/api/analytics/track',
      remoteAddress,
      headers: { 'user-agent': options.userAgent ?? 'browser', ...(options.cookie && { cookie: options.cookie }) },
      payload: { eventType: 'story_view', properties: { viewType: 'title_click', storyId, title: 'T', url: 'https://example.com/', score: 1, position: 'regular' } },
    });
  let popular: number;
  let shared: number;

  beforeAll(async () => {
    await seedStories(pool(), [
      { hnId: 8101, time: Math.floor(clock / 1000) - 7200, score: 120, title: 'Read by many' },
      { hnId: 8102, time: Math.floor(clock / 1000) - 7200, score: 30, title: 'Read once' },
    ]);
    const id = async (hnId: number) => (await pool().query<{ id: number }>('SELECT id FROM stories WHERE hn_id = $1', [hnId])).rows[0]!.id;
    popular = await id(8101);
    const once = await id(8102);
    shared = await id(8001);
    // One story viewed by two visitors: one of them an hour ago and three times in this hour (once with another
    // browser), which counts as a view an hour and a viewer a day. Another story viewed once; one the site does not
    // have, recorded nowhere.
    clockOffsetMs = -3_600_000;
    expect((await view(popular, '192.0.2.1')).statusCode).toBe(200);
    clockOffsetMs = 0;
    for (const [storyId, address, userAgent] of [
      [popular, '192.0.2.1', 'browser'],
      [popular, '192.0.2.1', 'browser'],
      [popular, '192.0.2.1', 'another browser'],
      [popular, '192.0.2.2', 'browser'],
      [once, '192.0.2.1', 'browser'],
      [999_999, '192.0.2.1', 'browser'],
    ] as const) {
      expect((await view(storyId, address, { userAgent })).statusCode).toBe(200);
    }
    // A signed-in view counts its person, whatever the address.
    expect((await view(popular, '192.0.2.1', { cookie: sharer.cookie })).statusCode).toBe(200);
    // A view two days ago: its hour leaves the shorter periods' counts when they are next read.
    clockOffsetMs = -2 * DAY_MS;
    expect((await view(once, '192.0.2.1')).statusCode).toBe(200);
    clockOffsetMs = 0;
    // A bookmark counts from the person who holds it (a visitor's is not counted).
    const bookmark = { eventType: 'story_bookmark', properties: { storyId: shared, hnId: 8001, title: 'A story worth sharing', action: 'add' } };
    await pool().query('INSERT INTO bookmarks (user_id, story_id) VALUES ($1, $2)', [sharer.id, shared]);
    expect((await t.app.server.inject({ method: 'POST', url: '/api/analytics/track', payload: bookmark })).statusCode).toBe(200);
    expect((await t.app.server.inject({ method: 'POST', url: '/api/analytics/track', headers: { cookie: sharer.cookie }, payload: bookmark })).statusCode).toBe(200);
  });

  it('ranks the period’s stories by views, with unique viewers, shares and bookmarks', async () => {
    const response = await inject({ url: '/api/analytics/popular-stories?timeframe=24&limit=50' });
    expect(response.statusCode).toBe(200);
    const { popularStories } = response.json();
    expect(popularStories.map((entry: { story: { hnId: number } }) => entry.story.hnId)).toEqual([8101, 8102, 8001]);
    expect(popularStories[0]).toMatchObject({ viewCount: 4, uniqueViews: 3, shareCount: 0, bookmarkCount: 0 });
    expect(popularStories[0].story).toMatchObject({ title: 'Read by many', score: 120, timeAgo: '2 hours ago' });
    expect(popularStories[1]).toMatchObject({ viewCount: 1, uniqueViews: 1 });
    // Today's one link a person shared (the other was made for an email, which is no share) and a bookmark of the
    // shared story (its older links are outside the day).
    expect(popularStories[2]).toMatchObject({ viewCount: 0, uniqueViews: 0, shareCount: 1, bookmarkCount: 1 });
  });

  it('takes the period in hours and the limit', async () => {
    const of = async (query: string) =>
      (await inject({ url: `/api/analytics/popular-stories?${query}` })).json().popularStories.find((entry: { story: { hnId: number } }) => entry.story.hnId === 8102);
    // The view of two days ago counts in the week and the 3 days, as a viewer of its own day.
    expect(await of('timeframe=168')).toMatchObject({ viewCount: 2, uniqueViews: 2 });
    expect(await of('timeframe=72')).toMatchObject({ viewCount: 2, uniqueViews: 2 });
    expect(await of('timeframe=6')).toMatchObject({ viewCount: 1, uniqueViews: 1 });
    const one = (await inject({ url: '/api/analytics/popular-stories?timeframe=1&limit=1' })).json().popularStories;
    expect(one.map((entry: { story: { hnId: number } }) => entry.story.hnId)).toEqual([8101]);
  });

  it('takes an hour off a period once, when it leaves it, however many readers ask at once', async () => {
    const popularIn = async (timeframe: number) =>
      (await inject({ url: `/api/analytics/popular-stories?timeframe=${timeframe}` })).json().popularStories.map((entry: { story: { hnId: number } }) => entry.story.hnId);
    await Promise.all([expireWindows(pool(), clock), expireWindows(pool(), clock), popularIn(6), popularIn(6)]);
    expect(await popularIn(6)).toEqual([8101, 8102, 8001]);
    // Seven hours on, this hour has left the 6-hour period (and only it).
    clockOffsetMs = 7 * 3_600_000;
    try {
      const [six, day] = await Promise.all([popularIn(6), popularIn(24)]);
      expect(six).toEqual([]);
      expect(day).toEqual([8101, 8102, 8001]);
      expect(await pool().query('SELECT count(*)::int AS n FROM story_window_activity WHERE timeframe = 6').then((result) => result.rows[0].n)).toBe(0);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('refuses another period or limit with a message', async () => {
    for (const [query, message] of [
      ['timeframe=2', /timeframe must be one of 1, 6, 24, 72, 168/],
      ['limit=0', /limit must be a whole number from 1 to 50/],
      ['limit=51', /limit must be a whole number from 1 to 50/],
      ['limit=ten', /limit must be a whole number from 1 to 50/],
      ['sort=views', /sort|Unrecognized/i],
    ] as const) {
      const response = await inject({ url: `/api/analytics/popular-stories?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(message);
    }
  });
});

describe('API usage', () => {
  it('records each API request by the route it matched, never its address or query, with totals by route', async () => {
    await t.app.services.get('apiUsage').flush();
    await pool().query('DELETE FROM api_usage');
    await pool().query('DELETE FROM api_usage_hourly');
    await t.app.server.inject({ url: '/api/stories/top?minScore=5&secret=hunter2' });
    await t.app.server.inject({ url: '/api/stories/123456789/notes' });
    await t.app.server.inject({ url: '/api/no-such-call?token=abc' });
    await t.app.server.inject({ url: '/about' });
    await t.app.services.get('apiUsage').flush();

    const response = await inject({ url: '/api/admin/analytics/api-usage?timeframe=1' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // The admin's own call is recorded after it answers, so it is not in its own list.
    expect(body.usage.map((entry: { method: string; endpoint: string; statusCode: number }) => [entry.method, entry.endpoint, entry.statusCode])).toEqual([
      ['GET', 'unmatched', 404],
      ['GET', '/api/stories/:id/notes', 401],
      ['GET', '/api/stories/top', 200],
    ]);
    expect(JSON.stringify(body)).not.toMatch(/hunter2|123456789|abc|no-such-call/);
    expect(body.usage[0]).toMatchObject({ createdAt: new Date(clock).toISOString() });
    expect(body.usage[0].responseTime).toBeGreaterThan(0);
    expect(body.totals).toMatchObject({ requests: 3, clientErrors: 2, serverErrors: 0 });
    expect(body.endpoints).toHaveLength(3);
    expect(body.endpoints[0]).toMatchObject({ requests: 1, clientErrors: expect.any(Number) });

    // The admin's call is there the next time, counted in the hour's totals.
    await t.app.services.get('apiUsage').flush();
    const again = (await inject({ url: '/api/admin/analytics/api-usage' })).json();
    expect(again.usage[0]).toMatchObject({ endpoint: '/api/admin/analytics/api-usage', statusCode: 200 });
    expect(again.totals.requests).toBe(4);
  });

  it('lists the newest twenty of a period only', async () => {
    const old = new Date(clock - 3 * 3_600_000);
    await pool().query(`INSERT INTO api_usage (method, endpoint, response_time_ms, status_code, created_at) SELECT 'GET', '/api/old', 1, 200, $1 FROM generate_series(1, 30)`, [old]);
    await pool().query(`INSERT INTO api_usage_hourly VALUES (date_trunc('hour', $1::timestamptz), 'GET', '/api/old', 30, 0, 0, 30)`, [old]);
    const hour = (await inject({ url: '/api/admin/analytics/api-usage?timeframe=1' })).json();
    expect(hour.usage.some((entry: { endpoint: string }) => entry.endpoint === '/api/old')).toBe(false);
    expect(hour.endpoints.some((entry: { endpoint: string }) => entry.endpoint === '/api/old')).toBe(false);
    const day = (await inject({ url: '/api/admin/analytics/api-usage?timeframe=24' })).json();
    expect(day.usage).toHaveLength(20);
    expect(day.endpoints[0]).toMatchObject({ endpoint: '/api/old', requests: 30, averageResponseTime: 1 });
    expect((await inject({ url: '/api/admin/analytics/api-usage?timeframe=12' })).statusCode).toBe(400);
  });
});

describe('GET /api/admin/analytics/events', () => {
  it('lists the newest events with the story’s own title, and the person only when they consented', async () => {
    await pool().query('UPDATE users SET analytics_consent = true WHERE id = $1', [admin.id]);
    const shared = (await pool().query<{ id: number }>('SELECT id FROM stories WHERE hn_id = 8001')).rows[0]!.id;
    await pool().query('INSERT INTO bookmarks (user_id, story_id) VALUES ($1, $2)', [admin.id, shared]);
    // The client's title is not what is listed: the story's is.
    const event = { eventType: 'story_bookmark', properties: { storyId: shared, hnId: 1, title: 'A title someone made up', action: 'add' } };
    expect((await inject({ method: 'POST', url: '/api/analytics/track', payload: event })).statusCode).toBe(200);
    const body = (await inject({ url: '/api/admin/analytics/events?timeframe=1' })).json();
    expect(body.events[0]).toMatchObject({
      eventType: 'story_bookmark',
      properties: { storyId: shared, hnId: 8001, title: 'A story worth sharing', action: 'add' },
      userId: admin.id,
      createdAt: new Date(clock).toISOString(),
    });
    // The popular-stories views (one was signed in, without consent) carry no person; the unknown story is not there.
    expect(body.events.slice(1).every((entry: { userId: string | null }) => entry.userId === null)).toBe(true);
    expect(body.events.some((entry: { properties: { storyId?: number } }) => entry.properties.storyId === 999_999)).toBe(false);
    expect(body.totals).toEqual({ events: 7, views: 5, bookmarks: 2 });
    expect((await inject({ url: '/api/admin/analytics/events?timeframe=168' })).json().totals.views).toBe(6);
    expect((await inject({ url: '/api/admin/analytics/events?timeframe=0' })).statusCode).toBe(400);
  });
});

describe('analytics that cannot be forged cheaply', () => {
  const track = (payload: object, remoteAddress: string, userAgent = 'browser') =>
    t.app.server.inject({ method: 'POST', url: '/api/analytics/track', remoteAddress, headers: { 'user-agent': userAgent }, payload });
  let storyId: number;
  beforeAll(async () => {
    await seedStories(pool(), [{ hnId: 8201, time: Math.floor(clock / 1000) - 600, score: 7, title: 'The real title', url: 'https://real.example/post' }]);
    storyId = (await pool().query<{ id: number }>('SELECT id FROM stories WHERE hn_id = 8201')).rows[0]!.id;
  });
  const viewOf = (title: string, url: string, score: number) => ({
    eventType: 'story_view',
    properties: { viewType: 'comments_click', storyId, title, url, score, position: 'featured' },
  });
  const counts = async () =>
    (await pool().query<{ views: number; unique_views: number }>('SELECT views, unique_views FROM story_window_activity WHERE timeframe = 24 AND story_id = $1', [storyId])).rows[0];

  it('a view counts once per visitor and hour, however the browser names itself, and records the story’s own title, url and score', async () => {
    for (let agent = 0; agent < 20; agent++) {
      expect((await track(viewOf(`Forged ${agent}`, `https://forged.example/${agent}`, 999_999), '203.0.113.50', `agent ${agent}`)).statusCode).toBe(200);
    }
    expect(await counts()).toEqual({ views: 1, unique_views: 1 });
    const events = await pool().query<{ properties: Record<string, unknown> }>('SELECT properties FROM analytics_events WHERE story_id = $1', [storyId]);
    expect(events.rows).toEqual([
      { properties: { viewType: 'comments_click', position: 'featured', storyId, hnId: 8201, title: 'The real title', url: 'https://real.example/post', score: 7 } },
    ]);
  });

  it('visitors in one IPv6 /64 are one visitor: counted once and limited together', async () => {
    expect((await track(viewOf('T', 'https://example.com/', 1), '2001:db8:7:8::1')).statusCode).toBe(200);
    expect((await track(viewOf('T', 'https://example.com/', 1), '2001:db8:7:8:ffff:ffff:ffff:fffe')).statusCode).toBe(200);
    expect(await counts()).toEqual({ views: 2, unique_views: 2 });
    // The per-minute limit counts the whole /64: the addresses within it are spent together.
    let answered = 0;
    for (let i = 0; i < ANALYTICS_LIMIT.max; i++) answered = (await track(viewOf('T', 'https://example.com/', 1), `2001:db8:7:8::${(i + 2).toString(16)}`)).statusCode;
    expect(answered).toBe(429);
    expect((await track(viewOf('T', 'https://example.com/', 1), '2001:db8:7:9::1')).statusCode).toBe(200);
    expect(await counts()).toEqual({ views: 3, unique_views: 3 });
  });
});
