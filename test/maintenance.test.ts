import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_TIMEFRAMES, SHARED_LINK_PERIODS } from '#common/rules/analytics.ts';
import { minimumRetentionDays, SNAPSHOT_HOURLY_DAYS, STANDARD_TASKS } from '#common/rules/maintenance.ts';
import { storeHistoryDigests } from '../server/modules/stories/history-digests.ts';
import { setRole, signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { seedStories } from './support/seed.ts';

/** Database maintenance: the calls with good and bad input, and what each task removes and keeps. */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const clock = Date.parse('2026-11-24T12:00:00Z');
let t: TestApp;
let admin: TestUser;
let storyId: number;
const tasks: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '0' }, now: () => clock });
  admin = await signUp(t.app.server, { name: 'Ada Admin' });
  await setRole(pool(), admin.id, 'admin');
  await seedStories(pool(), [{ hnId: 7001, time: Math.floor(clock / 1000) - 200 * 86400, score: 10 }]);
  storyId = (await pool().query<{ id: number }>('SELECT id FROM stories WHERE hn_id = 7001')).rows[0]!.id;
}, 120_000);
afterAll(async () => t?.close());

const pool = () => t.db.database.pool;
const inject = (options: InjectOptions) => t.app.server.inject({ ...options, headers: { cookie: admin.cookie, ...options.headers } });
const execute = async (name: string) => {
  const response = await inject({ method: 'POST', url: `/api/admin/maintenance/execute/${tasks[name]}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { success: boolean; recordsDeleted: number; spaceSavedMB: number; errorMessage: string | null };
};
const setRetention = async (name: string, retentionDays: number) =>
  expect((await inject({ method: 'PATCH', url: `/api/admin/maintenance/tasks/${tasks[name]}`, payload: { retentionDays } })).statusCode).toBe(200);

describe('the task list', () => {
  it('a new install has every standard task, enabled and due now, without an admin pressing anything', async () => {
    const response = await inject({ url: '/api/admin/maintenance/tasks' });
    expect(response.statusCode).toBe(200);
    const listed = response.json().tasks as { id: number; taskName: string; enabled: boolean; schedule: string; retentionDays: number; nextRun: string | null }[];
    for (const task of listed) tasks[task.taskName] = task.id;
    expect(listed.map((task) => task.taskName)).toEqual(STANDARD_TASKS.map((task) => task.taskName));
    for (const [index, task] of STANDARD_TASKS.entries()) {
      expect(listed[index]).toMatchObject({ enabled: true, schedule: task.schedule, retentionDays: task.retentionDays, lastRun: null, nextRun: new Date(clock).toISOString() });
    }
    // Nothing of the admin's: the tasks are the install's own.
    expect((await pool().query(`SELECT 1 FROM admin_logs WHERE action = 'maintenance_tasks_initialized'`)).rowCount).toBe(0);
  });

  it('Initialize Tasks puts every standard task back to its defaults, creates a missing one, and logs what it did', async () => {
    await inject({ method: 'PATCH', url: `/api/admin/maintenance/tasks/${tasks.thin_snapshots}`, payload: { enabled: false, retentionDays: 30, schedule: 'monthly' } });
    await pool().query(`DELETE FROM maintenance_tasks WHERE task_name = 'old_email_bodies'`);
    const first = await inject({ method: 'POST', url: '/api/admin/maintenance/initialize' });
    expect(first.statusCode).toBe(200);
    expect(first.json().created).toBe(1);
    for (const task of first.json().tasks) tasks[task.taskName] = task.id;
    expect(first.json().tasks.map((task: { taskName: string }) => task.taskName).sort()).toEqual(STANDARD_TASKS.map((task) => task.taskName).sort());
    for (const task of STANDARD_TASKS) {
      expect(first.json().tasks.find((listed: { taskName: string }) => listed.taskName === task.taskName)).toMatchObject({
        enabled: true,
        schedule: task.schedule,
        retentionDays: task.retentionDays,
        description: task.description,
        nextRun: new Date(clock).toISOString(),
      });
    }
    const again = await inject({ method: 'POST', url: '/api/admin/maintenance/initialize' });
    expect(again.json().created).toBe(0);
    const logs = await pool().query(`SELECT details FROM admin_logs WHERE action = 'maintenance_tasks_initialized' ORDER BY id`);
    expect(logs.rows.map((row) => row.details)).toEqual([
      { created: ['old_email_bodies'], restored: ['thin_snapshots'] },
      { created: [], restored: [] },
    ]);
  });

  it('changes enabled, retention and schedule with a before-and-after log entry; a disabled task shows no next run', async () => {
    const response = await inject({ method: 'PATCH', url: `/api/admin/maintenance/tasks/${tasks.planner_statistics}`, payload: { enabled: false, retentionDays: 30, schedule: 'monthly' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().task).toMatchObject({ enabled: false, retentionDays: 30, schedule: 'monthly', nextRun: null });
    const entry = (await pool().query(`SELECT details FROM admin_logs WHERE action = 'maintenance_task_updated' ORDER BY id DESC LIMIT 1`)).rows[0]!;
    expect(entry.details.before).toEqual({ enabled: true, retentionDays: 1, schedule: 'weekly' });
    expect(entry.details.after).toEqual({ enabled: false, retentionDays: 30, schedule: 'monthly' });
    await inject({ method: 'PATCH', url: `/api/admin/maintenance/tasks/${tasks.planner_statistics}`, payload: { enabled: true, retentionDays: 1, schedule: 'weekly' } });
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const before = (await inject({ url: '/api/admin/maintenance/tasks' })).json();
    const cases: [InjectOptions, number, RegExp][] = [
      [{ method: 'PATCH', url: `/api/admin/maintenance/tasks/${tasks.thin_snapshots}`, payload: { retentionDays: 0 } }, 400, /retentionDays must be at least 1/],
      [{ method: 'PATCH', url: `/api/admin/maintenance/tasks/${tasks.thin_snapshots}`, payload: { retentionDays: 366 } }, 400, /at most 365/],
      [{ method: 'PATCH', url: `/api/admin/maintenance/tasks/${tasks.thin_snapshots}`, payload: { retentionDays: 2.5 } }, 400, /whole number/],
      [{ method: 'PATCH', url: `/api/admin/maintenance/tasks/${tasks.thin_snapshots}`, payload: { schedule: 'hourly' } }, 400, /schedule must be one of daily, weekly, monthly/],
      [{ method: 'PATCH', url: `/api/admin/maintenance/tasks/${tasks.thin_snapshots}`, payload: { enabled: 'yes' } }, 400, /enabled must be true or false/],
      [{ method: 'PATCH', url: `/api/admin/maintenance/tasks/${tasks.thin_snapshots}`, payload: {} }, 400, /at least one of/],
      [{ method: 'PATCH', url: `/api/admin/maintenance/tasks/${tasks.thin_snapshots}`, payload: { taskName: 'x' } }, 400, /.+/],
      [{ method: 'PATCH', url: '/api/admin/maintenance/tasks/abc', payload: { enabled: true } }, 400, /taskId must be a positive whole number/],
      [{ method: 'PATCH', url: '/api/admin/maintenance/tasks/99999', payload: { enabled: true } }, 404, /not found/],
      [{ method: 'POST', url: '/api/admin/maintenance/execute/99999' }, 404, /not found/],
      [{ method: 'POST', url: '/api/admin/maintenance/execute/0' }, 400, /taskId must be a positive number/],
    ];
    for (const [request, status, message] of cases) {
      const response = await inject(request);
      expect(response.statusCode, `${request.method} ${request.url} ${JSON.stringify(request.payload)}`).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    expect((await inject({ url: '/api/admin/maintenance/tasks' })).json()).toEqual(before);
  });
});

describe('what each task removes and keeps', () => {
  it('thins snapshots: all of the retention days, then the last of each hour, then the last of each day', async () => {
    // A snapshot every 20 minutes for 100 days.
    await pool().query(
      `INSERT INTO story_snapshots (story_id, sampled_at, score, descendants)
       SELECT $1, to_timestamp($2::double precision / 1000) - g * interval '20 minutes', 1000 - g / 100, 0 FROM generate_series(0, 100 * 72 - 1) g`,
      [storyId, clock],
    );
    const recentBefore = await pool().query(`SELECT sampled_at, score FROM story_snapshots WHERE story_id = $1 AND sampled_at >= $2 ORDER BY sampled_at`, [storyId, new Date(clock - 7 * DAY_MS)]);
    expect(await storeHistoryDigests(pool(), [storyId])).toBe(1);
    // A story whose one snapshot thinning leaves, and which has no digest yet (as in a database from before them).
    await seedStories(pool(), [{ hnId: 7002, time: Math.floor(clock / 1000) - 3600, score: 4 }]);
    await pool().query(`INSERT INTO story_snapshots (story_id, sampled_at, score, descendants) SELECT id, $2, 4, 0 FROM stories WHERE hn_id = $1`, [7002, new Date(clock - 1000)]);
    const result = await execute('thin_snapshots');
    expect(result.success).toBe(true);
    const rows = (await pool().query<{ sampled_at: Date }>(`SELECT sampled_at FROM story_snapshots WHERE story_id = $1 ORDER BY sampled_at`, [storyId])).rows.map((row) => row.sampled_at.getTime());
    const recent = rows.filter((ms) => ms >= clock - 7 * DAY_MS);
    const hourly = rows.filter((ms) => ms < clock - 7 * DAY_MS && ms >= clock - SNAPSHOT_HOURLY_DAYS * DAY_MS);
    const daily = rows.filter((ms) => ms < clock - SNAPSHOT_HOURLY_DAYS * DAY_MS);
    // What velocity and heat read is untouched.
    const recentAfter = await pool().query(`SELECT sampled_at, score FROM story_snapshots WHERE story_id = $1 AND sampled_at >= $2 ORDER BY sampled_at`, [storyId, new Date(clock - 7 * DAY_MS)]);
    expect(recentAfter.rows).toEqual(recentBefore.rows);
    expect(recent.length).toBe(7 * 72 + 1);
    // One per hour, the hour's last (:40), and one per day, the day's last (23:40).
    expect(new Set(hourly.map((ms) => Math.floor(ms / HOUR_MS))).size).toBe(hourly.length);
    expect(hourly.length).toBeGreaterThanOrEqual((SNAPSHOT_HOURLY_DAYS - 7) * 24 - 1);
    expect(hourly.every((ms) => new Date(ms).getUTCMinutes() === 40)).toBe(true);
    expect(new Set(daily.map((ms) => Math.floor(ms / DAY_MS))).size).toBe(daily.length);
    // The day the hourly span begins in keeps its last snapshot before that moment (11:40); every earlier day its 23:40.
    expect(daily.slice(0, -1).every((ms) => new Date(ms).getUTCHours() === 23 && new Date(ms).getUTCMinutes() === 40)).toBe(true);
    expect(new Date(daily.at(-1)!).toISOString()).toBe(new Date(clock - SNAPSHOT_HOURLY_DAYS * DAY_MS - 20 * 60_000).toISOString());
    expect(result.recordsDeleted).toBe(100 * 72 - rows.length);
    // The story's history digest, made before, is made again for the snapshots left.
    const digest = await pool().query<{ snapshot_count: number }>('SELECT snapshot_count FROM story_history_digests WHERE story_id = $1', [storyId]);
    expect(digest.rows[0]?.snapshot_count).toBe(rows.length);
    // And every story with snapshots has one: the one the task did not thin, without one before, too.
    const without = await pool().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM stories s
        WHERE EXISTS (SELECT 1 FROM story_snapshots n WHERE n.story_id = s.id)
          AND NOT EXISTS (SELECT 1 FROM story_history_digests d WHERE d.story_id = s.id)`,
    );
    expect(without.rows[0]?.n).toBe(0);
    // A second run finds nothing more to remove.
    expect((await execute('thin_snapshots')).recordsDeleted).toBe(0);
  });

  it('deletes sessions expired past the retention and keeps live ones', async () => {
    await pool().query(
      `INSERT INTO sessions (id, token, user_id, expires_at, created_at, updated_at)
       VALUES ('old-session', 'old-token', $1, $2, $2, $2), ('recent-session', 'recent-token', $1, $3, $3, $3)`,
      [admin.id, new Date(clock - 3 * DAY_MS), new Date(clock - 6 * HOUR_MS)],
    );
    const result = await execute('expired_sessions');
    expect(result.recordsDeleted).toBe(1);
    const left = await pool().query<{ id: string }>(`SELECT id FROM sessions WHERE id IN ('old-session', 'recent-session')`);
    expect(left.rows.map((row) => row.id)).toEqual(['recent-session']);
    // The admin's own session is live, and still works.
    expect((await inject({ url: '/api/admin/maintenance/tasks' })).statusCode).toBe(200);
  });

  it('deletes analytics events, story activity and API usage past the retention only', async () => {
    await setRetention('old_analytics', 100);
    const old = new Date(clock - 110 * DAY_MS);
    const recent = new Date(clock - 10 * DAY_MS);
    await pool().query(`INSERT INTO analytics_events (event_type, properties, created_at) VALUES ('story_view', '{}', $1), ('story_view', '{}', $2)`, [old, recent]);
    await pool().query(`DELETE FROM api_usage`);
    await pool().query(`DELETE FROM api_usage_hourly`);
    await pool().query(
      `INSERT INTO api_usage (method, endpoint, response_time_ms, status_code, created_at) VALUES ('GET', '/api/stories', 3, 200, $1), ('GET', '/api/stories', 4, 200, $2)`,
      [old, recent],
    );
    await pool().query(
      `INSERT INTO api_usage_hourly (hour, method, endpoint, requests, client_errors, server_errors, total_response_ms)
       VALUES (date_trunc('hour', $1::timestamptz), 'GET', '/api/stories', 1, 0, 0, 3), (date_trunc('hour', $2::timestamptz), 'GET', '/api/stories', 1, 0, 0, 4)`,
      [old, recent],
    );
    const storyId = (await pool().query<{ id: number }>('SELECT id FROM stories WHERE hn_id = 7001')).rows[0]!.id;
    await pool().query(
      `INSERT INTO story_hourly_activity (hour, story_id, views, unique_views) VALUES (date_trunc('hour', $2::timestamptz), $1, 3, 2), (date_trunc('hour', $3::timestamptz), $1, 1, 1)`,
      [storyId, old, recent],
    );
    await pool().query(`INSERT INTO story_daily_viewers (story_id, day, viewer) VALUES ($1, '2026-11-20', 'a'), ($1, '2026-11-24', 'b')`, [storyId]);
    const result = await execute('old_analytics');
    // An event, a request, an hour of requests, an hour of a story's activity, and the viewers of four days ago.
    expect(result.recordsDeleted).toBe(5);
    expect((await pool().query(`SELECT viewer FROM story_daily_viewers`)).rows).toEqual([{ viewer: 'b' }]);
    expect((await pool().query(`SELECT views FROM story_hourly_activity`)).rows).toEqual([{ views: 1 }]);
    expect((await pool().query(`SELECT count(*)::int AS n FROM analytics_events`)).rows[0].n).toBe(1);
    // Requests made since (this test's own calls) are recorded with the test's clock, so only the old rows went.
    expect((await pool().query(`SELECT count(*)::int AS n FROM api_usage WHERE created_at < $1`, [new Date(clock - 100 * DAY_MS)])).rows[0].n).toBe(0);
    expect((await pool().query(`SELECT count(*)::int AS n FROM api_usage WHERE created_at = $1`, [recent])).rows[0].n).toBe(1);
    expect((await pool().query(`SELECT count(*)::int AS n FROM api_usage_hourly WHERE hour < $1`, [new Date(clock - 100 * DAY_MS)])).rows[0].n).toBe(0);
    expect((await pool().query(`SELECT count(*)::int AS n FROM api_usage_hourly`)).rows[0].n).toBeGreaterThanOrEqual(1);
  });

  it('refuses an analytics retention shorter than the longest period a page reads, with the reason, and changes nothing', async () => {
    const minimum = minimumRetentionDays('old_analytics');
    // The shared-links analytics read 90 days of share-link events; the Week view a week of hourly totals.
    expect(minimum).toBe(Math.max(...SHARED_LINK_PERIODS));
    expect(minimum).toBeGreaterThan(Math.max(...ANALYTICS_TIMEFRAMES.map(({ hours }) => hours)) / 24);
    const before = (await inject({ url: '/api/admin/maintenance/tasks' })).json();
    for (const retentionDays of [1, 6, minimum - 1]) {
      const response = await inject({ method: 'PATCH', url: `/api/admin/maintenance/tasks/${tasks.old_analytics}`, payload: { retentionDays } });
      expect(response.statusCode, String(retentionDays)).toBe(400);
      expect(response.json().message).toBe(`retentionDays must be at least ${minimum} for this task: the analytics pages read up to ${minimum} days back.`);
    }
    expect((await inject({ url: '/api/admin/maintenance/tasks' })).json()).toEqual(before);
    // Other tasks delete nothing a page reads: a day is enough.
    await setRetention('finished_jobs', 1);
    await setRetention('finished_jobs', 30);
    await setRetention('old_analytics', minimum);
  });

  it('a shorter analytics retention already stored still keeps what the Week and the shared-links analytics read', async () => {
    await pool().query(`UPDATE maintenance_tasks SET retention_days = 1 WHERE task_name = 'old_analytics'`);
    await pool().query('DELETE FROM analytics_hourly');
    await pool().query('DELETE FROM shared_link_events');
    const linkId = (
      await pool().query<{ id: number }>(`INSERT INTO shared_links (share_token, user_id, story_id) VALUES ('retention-link', $1, $2) RETURNING id`, [admin.id, storyId])
    ).rows[0]!.id;
    const hourAgo = (days: number) => new Date(Math.floor((clock - days * DAY_MS) / HOUR_MS) * HOUR_MS);
    await pool().query(`INSERT INTO analytics_hourly (hour, views, bookmarks) VALUES ($1, 5, 0), ($2, 7, 0)`, [hourAgo(6), hourAgo(200)]);
    await pool().query(`INSERT INTO shared_link_events (shared_link_id, event_type, created_at) VALUES ($1, 'view', $2), ($1, 'view', $3)`, [
      linkId,
      new Date(clock - 80 * DAY_MS),
      new Date(clock - 200 * DAY_MS),
    ]);
    const week = (await inject({ url: '/api/admin/analytics/events?timeframe=168' })).json().totals.views;
    expect((await execute('old_analytics')).success).toBe(true);
    expect((await inject({ url: '/api/admin/analytics/events?timeframe=168' })).json().totals.views).toBe(week);
    expect((await pool().query<{ views: number }>('SELECT views FROM analytics_hourly')).rows).toEqual([{ views: 5 }]);
    expect((await pool().query('SELECT count(*)::int AS n FROM shared_link_events')).rows[0].n).toBe(1);
    await pool().query(`UPDATE maintenance_tasks SET retention_days = $1 WHERE task_name = 'old_analytics'`, [minimumRetentionDays('old_analytics')]);
  });

  it('clears the bodies of finished emails past the retention and keeps every delivery record', async () => {
    const insert = (key: string, status: string, ageDays: number) =>
      pool().query(
        `INSERT INTO email_outbox (idempotency_key, kind, recipient, subject, html, text_body, status, message_id, created_at)
         VALUES ($1, 'welcome', 'a@example.com', 'Hi', '<p>Hi</p>', 'Hi', $2, $1, $3)`,
        [key, status, new Date(clock - ageDays * DAY_MS)],
      );
    await insert('old-sent', 'sent', 40);
    await insert('old-pending', 'pending', 40);
    await insert('new-sent', 'sent', 5);
    const result = await execute('old_email_bodies');
    expect(result.recordsDeleted).toBe(1);
    const rows = await pool().query(`SELECT idempotency_key, status, html, text_body FROM email_outbox WHERE idempotency_key IN ('old-sent', 'old-pending', 'new-sent') ORDER BY idempotency_key`);
    expect(rows.rows).toEqual([
      { idempotency_key: 'new-sent', status: 'sent', html: '<p>Hi</p>', text_body: 'Hi' },
      { idempotency_key: 'old-pending', status: 'pending', html: '<p>Hi</p>', text_body: 'Hi' },
      { idempotency_key: 'old-sent', status: 'sent', html: '', text_body: '' },
    ]);
  });

  it('deletes old finished ingestion cycles and keeps recent and unfinished ones', async () => {
    await pool().query(
      `INSERT INTO ingestion_cycles (reason, instance, started_at, finished_at, status)
       VALUES ('schedule', 'test', $1, $1, 'completed'), ('schedule', 'test', $2, $2, 'completed'), ('schedule', 'test', $1, NULL, 'running')`,
      [new Date(clock - 60 * DAY_MS), new Date(clock - DAY_MS)],
    );
    const result = await execute('finished_jobs');
    expect(result.success).toBe(true);
    expect(result.recordsDeleted).toBeGreaterThanOrEqual(1);
    const left = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM ingestion_cycles WHERE instance = 'test'`);
    expect(left.rows[0]!.n).toBe(2);
  });

  it('refreshes planner statistics', async () => {
    expect(await execute('planner_statistics')).toEqual({ success: true, recordsDeleted: 0, spaceSavedMB: 0, errorMessage: null });
  });
});

describe('runs and their log', () => {
  it('a failed task logs its error and does not stop the others', async () => {
    await pool().query(`UPDATE maintenance_tasks SET next_run = $1`, [new Date(clock - HOUR_MS)]);
    // Deleting share-link events fails (as a lock timeout or a broken table would): only that task fails.
    await pool().query(`CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'shared_link_events refuses deletes'; END $$`);
    await pool().query('CREATE TRIGGER refuse_delete BEFORE DELETE ON shared_link_events FOR EACH STATEMENT EXECUTE FUNCTION refuse_delete()');
    try {
      const results = await t.app.services.get('maintenance').runDue();
      expect(results).toHaveLength(STANDARD_TASKS.length);
      expect(results.filter((result) => !result.success)).toHaveLength(1);
      expect(results.filter((result) => !result.success)[0]!.errorMessage).toMatch(/shared_link_events/);
    } finally {
      await pool().query('DROP TRIGGER refuse_delete ON shared_link_events');
      await pool().query('DROP FUNCTION refuse_delete()');
    }
    const logs = (await inject({ url: '/api/admin/maintenance/logs' })).json().logs;
    const failed = logs.find((log: { status: string }) => log.status === 'failed');
    expect(failed).toMatchObject({ taskName: 'old_analytics', recordsDeleted: 0 });
    expect(failed.errorMessage).toMatch(/shared_link_events/);
    expect(logs.filter((log: { status: string }) => log.status === 'completed').length).toBeGreaterThanOrEqual(STANDARD_TASKS.length - 1);
    const started = logs.map((log: { startedAt: string; id: number }) => [log.startedAt, log.id]);
    expect(started).toEqual([...started].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1)));
    // Each ran: their next run is a schedule's length after this one, so none is due again.
    expect(await t.app.services.get('maintenance').runDue()).toEqual([]);
  });

  it('runs one task at a time: a second Run Now while it runs is refused, and the scheduled pass goes on without it', async () => {
    await pool().query(`INSERT INTO maintenance_logs (task_name, status, started_at) VALUES ('planner_statistics', 'running', $1)`, [new Date(clock - 60_000)]);
    const response = await inject({ method: 'POST', url: `/api/admin/maintenance/execute/${tasks.planner_statistics}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This task is already running. Wait for it to finish.');
    await pool().query(`UPDATE maintenance_tasks SET next_run = $1 WHERE task_name IN ('planner_statistics', 'expired_sessions')`, [new Date(clock - HOUR_MS)]);
    const results = await t.app.services.get('maintenance').runDue();
    expect(results, 'expired_sessions ran; planner_statistics was skipped').toHaveLength(1);
  });
});
