/**
 * The product's HTTP app on a database holding the keyword buckets of BENCH_STORIES stories (default 500,000) over
 * a year, plus `/bench/ceiling` answering a precomputed body the size of the 24-hour trends answer. Started as a
 * child process by bench/keywords/run.ts so the load generator does not share its event loop. `/bench/cold/*` answer
 * the same calls without the answer cache, as a request for a period or time zone not asked for since the last
 * cycle is answered.
 *
 * The buckets are generated in SQL with the shape ingestion gives them (about 5 keywords a story, a long tail of
 * rare keywords, a few always-big ones, phrases), not extracted from 500,000 titles: the calls read only buckets,
 * and the cost of extraction is measured on its own by the run (on real cycles).
 */
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/index.ts';
import { runMigrations } from '../../server/db/migrate.ts';
import { createMetrics } from '../../server/metrics.ts';
import { sendJsonText } from '../../server/http/json-text.ts';
import { KeywordsService } from '../../server/modules/keywords/service.ts';
import { HOUR_MS, moveKeywordWindows } from '../../server/modules/keywords/windows.ts';
import { KEYWORD_PERIODS, type KeywordPeriod } from '#common/rules/keyword-trends.ts';
import { addCeilingRoute, serveBenchApp } from '../support.ts';
import { PATTERN_ZONES } from './zones.ts';

const STORIES = Number(process.env.BENCH_STORIES ?? 500_000);
/** 500,000 stories are about a year of Hacker News (new stories included), so they are spread over 365 days. */
const DAYS = 365;
const KEYWORDS = 40_000;
const KEYWORDS_PER_STORY = 5;

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', INGEST_ENABLED: 'false', RATE_LIMIT_PER_MINUTE: '0' });
const database = await openDatabase(config);
await runMigrations(database.pool);
const pool = database.pool;
const nowMs = Date.now();
const existing = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM keyword_hourly');
if ((existing.rows[0]?.n ?? 0) === 0) {
  const started = Date.now();
  await pool.query(
    `INSERT INTO keywords (key, display)
     SELECT CASE WHEN g % 7 = 0 THEN 'topic' || g || ' phrase' || (g % 97) ELSE 'topic' || g END,
            CASE WHEN g % 7 = 0 THEN 'Topic' || g || ' phrase' || (g % 97) ELSE 'Topic' || g END
       FROM generate_series(1, $1) AS g`,
    [KEYWORDS],
  );
  // Mentions per hour: STORIES * KEYWORDS_PER_STORY spread over the hours; keyword k is drawn with weight ~ 1/k
  // (a Zipf tail), by squaring a uniform hash.
  const hours = DAYS * 24;
  const perHour = Math.round((STORIES * KEYWORDS_PER_STORY) / hours);
  for (let hour = 0; hour < hours; hour += 24 * 7) {
    await pool.query(
      `INSERT INTO keyword_hourly (keyword_id, hour, stories, points)
       SELECT k, h, count(*)::int, sum(1 + (m * 7919) % 300)::int
         FROM (SELECT date_trunc('hour', to_timestamp($1 / 1000.0)) - make_interval(hours => h0) AS h,
                      1 + floor(power(((m * 2654435761::bigint + h0 * 40503) % 1000003) / 1000003.0, 3) * $3)::int AS k, m
                 FROM generate_series($4::int, $5::int) AS h0, generate_series(1, $2) AS m) AS mention
        GROUP BY k, h`,
      [nowMs, perHour, KEYWORDS, hour, Math.min(hours, hour + 24 * 7) - 1],
    );
  }
  await pool.query('ANALYZE keyword_hourly');
  await pool.query('ANALYZE keywords');
  const rows = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM keyword_hourly');
  process.stderr.write(`seeded ${rows.rows[0]!.n} hourly buckets for ${STORIES} stories in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

/** Moves the keyword windows to the hour of `ms`, as ingestion's first cycle of an hour does; returns the seconds it took. */
async function moveWindows(ms: number): Promise<number> {
  const started = performance.now();
  await moveKeywordWindows(pool, ms);
  return (performance.now() - started) / 1000;
}
const counted = await moveWindows(nowMs);
// Readers in the benchmark's zones have asked for the hourly patterns (which registers their splits), and the
// windows have changed since (the hour turning, below), as ingestion changes them every minute: their answers are
// written.
const readers = new KeywordsService(pool, Date.now);
for (const zone of PATTERN_ZONES) await readers.hourlyPatterns('24h', zone);
const windowRows = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM keyword_windows');
// The hour turning, forwards and back: each window gains the hour entering it and loses the one leaving it.
const turned = await moveWindows(nowMs + HOUR_MS);
const turnedBack = await moveWindows(nowMs);
await pool.query('VACUUM ANALYZE keyword_windows');
process.stderr.write(
  `keyword windows: ${windowRows.rows[0]!.n} rows counted from the buckets in ${counted.toFixed(1)} s; ` +
    `the hour turning took ${(turned * 1000).toFixed(0)} ms (and ${(turnedBack * 1000).toFixed(0)} ms back)\n`,
);
await pool.query(`INSERT INTO ingestion_cycles (reason, instance, started_at, finished_at, status) VALUES ('bench', 'bench', now(), now(), 'ok')`);

const app = await buildApp({ config, pool, db: database.db, metrics: createMetrics(), now: Date.now, trigger: { requestNow: async () => undefined } });
// Uncached: each request does the database work of a cold request.
const uncached = new KeywordsService(pool, Date.now);
let coldRequests = 0;
const nextPeriod = (): KeywordPeriod => KEYWORD_PERIODS[coldRequests++ % KEYWORD_PERIODS.length]!;
app.server.get('/bench/cold/trending', { schema: { hide: true } }, async () => ({ keywords: await uncached.trending(nextPeriod(), 20) }));
app.server.get('/bench/cold/trends', { schema: { hide: true } }, async (_request, reply) => sendJsonText(reply, await uncached.trends(nextPeriod())));
app.server.get('/bench/cold/hourly-patterns', { schema: { hide: true } }, async () =>
  uncached.hourlyPatterns(nextPeriod(), PATTERN_ZONES[coldRequests % PATTERN_ZONES.length]!),
);
const setCeilingSize = addCeilingRoute(app.server);
const sample = await app.server.inject({ url: '/api/keywords/trends?period=24h' });
setCeilingSize(sample.body.length);
await serveBenchApp(app.server, database, { bodyBytes: sample.body.length });
