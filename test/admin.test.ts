import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE } from '#common/rules/admin.ts';
import { setRole, signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { databaseFingerprint, seedStories } from './support/seed.ts';
import { plannerStatisticsTask, ROUTE_MATRIX } from './support/route-matrix.ts';

/** The administrator area on a real database: every call with good and bad input, and its audit log. */
let t: TestApp;
let admin: TestUser;
let moderator: TestUser;
let alice: TestUser;
let bob: TestUser;
const storyIds: Record<number, number> = {};
const nowSeconds = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '0' } });
  admin = await signUp(t.app.server, { name: 'Ada Admin' });
  moderator = await signUp(t.app.server, { name: 'Mo Moderator' });
  alice = await signUp(t.app.server, { name: 'Alice' });
  bob = await signUp(t.app.server, { name: 'Bob' });
  await setRole(pool(), moderator.id, 'moderator');
  await seedStories(pool(), [
    { hnId: 501, time: nowSeconds - 600, score: 50, title: 'Rust in the kernel', trendingScore: 5 },
    { hnId: 502, time: nowSeconds - 1200, score: 40, title: 'Buy cheap pills now', trendingScore: 4 },
    { hnId: 503, time: nowSeconds - 1800, score: 30, title: '100% literal_title', trendingScore: 3 },
    { hnId: 504, time: nowSeconds - 90 * 86400, score: 20, title: 'Old rust story', trendingScore: 0 },
  ]);
  for (const row of (await pool().query<{ id: number; hn_id: number }>('SELECT id, hn_id FROM stories')).rows) storyIds[row.hn_id] = row.id;
}, 120_000);
afterAll(async () => t?.close());

