import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_SHARE_MARKER } from '../common/rules/email.ts';
import { setRole, signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { seedStories } from './support/seed.ts';

/** Shared-links analytics (issue 18 item 2) on a real database, on a clock the test sets. */
const DAY_MS = 86_400_000;
const clock = Date.parse('2026-11-24T15:00:00Z');
let t: TestApp;
let admin: TestUser;
let sharer: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '0' }, now: () => clock });
  admin = await signUp(t.app.server, { name: 'Ada Admin' });
  sharer = await signUp(t.app.server, { name: 'Sam Sharer' });
  await setRole(pool(), admin.id, 'admin');
  await seedStories(pool(), [{ hnId: 8001, time: Math.floor(clock / 1000) - 3600, score: 10, title: 'A story worth sharing' }]);
  const storyId = (await pool().query<{ id: number }>('SELECT id FROM stories WHERE hn_id = 8001')).rows[0]!.id;
  // Links made 40, 20 and 3 days ago and twice today (one of them by an email), with their counts and events.
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
  it('counts the links, views and clicks of the period, 30 days unless asked', async () => {
    const month = (await inject({ url: '/api/admin/analytics/shared-links' })).json();
    expect(month).toMatchObject({ totalLinks: 4, totalViews: 46, totalClicks: 8, averageClickRate: 17.4 });
    const week = (await inject({ url: '/api/admin/analytics/shared-links?days=7' })).json();
    expect(week).toMatchObject({ totalLinks: 3, totalViews: 16, totalClicks: 5, averageClickRate: 31.3 });
    const quarter = (await inject({ url: '/api/admin/analytics/shared-links?days=90' })).json();
    expect(quarter.totalLinks).toBe(5);
  });

  it('ranks the period’s links by views, with the sharer, and lists today’s links with the email marker kept', async () => {
    const month = (await inject({ url: '/api/admin/analytics/shared-links?days=30' })).json();
    expect(month.topSharedLinks.map((link: { shareToken: string }) => link.shareToken)).toEqual(['link-20-days', 'link-3-days', 'link-today', 'link-today-email']);
    expect(month.topSharedLinks[0]).toMatchObject({
      storyTitle: 'A story worth sharing',
      customTitle: 'Twenty',
      userName: 'Sam Sharer',
      userEmail: sharer.email,
      viewCount: 30,
      clickCount: 3,
      clickRate: 10,
    });
    expect(month.todaysLinks.map((link: { shareToken: string }) => link.shareToken).sort()).toEqual(['link-today', 'link-today-email']);
    expect(month.todaysLinks.find((link: { shareToken: string }) => link.shareToken === 'link-today-email').customTitle).toContain(EMAIL_SHARE_MARKER);
  });

  it('gives the last seven days, newest first, with the day’s new links, views and clicks', async () => {
    const { dailyStats } = (await inject({ url: '/api/admin/analytics/shared-links?days=7' })).json();
    expect(dailyStats).toHaveLength(7);
    expect(dailyStats[0]).toEqual({ date: '2026-11-24', newLinks: 2, views: 6, clicks: 1 });
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
