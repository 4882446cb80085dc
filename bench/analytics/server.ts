/**
 * The product's HTTP app for bench/analytics/run.ts on a week of recorded activity: BENCH_STORIES stories (50,000),
 * BENCH_EVENTS analytics events (2,000,000: views of a heavy-tailed set of stories, one in ten a bookmark) with the
 * stories' hourly activity and running counts per period they make, and
 * BENCH_API_REQUESTS recorded API requests (5,000,000 over 40 routes) with their hourly totals, spread evenly over
 * the last seven days. Prints its address, an admin's session cookie and each analytics query's plan (stderr).
 * The embedded database by default; PostgreSQL when DATABASE_URL is set.
 */
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/index.ts';
import { runMigrations } from '../../server/db/migrate.ts';
import { createMetrics } from '../../server/metrics.ts';
import { expireWindows, periodStart, TIMEFRAME_HOURS } from '../../server/modules/analytics/windows.ts';
import { addCeilingRoute, seedBenchmarkData, serveBenchApp } from '../support.ts';

const STORIES = Number(process.env.BENCH_STORIES ?? 50_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2_000_000);
const API_REQUESTS = Number(process.env.BENCH_API_REQUESTS ?? 5_000_000);
const WEEK_SECONDS = 7 * 86_400;
const CHUNK = 500_000;

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', INGEST_ENABLED: 'false', RATE_LIMIT_PER_MINUTE: '0' });
const database = await openDatabase(config);
await runMigrations(database.pool);
const pool = database.pool;
const app = await buildApp({ config, pool, db: database.db, metrics: createMetrics(), now: Date.now, trigger: { requestNow: async () => undefined } });
const setCeilingSize = addCeilingRoute(app.server);
// What the analytics job does when an hour leaves every period: timed on the seeded week, an hour ahead.
app.server.post('/bench/expire-hour', { schema: { hide: true } }, async () => {
  const started = performance.now();
  await expireWindows(pool, Date.now() + 3_600_000);
  return { ms: performance.now() - started };
});

const client = await pool.connect();
try {
  await client.query('SET statement_timeout = 0');
  await client.query('TRUNCATE stories, api_usage, api_usage_hourly, analytics_hourly CASCADE');
  const started = Date.now();
  const nowSeconds = Math.floor(Date.now() / 1000);
  await seedBenchmarkData(client, { stories: STORIES, snapshots: STORIES, nowSeconds });
  const { low } = (await client.query<{ low: number }>('SELECT min(id) AS low FROM stories')).rows[0]!;
  // In chunks, so no one statement holds the embedded database for minutes. The n-th row's time walks the week.
  for (let from = 1; from <= EVENTS; from += CHUNK) {
    await client.query(
      `INSERT INTO analytics_events (event_type, properties, story_id, created_at)
       SELECT CASE WHEN g % 10 = 0 THEN 'story_bookmark' ELSE 'story_view' END, jsonb_build_object('title', 'Benchmark story ' || g),
              $3 + floor($4 * power(((g * 7919) % 10007) / 10007.0, 3))::int, to_timestamp($5 - g * $6::float8 / $7)
         FROM generate_series($1::bigint, $2::bigint) AS g`,
      [from, Math.min(from + CHUNK - 1, EVENTS), low, STORIES - 1, nowSeconds, WEEK_SECONDS, EVENTS],
    );
  }
  const routes = app.routes.filter((route) => route.url.startsWith('/api/')).slice(0, 40);
  for (let from = 1; from <= API_REQUESTS; from += CHUNK) {
    await client.query(
      `INSERT INTO api_usage (method, endpoint, response_time_ms, status_code, created_at)
       SELECT ($3::text[])[1 + g % $4], ($8::text[])[1 + g % $4], 1 + (g % 97) / 7.0, CASE WHEN g % 50 = 0 THEN 404 WHEN g % 997 = 0 THEN 500 ELSE 200 END,
              to_timestamp($5 - g * $6::float8 / $7)
         FROM generate_series($1::bigint, $2::bigint) AS g`,
      [from, Math.min(from + CHUNK - 1, API_REQUESTS), routes.map((r) => r.method), routes.length, nowSeconds, WEEK_SECONDS, API_REQUESTS, routes.map((r) => r.url)],
    );
  }
  await client.query(
    `INSERT INTO api_usage_hourly (hour, method, endpoint, requests, client_errors, server_errors, total_response_ms)
     SELECT date_trunc('hour', created_at), method, endpoint, count(*), count(*) FILTER (WHERE status_code BETWEEN 400 AND 499),
            count(*) FILTER (WHERE status_code >= 500), sum(response_time_ms)
       FROM api_usage GROUP BY 1, 2, 3`,
  );
  // The stories' hourly activity, as tracking keeps it; four viewers in five are counted unique.
  await client.query(
    `INSERT INTO story_hourly_activity (hour, story_id, views, unique_views, bookmarks)
     SELECT date_trunc('hour', created_at), story_id, count(*) FILTER (WHERE event_type = 'story_view'),
            ceil(0.8 * count(*) FILTER (WHERE event_type = 'story_view')), count(*) FILTER (WHERE event_type = 'story_bookmark')
       FROM analytics_events GROUP BY 1, 2`,
  );
  // Each period's running counts and the hourly totals, as tracking and the analytics job keep them.
  await client.query('TRUNCATE analytics_hourly');
  await client.query(
    `INSERT INTO analytics_hourly (hour, views, bookmarks) SELECT hour, sum(views), sum(bookmarks) FROM story_hourly_activity GROUP BY hour`,
  );
  for (const hours of TIMEFRAME_HOURS) {
    const start = periodStart(hours, Date.now());
    await client.query(
      `INSERT INTO story_window_activity (timeframe, story_id, views, unique_views, bookmarks)
       SELECT $1, story_id, sum(views), sum(unique_views), sum(bookmarks) FROM story_hourly_activity WHERE hour >= $2 GROUP BY story_id`,
      [hours, start],
    );
    await client.query('UPDATE analytics_windows SET expired_before = $2 WHERE timeframe = $1', [hours, start]);
  }
  await client.query('VACUUM ANALYZE analytics_events');
  await client.query('VACUUM ANALYZE story_hourly_activity');
  await client.query('VACUUM ANALYZE story_window_activity');
  await client.query('VACUUM ANALYZE api_usage');
  await client.query('VACUUM ANALYZE api_usage_hourly');
  process.stderr.write(
    `seeded ${STORIES.toLocaleString('en-US')} stories, ${EVENTS.toLocaleString('en-US')} events and ${API_REQUESTS.toLocaleString('en-US')} API requests in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
} finally {
  client.release();
}

const signUp = await app.server.inject({
  method: 'POST',
  url: '/api/auth/sign-up/email',
  payload: { email: `bench-${Date.now()}@example.com`, name: 'Bench Admin', password: 'correct horse battery staple' },
});
await pool.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [signUp.json().user.id]);
const cookie = [signUp.headers['set-cookie']].flat().map((c) => String(c).split(';')[0]).join('; ');
const sample = await app.server.inject({ url: '/api/analytics/popular-stories?timeframe=168&limit=50', headers: { cookie } });
if (sample.statusCode !== 200) throw new Error(`popular stories: ${sample.statusCode} ${sample.body}`);
setCeilingSize(sample.body.length);
await serveBenchApp(app.server, database, { cookie, embedded: database.embedded, stories: STORIES, events: EVENTS, apiRequests: API_REQUESTS });