const pool = () => t.db.database.pool;
const inject = (options: InjectOptions) => t.app.server.inject(options);
const as = (user: TestUser) => ({ cookie: user.cookie });
const logCount = async () => (await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM admin_logs')).rows[0]!.n;
const lastLog = async () => (await pool().query('SELECT * FROM admin_logs ORDER BY id DESC LIMIT 1')).rows[0];
const flag = async (user: TestUser, hnId: number, flagType = 'spam', reason: string | null = null) => {
  const response = await inject({ method: 'POST', url: '/api/content-flags', headers: as(user), payload: { storyId: storyIds[hnId], flagType, reason } });
  expect(response.statusCode).toBe(201);
  return response.json().flag.id as number;
};
const trendingIds = async () => (await inject({ url: '/api/stories/trending?limit=100&timeFilter=month' })).json().stories.map((story: { hnId: number }) => story.hnId);

describe('access', () => {
  it('every /api/admin route declares moderator or admin, and the plain user gets 403 with the message', async () => {
    const adminRoutes = t.app.routes.filter((route) => route.url.startsWith('/api/admin/'));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(17);
    for (const route of adminRoutes) expect(['moderator', 'admin'], `${route.method} ${route.url}`).toContain(route.access);
    const denied = await inject({ url: '/api/admin/dashboard', headers: as(alice) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toMatch(/privileges required/);
    const settings = await inject({ url: '/api/admin/settings', headers: as(moderator) });
    expect(settings.statusCode).toBe(403);
    expect(settings.json()).toEqual({ message: 'Administrator privileges required.' });
  });

  it('refuses to start with an admin route open to plain users', async () => {
    const { installAccessControl } = await import('../server/http/access.ts');
    const Fastify = (await import('fastify')).default;
    const server = Fastify();
    installAccessControl(server, async () => null);
    expect(() => server.get('/api/admin/leak', { config: { access: 'user' } }, async () => ({}))).toThrow(/must declare access 'moderator' or 'admin'/);
    await server.close();
  });

  it('keeps admin routes reachable in maintenance mode, for admins only', async () => {
    const setMaintenance = (value: boolean) => inject({ method: 'POST', url: '/api/admin/settings', headers: as(admin), payload: { key: 'maintenance_mode', value } });
    expect((await setMaintenance(true)).statusCode).toBe(200);
    try {
      expect((await inject({ url: '/api/maintenance-status' })).json()).toEqual({ maintenanceMode: true });
      expect((await inject({ url: '/api/admin/dashboard', headers: as(admin) })).statusCode).toBe(200);
      expect((await inject({ url: '/api/admin/dashboard', headers: as(moderator) })).statusCode).toBe(503);
    } finally {
      // Off through the API (this instance follows at once), then back to no row at all: the settings list's default.
      expect((await setMaintenance(false)).statusCode).toBe(200);
      await pool().query(`DELETE FROM settings WHERE key = 'maintenance_mode'`);
    }
  });
});

describe('the audit log is append-only', () => {
  it('the database refuses to update, delete or truncate an entry', async () => {
    await pool().query(`INSERT INTO admin_logs (action, target_type, admin_user_id) VALUES ('probe', 'test', $1)`, [admin.id]);
    await expect(pool().query(`UPDATE admin_logs SET action = 'rewritten'`)).rejects.toThrow(/append-only/);
    await expect(pool().query(`DELETE FROM admin_logs`)).rejects.toThrow(/append-only/);
    await expect(pool().query(`TRUNCATE admin_logs`)).rejects.toThrow(/append-only/);
    expect((await pool().query(`SELECT count(*)::int AS n FROM admin_logs WHERE action = 'rewritten'`)).rows[0].n).toBe(0);
  });

  it('has no route that edits or deletes an entry', () => {
    const writes = t.app.routes.filter((route) => route.url.includes('/logs') && route.method !== 'GET');
    expect(writes).toEqual([]);
  });

  it('a write that fails leaves neither the change nor an entry', async () => {
    const before = await logCount();
    const response = await inject({ method: 'PATCH', url: '/api/admin/users/nobody-at-all/role', headers: as(admin), payload: { role: 'moderator' } });
    expect(response.statusCode).toBe(404);
    expect(await logCount()).toBe(before);
  });
});

describe('dashboard', () => {
  it('counts what the database holds', async () => {
    await pool().query(`INSERT INTO bookmarks (user_id, story_id) VALUES ($1, $2)`, [alice.id, storyIds[501]]);
    const response = await inject({ url: '/api/admin/dashboard', headers: as(moderator) });
    expect(response.statusCode).toBe(200);
    const count = async (sql: string) => (await pool().query<{ n: number }>(sql)).rows[0]!.n;
    expect(response.json().users).toEqual({ totalUsers: await count('SELECT count(*)::int AS n FROM users'), newUsersToday: 4, activeUsersWeek: 4 });
    expect(response.json().system).toEqual({
      totalStories: 4,
      totalBookmarks: await count('SELECT count(*)::int AS n FROM bookmarks'),
      totalSharedLinks: 0,
      totalKeywordAlerts: 0,
    });
  });

  it('does not count a person whose only session is older than a week', async () => {
    const idle = await signUp(t.app.server, { name: 'Idle' });
    await pool().query(`UPDATE sessions SET created_at = now() - interval '10 days', updated_at = now() - interval '10 days' WHERE user_id = $1`, [idle.id]);
    const stats = (await inject({ url: '/api/admin/dashboard', headers: as(admin) })).json();
    expect(stats.users.totalUsers - stats.users.activeUsersWeek).toBe(1);
  });
});

describe('users and roles', () => {
  it('lists 25 a page by default, newest first, with pagination; limit up to 100', async () => {
    const response = await inject({ url: '/api/admin/users', headers: as(moderator) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pagination).toMatchObject({ currentPage: 1, totalPages: 1, hasNext: false, hasPrevious: false });
    expect(body.users[0]).toMatchObject({ email: expect.any(String), role: 'user', createdAt: expect.any(String) });
    expect(body.users.map((user: { id: string }) => user.id)).toContain(admin.id);
    const small = (await inject({ url: '/api/admin/users?page=2&limit=2', headers: as(moderator) })).json();
    expect(small.users).toHaveLength(2);
    expect(small.pagination).toMatchObject({ currentPage: 2, hasPrevious: true, totalCount: body.pagination.totalCount });
    expect(ADMIN_PAGE_SIZE).toBe(25);
    for (const url of ['/api/admin/users?limit=101', '/api/admin/users?page=0', '/api/admin/users?page=x', '/api/admin/users?extra=1']) {
      const bad = await inject({ url, headers: as(moderator) });
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().message).toMatch(/^Invalid/);
    }
  });

  it('an admin changes a role, logged with before and after, effective on the next request', async () => {
    expect((await inject({ url: '/api/admin/dashboard', headers: as(bob) })).statusCode).toBe(403);
    const response = await inject({ method: 'PATCH', url: `/api/admin/users/${bob.id}/role`, headers: as(admin), payload: { role: 'moderator' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: bob.id, role: 'moderator' });
    expect(await lastLog()).toMatchObject({ action: 'user_role_updated', target_type: 'user', target_id: bob.id, admin_user_id: admin.id, details: { before: { role: 'user' }, after: { role: 'moderator' } } });
    expect((await lastLog()).ip_address).toBeTruthy();
    expect((await inject({ url: '/api/admin/dashboard', headers: as(bob) })).statusCode).toBe(200);
    await inject({ method: 'PATCH', url: `/api/admin/users/${bob.id}/role`, headers: as(admin), payload: { role: 'user' } });
    expect((await inject({ url: '/api/admin/dashboard', headers: as(bob) })).statusCode).toBe(403);
  });

  it('refuses bad input, moderators, and demoting the last admin', async () => {
    for (const payload of [{ role: 'owner' }, {}, { role: 'admin', extra: 1 }]) {
      expect((await inject({ method: 'PATCH', url: `/api/admin/users/${bob.id}/role`, headers: as(admin), payload })).statusCode).toBe(400);
    }
    expect((await inject({ method: 'PATCH', url: `/api/admin/users/${bob.id}/role`, headers: as(moderator), payload: { role: 'admin' } })).statusCode).toBe(403);
    const before = await logCount();
    const last = await inject({ method: 'PATCH', url: `/api/admin/users/${admin.id}/role`, headers: as(admin), payload: { role: 'user' } });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toMatch(/last admin/);
    expect(await logCount()).toBe(before);
    // With a second admin, the first may step down.
    await inject({ method: 'PATCH', url: `/api/admin/users/${bob.id}/role`, headers: as(admin), payload: { role: 'admin' } });
    expect((await inject({ method: 'PATCH', url: `/api/admin/users/${admin.id}/role`, headers: as(bob), payload: { role: 'moderator' } })).statusCode).toBe(200);
    expect((await inject({ method: 'PATCH', url: `/api/admin/users/${admin.id}/role`, headers: as(bob), payload: { role: 'admin' } })).statusCode).toBe(200);
    await inject({ method: 'PATCH', url: `/api/admin/users/${bob.id}/role`, headers: as(admin), payload: { role: 'user' } });
  });
});

describe('content moderation', () => {
  it('lists flags with their story; a story flagged by several people comes first in the pending queue', async () => {
    const single = await flag(alice, 501, 'misleading', 'Wrong title');
    const first = await flag(alice, 502, 'spam', 'Ads');
    const second = await flag(bob, 502, 'spam', null);
    const response = await inject({ url: '/api/admin/content-flags?status=pending', headers: as(moderator) });
    expect(response.statusCode).toBe(200);
    const { flags, pagination } = response.json();
    expect(pagination).toMatchObject({ totalCount: 3, currentPage: 1 });
    expect(flags.slice(0, 2).map((f: { id: number }) => f.id).sort()).toEqual([first, second].sort());
    expect(flags[2]).toMatchObject({ id: single, flagType: 'misleading', status: 'pending', reason: 'Wrong title', pendingFlagsOnStory: 1, story: { title: 'Rust in the kernel', score: 50, by: 'someone', url: 'https://example.com/501' } });
    for (const url of ['/api/admin/content-flags?status=open', '/api/admin/content-flags?page=-1']) {
      expect((await inject({ url, headers: as(moderator) })).statusCode, url).toBe(400);
    }
  });

  it('approving hides the story from lists and search for everyone; a second review is 409; deleting the flag shows it again', async () => {
    const flags = (await inject({ url: '/api/admin/content-flags?status=pending', headers: as(moderator) })).json().flags;
    const spam = flags.find((f: { story: { title: string } }) => f.story.title === 'Buy cheap pills now');
    expect(await trendingIds()).toContain(502);
    const before = await logCount();
    const approved = await inject({ method: 'PATCH', url: `/api/admin/content-flags/${spam.id}/review`, headers: as(moderator), payload: { action: 'approve' } });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().flag).toMatchObject({ status: 'approved', reviewedAt: expect.any(String), story: { hidden: true } });
    expect(await logCount()).toBe(before + 1);
    expect(await lastLog()).toMatchObject({ action: 'content_flag_approved', target_type: 'content_flag', target_id: String(spam.id), admin_user_id: moderator.id, details: { before: { status: 'pending' }, after: { status: 'approved' } } });
    expect(await trendingIds()).not.toContain(502);
    const search = await inject({ url: '/api/search/stories?q=pills', headers: as(alice) });
    expect(search.json().totalCount).toBe(0);

    const again = await inject({ method: 'PATCH', url: `/api/admin/content-flags/${spam.id}/review`, headers: as(moderator), payload: { action: 'reject' } });
    expect(again.statusCode).toBe(409);
    expect((await inject({ method: 'PATCH', url: `/api/admin/content-flags/${spam.id}/review`, headers: as(moderator), payload: { action: 'ban' } })).statusCode).toBe(400);
    expect((await inject({ method: 'PATCH', url: '/api/admin/content-flags/999999/review', headers: as(moderator), payload: { action: 'reject' } })).statusCode).toBe(404);

    const deleted = await inject({ method: 'DELETE', url: `/api/admin/content-flags/${spam.id}`, headers: as(moderator) });
    expect(deleted.statusCode).toBe(200);
    expect(await lastLog()).toMatchObject({ action: 'content_flag_deleted', details: { before: { status: 'approved' }, after: null, storyShownAgain: true } });
    expect(await trendingIds()).toContain(502);
    expect((await inject({ method: 'DELETE', url: `/api/admin/content-flags/${spam.id}`, headers: as(moderator) })).statusCode).toBe(404);
  });

  it('rejecting leaves the story shown', async () => {
    const id = await flag(alice, 503);
    const rejected = await inject({ method: 'PATCH', url: `/api/admin/content-flags/${id}/review`, headers: as(admin), payload: { action: 'reject' } });
    expect(rejected.json().flag).toMatchObject({ status: 'rejected', story: { hidden: false } });
    expect(await lastLog()).toMatchObject({ action: 'content_flag_rejected' });
    const list = (await inject({ url: '/api/admin/content-flags?status=rejected', headers: as(admin) })).json();
    expect(list.flags.map((f: { id: number }) => f.id)).toContain(id);
  });
});

describe('settings', () => {
  it('lists the settings the product reads at their defaults until set', async () => {
    const response = await inject({ url: '/api/admin/settings', headers: as(admin) });
    expect(response.statusCode).toBe(200);
    const keys = response.json().settings.map((s: { key: string }) => s.key);
    expect(keys).toEqual(expect.arrayContaining(['maintenance_mode', 'enable_performance_monitor', 'contact_retention_days']));
    expect(response.json().settings.find((s: { key: string }) => s.key === 'maintenance_mode')).toMatchObject({ value: false, category: 'feature_flags', updatedAt: null });
  });

  it('upserts, logging before and after; known settings must hold their type, unknown ones are stored as given', async () => {
    const created = await inject({ method: 'POST', url: '/api/admin/settings', headers: as(admin), payload: { key: 'welcome_banner', value: 50, category: 'limits', description: 'Example' } });
    expect(created.statusCode).toBe(200);
    expect(created.json().setting).toMatchObject({ key: 'welcome_banner', value: 50, category: 'limits', description: 'Example' });
    expect(await lastLog()).toMatchObject({ action: 'setting_created', target_id: 'welcome_banner', details: { before: null, after: { value: 50 } } });
    const text = await inject({ method: 'POST', url: '/api/admin/settings', headers: as(admin), payload: { key: 'welcome_banner', value: 'fifty' } });
    expect(text.json().setting).toMatchObject({ value: 'fifty', category: 'limits', description: 'Example' });
    expect(await lastLog()).toMatchObject({ action: 'setting_updated', details: { before: { value: 50 }, after: { value: 'fifty' } } });

    for (const [payload, message] of [
      [{ key: 'maintenance_mode', value: 'yes' }, /true or false/],
      [{ key: 'contact_retention_days', value: 0 }, /at least 1/],
      [{ key: 'contact_retention_days', value: 1.5 }, /whole number/],
      [{ key: 'stories_per_page', value: 'fifty' }, /whole number/],
      [{ key: 'stories_per_page', value: 30 }, /one of 10, 25, 50, 100/],
      [{ key: '', value: 1 }, /key is required/],
      [{ key: 'a key with spaces', value: 1 }, /letters, digits/],
      [{ key: 'no_value' }, /value is required/],
      [{ key: 'x'.repeat(101), value: 1 }, /at most 100/],
      [{ key: 'big', value: 'x'.repeat(10_001) }, /at most 10000/],
    ] as const) {
      const response = await inject({ method: 'POST', url: '/api/admin/settings', headers: as(admin), payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
  });

  it("maintenance_mode written as 'true' turns the site's maintenance on", async () => {
    const on = await inject({ method: 'POST', url: '/api/admin/settings', headers: as(admin), payload: { key: 'maintenance_mode', value: 'true' } });
    expect(on.json().setting.value).toBe(true);
    expect((await inject({ url: '/api/maintenance-status' })).json()).toEqual({ maintenanceMode: true });
    await inject({ method: 'POST', url: '/api/admin/settings', headers: as(admin), payload: { key: 'maintenance_mode', value: false } });
    expect((await inject({ url: '/api/maintenance-status' })).json()).toEqual({ maintenanceMode: false });
  });
});

describe('keyword aliases', () => {
  it('lists, adds, repoints and removes aliases, each change logged, and the alert matching reads them', async () => {
    const listed = await inject({ url: '/api/admin/keyword-aliases', headers: as(admin) });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().aliases).toEqual(expect.arrayContaining([expect.objectContaining({ alias: 'llms', keyword: 'LLM' })]));

    const added = await inject({ method: 'POST', url: '/api/admin/keyword-aliases', headers: as(admin), payload: { alias: '  GPTs ', keyword: 'GPT' } });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().alias).toMatchObject({ alias: 'gpts', keyword: 'GPT' });
    expect(await lastLog()).toMatchObject({ action: 'keyword_alias_saved', target_id: 'gpts', details: { before: null, after: 'GPT' } });
    const repointed = await inject({ method: 'POST', url: '/api/admin/keyword-aliases', headers: as(admin), payload: { alias: 'gpts', keyword: 'ChatGPT' } });
    expect(repointed.json().alias).toMatchObject({ alias: 'gpts', keyword: 'ChatGPT' });
    expect(await lastLog()).toMatchObject({ action: 'keyword_alias_saved', details: { before: 'GPT', after: 'ChatGPT' } });
    const alerts = await inject({ url: '/api/keyword-alerts', headers: as(admin) });
    expect(alerts.json().aliases).toMatchObject({ gpts: 'ChatGPT' });

    const removed = await inject({ method: 'DELETE', url: '/api/admin/keyword-aliases/GPTs', headers: as(admin) });
    expect(removed.statusCode).toBe(200);
    expect(await lastLog()).toMatchObject({ action: 'keyword_alias_deleted', target_id: 'gpts', details: { keyword: 'ChatGPT' } });
    expect((await inject({ method: 'DELETE', url: '/api/admin/keyword-aliases/gpts', headers: as(admin) })).statusCode).toBe(404);
  });

  it('refuses chains, bad input and people without the admin role, changing nothing', async () => {
    const before = await logCount();
    const fingerprint = await databaseFingerprint(pool(), ['sessions', 'rate_limits']);
    for (const [payload, status, message] of [
      [{ alias: 'ecmascript', keyword: 'JS' }, 409, /itself an alias/],
      [{ alias: 'JavaScript', keyword: 'ECMAScript' }, 409, /already stands for/],
      [{ alias: '', keyword: 'GPT' }, 400, /alias is required/],
      [{ alias: '!!!', keyword: 'GPT' }, 400, /alias must contain a word/],
      [{ alias: 'one two three four', keyword: 'GPT' }, 400, /at most 3 words/],
      [{ alias: 'Rust', keyword: 'rust' }, 400, /differ from its keyword/],
      [{ alias: 'x'.repeat(61), keyword: 'GPT' }, 400, /at most 60/],
      [{ alias: 'gpts' }, 400, /keyword/],
    ] as const) {
      const response = await inject({ method: 'POST', url: '/api/admin/keyword-aliases', headers: as(admin), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    expect((await inject({ method: 'POST', url: '/api/admin/keyword-aliases', headers: as(moderator), payload: { alias: 'gpts', keyword: 'GPT' } })).statusCode).toBe(403);
    expect((await inject({ method: 'DELETE', url: '/api/admin/keyword-aliases/llms', headers: as(moderator) })).statusCode).toBe(403);
    expect(await logCount()).toBe(before);
    expect(await databaseFingerprint(pool(), ['sessions', 'rate_limits'])).toBe(fingerprint);
  });
});

describe('announcements', () => {
  const body = { title: 'Scheduled downtime', message: '<p>Back <b>soon</b><script>alert(1)</script><img src=x onerror=alert(1)></p>', type: 'warning', isActive: true, isPersistent: false };

  it('creates with the message sanitised, lists, updates and deletes, each logged; the public list follows', async () => {
    const created = await inject({ method: 'POST', url: '/api/admin/announcements', headers: as(admin), payload: body });
    expect(created.statusCode).toBe(201);
    const announcement = created.json().announcement;
    expect(announcement.message).toBe('<p>Back <b>soon</b></p>');
    expect((await pool().query('SELECT message FROM announcements WHERE id = $1', [announcement.id])).rows[0].message).toBe('<p>Back <b>soon</b></p>');
    expect(await lastLog()).toMatchObject({ action: 'announcement_created', target_id: String(announcement.id), details: { before: null } });
    const publicTitles = async () => (await inject({ url: '/api/announcements' })).json().announcements.map((a: { title: string }) => a.title);
    expect(await publicTitles()).toContain('Scheduled downtime');

    const list = await inject({ url: '/api/admin/announcements', headers: as(admin) });
    expect(list.json().announcements[0]).toMatchObject({ id: announcement.id, type: 'warning', isActive: true });

    const updated = await inject({ method: 'PUT', url: `/api/admin/announcements/${announcement.id}`, headers: as(admin), payload: { ...body, title: 'Downtime moved', isActive: false } });
    expect(updated.statusCode).toBe(200);
    expect(await lastLog()).toMatchObject({ action: 'announcement_updated', details: { before: { title: 'Scheduled downtime' }, after: { title: 'Downtime moved', isActive: false } } });
    expect(await publicTitles()).not.toContain('Downtime moved');

    expect((await inject({ method: 'DELETE', url: `/api/admin/announcements/${announcement.id}`, headers: as(admin) })).statusCode).toBe(200);
    expect(await lastLog()).toMatchObject({ action: 'announcement_deleted', details: { before: { title: 'Downtime moved' }, after: null } });
    expect((await inject({ method: 'DELETE', url: `/api/admin/announcements/${announcement.id}`, headers: as(admin) })).statusCode).toBe(404);
    expect((await inject({ method: 'PUT', url: `/api/admin/announcements/${announcement.id}`, headers: as(admin), payload: body })).statusCode).toBe(404);
  });

  it('honours start and end dates in the public list', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    await inject({ method: 'POST', url: '/api/admin/announcements', headers: as(admin), payload: { ...body, title: 'Not yet', startDate: future } });
    await inject({ method: 'POST', url: '/api/admin/announcements', headers: as(admin), payload: { ...body, title: 'Over', startDate: new Date(Date.now() - 2 * 86_400_000).toISOString(), endDate: past } });
    await inject({ method: 'POST', url: '/api/admin/announcements', headers: as(admin), payload: { ...body, title: 'Running', startDate: past, endDate: future } });
    const titles = (await inject({ url: '/api/announcements' })).json().announcements.map((a: { title: string }) => a.title);
    expect(titles).toContain('Running');
    expect(titles).not.toContain('Not yet');
    expect(titles).not.toContain('Over');
  });

  it('refuses bad input with a message', async () => {
    for (const [payload, message] of [
      [{ ...body, title: '' }, /title is required/],
      [{ ...body, message: '   ' }, /message is required/],
      [{ ...body, type: 'urgent' }, /type must be one of/],
      [{ ...body, title: 'x'.repeat(201) }, /at most 200/],
      [{ ...body, startDate: 'tomorrow' }, /startDate/],
      [{ ...body, startDate: '2030-01-02T00:00:00Z', endDate: '2030-01-01T00:00:00Z' }, /endDate must be after startDate/],
      [{ ...body, isActive: 'yes' }, /isActive must be true or false/],
    ] as const) {
      const response = await inject({ method: 'POST', url: '/api/admin/announcements', headers: as(admin), payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
  });
});

describe('admin search', () => {
  it('matches case-insensitive substrings per type, exact titles first, text taken literally', async () => {
    const response = await inject({ url: '/api/admin/search?q=RUST', headers: as(moderator) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.stories.results.map((r: { title: string }) => r.title)).toEqual(['Rust in the kernel', 'Old rust story']);
    expect(body.stories.count).toBe(2);
    const literal = (await inject({ url: `/api/admin/search?q=${encodeURIComponent('0% l')}&type=stories`, headers: as(moderator) })).json();
    expect(literal.stories.results.map((r: { title: string }) => r.title)).toEqual(['100% literal_title']);
    const underscore = (await inject({ url: `/api/admin/search?q=${encodeURIComponent('l_t')}&type=stories`, headers: as(moderator) })).json();
    expect(underscore.stories.count).toBe(1);
    const percent = (await inject({ url: `/api/admin/search?q=${encodeURIComponent('%%')}&type=stories`, headers: as(moderator) })).json();
    expect(percent.stories.count).toBe(0);
    const exact = (await inject({ url: `/api/admin/search?q=${encodeURIComponent('old rust story')}&type=stories`, headers: as(moderator) })).json();
    expect(exact.stories.results[0].title).toBe('Old rust story');
  });

  it('filters by type and by time, and finds people, flags and logs', async () => {
    const recent = (await inject({ url: '/api/admin/search?q=rust&type=stories&time=30d', headers: as(admin) })).json();
    expect(recent.stories.results.map((r: { title: string }) => r.title)).toEqual(['Rust in the kernel']);
    expect(recent.users.count).toBe(0);
    const people = (await inject({ url: '/api/admin/search?q=alice&type=users', headers: as(admin) })).json();
    expect(people.users.results).toEqual([expect.objectContaining({ id: alice.id, title: 'Alice' })]);
    const flags = (await inject({ url: '/api/admin/search?q=wrong&type=flags', headers: as(admin) })).json();
    expect(flags.flags.count).toBe(1);
    const logs = (await inject({ url: '/api/admin/search?q=user_role&type=logs', headers: as(admin) })).json();
    expect(logs.logs.count).toBeGreaterThan(0);
  });

  it('shows settings to admins only, and refuses short or bad queries', async () => {
    const forAdmin = (await inject({ url: '/api/admin/search?q=maintenance&type=settings', headers: as(admin) })).json();
    expect(forAdmin.settings.count).toBe(1);
    const forModerator = (await inject({ url: '/api/admin/search?q=maintenance&type=settings', headers: as(moderator) })).json();
    expect(forModerator.settings).toEqual({ results: [], count: 0 });
    for (const url of ['/api/admin/search?q=a', '/api/admin/search?q=%20a%20', '/api/admin/search', '/api/admin/search?q=ab&type=people', '/api/admin/search?q=ab&time=1y', `/api/admin/search?q=${'x'.repeat(101)}`]) {
      expect((await inject({ url, headers: as(admin) })).statusCode, url).toBe(400);
    }
  });

  it('counts users, stories, alerts and settings before searching', async () => {
    const summary = (await inject({ url: '/api/admin/search/summary', headers: as(moderator) })).json();
    const users = (await pool().query('SELECT count(*)::int AS n FROM users')).rows[0].n;
    expect(summary).toEqual({ users, stories: 4, alerts: 0, settings: expect.any(Number) });
  });
});

describe('contact messages', () => {
  it('lists newest first for admins, marks handled and open again, each logged', async () => {
    for (const subject of ['First', 'Second']) {
      expect((await inject({ method: 'POST', url: '/api/contact', remoteAddress: '10.77.0.1', payload: { name: 'Ann', email: 'ann@example.com', subject, message: 'Hi' } })).statusCode).toBe(200);
    }
    const list = await inject({ url: '/api/admin/contact-messages', headers: as(admin) });
    expect(list.statusCode).toBe(200);
    expect(list.json().messages.map((m: { subject: string }) => m.subject).slice(0, 2)).toEqual(['Second', 'First']);
    expect(list.json().retentionDays).toBe(365);
    const id = list.json().messages[0].id;
    const handled = await inject({ method: 'PATCH', url: `/api/admin/contact-messages/${id}`, headers: as(admin), payload: { handled: true } });
    expect(handled.json().message.handledAt).toEqual(expect.any(String));
    expect(await lastLog()).toMatchObject({ action: 'contact_message_handled', target_id: String(id) });
    const open = (await inject({ url: '/api/admin/contact-messages?status=open', headers: as(admin) })).json();
    expect(open.messages.map((m: { id: number }) => m.id)).not.toContain(id);
    const reopened = await inject({ method: 'PATCH', url: `/api/admin/contact-messages/${id}`, headers: as(admin), payload: { handled: false } });
    expect(reopened.json().message.handledAt).toBeNull();
    expect((await inject({ method: 'PATCH', url: `/api/admin/contact-messages/${id}`, headers: as(admin), payload: { handled: 'yes' } })).statusCode).toBe(400);
    expect((await inject({ method: 'PATCH', url: '/api/admin/contact-messages/999999', headers: as(admin), payload: { handled: true } })).statusCode).toBe(404);
    expect((await inject({ url: '/api/admin/contact-messages', headers: as(moderator) })).statusCode).toBe(403);
  });

  it('deletes messages older than the retention period', async () => {
    await pool().query(`INSERT INTO contact_messages (name, email, subject, message, created_at) VALUES ('Old', 'old@example.com', 'Ancient', 'Hi', now() - interval '400 days')`);
    await pool().query(`INSERT INTO contact_messages (name, email, subject, message, created_at) VALUES ('Mid', 'mid@example.com', 'Middling', 'Hi', now() - interval '40 days')`);
    const subjects = async () => (await inject({ url: '/api/admin/contact-messages?limit=100', headers: as(admin) })).json().messages.map((m: { subject: string }) => m.subject);
    expect(await subjects()).not.toContain('Ancient');
    expect(await subjects()).toContain('Middling');
    await inject({ method: 'POST', url: '/api/admin/settings', headers: as(admin), payload: { key: 'contact_retention_days', value: 30 } });
    expect(await subjects()).not.toContain('Middling');
  });
});

describe('the audit log', () => {
  it('lists newest first with the acting person, filterable by action and by person', async () => {
    const all = (await inject({ url: '/api/admin/logs?limit=100', headers: as(moderator) })).json();
    const times = all.logs.map((log: { createdAt: string }) => log.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.actions).toEqual(expect.arrayContaining(['user_role_updated', 'content_flag_approved', 'setting_updated', 'announcement_created']));
    expect(all.admins).toEqual(expect.arrayContaining([{ id: moderator.id, name: 'Mo Moderator' }]));
    const roles = (await inject({ url: '/api/admin/logs?action=user_role_updated', headers: as(moderator) })).json();
    expect(roles.logs.length).toBeGreaterThan(0);
    expect(roles.logs.every((log: { action: string }) => log.action === 'user_role_updated')).toBe(true);
    const byModerator = (await inject({ url: `/api/admin/logs?adminUserId=${moderator.id}`, headers: as(moderator) })).json();
    expect(byModerator.logs.every((log: { adminUserId: string; adminName: string }) => log.adminUserId === moderator.id && log.adminName === 'Mo Moderator')).toBe(true);
    expect((await inject({ url: '/api/admin/logs?limit=0', headers: as(moderator) })).statusCode).toBe(400);
  });

  it('every admin write route leaves exactly one entry, and every read leaves none', async () => {
    const fixtures = {
      flag: await flag(bob, 501, 'duplicate'),
      announcement: (await pool().query<{ id: number }>(`INSERT INTO announcements (title, message) VALUES ('T', 'M') RETURNING id`)).rows[0]!.id,
      contact: (await pool().query<{ id: number }>(`INSERT INTO contact_messages (name, email, subject, message) VALUES ('A', 'a@example.com', 'S', 'M') RETURNING id`)).rows[0]!.id,
      maintenanceTask: await plannerStatisticsTask(pool()),
    };
    const adminKeys = Object.keys(ROUTE_MATRIX).filter((key) => key.split(' ')[1]!.startsWith('/api/admin/'));
    const writes = adminKeys.filter((key) => !key.startsWith('GET '));
    expect(writes.length).toBeGreaterThanOrEqual(8);
    for (const key of adminKeys) {
      const row = ROUTE_MATRIX[key]!;
      const url = row.request.url
        .replace('{adminFlag}', String(fixtures.flag))
        .replace('{adminAnnouncement}', String(fixtures.announcement))
        .replace('{contactMessage}', String(fixtures.contact))
        .replace('{maintenanceTask}', String(fixtures.maintenanceTask))
        .replace('{plainUser}', alice.id);
      const before = await logCount();
      const fingerprintBefore = await databaseFingerprint(pool(), ['admin_logs', 'sessions', 'rate_limits']);
      const response = await inject({ method: row.request.method ?? 'GET', url, payload: row.request.payload, headers: as(admin) });
      // As the matrix expects for an admin: a refusal (sending a test email with delivery off) changes nothing.
      expect(response.statusCode, key).toBe(row.expect[3]);
      const changed = (await databaseFingerprint(pool(), ['admin_logs', 'sessions', 'rate_limits'])) !== fingerprintBefore;
      const entries = (await logCount()) - before;
      if (response.statusCode >= 300) {
        expect(entries, key).toBe(0);
        expect(changed, key).toBe(false);
      } else if (key.startsWith('GET ')) {
        expect(entries, key).toBe(0);
      } else {
        expect(entries, `${key} logs one entry`).toBe(1);
        expect((await lastLog()).admin_user_id, key).toBe(admin.id);
      }
      // Nothing changes without an entry (a read prunes old contact messages at most, none here).
      if (changed) expect(entries, `${key} changed the database`).toBe(1);
    }
  }, 60_000);
});
