/**
 * The product's HTTP app on a seeded database for bench/story: BENCH_STORIES stories (default 500,000) and
 * BENCH_SNAPSHOTS snapshots (default 20 a story: 10,000,000), as bench/api seeds them, plus BENCH_LONG_STORIES
 * stories (default 100) with two days of a snapshot every minute (2,880 each), the longest history thinning keeps
 * whole, and their history digests as ingestion keeps them (BENCH_HISTORY_DIGESTS=off: none, every page read from
 * its snapshots). Started as a child process by bench/story/run.ts; prints its address, the id range and the long
 * stories' ids.
 */
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/index.ts';
import { runMigrations } from '../../server/db/migrate.ts';
import { createMetrics } from '../../server/metrics.ts';
import { makeMissingHistoryDigests } from '../../server/modules/stories/history-digests.ts';
import { addCeilingRoute, seedBenchmarkData, serveBenchApp } from '../support.ts';

const STORIES = Number(process.env.BENCH_STORIES ?? 500_000);
const SNAPSHOTS = Number(process.env.BENCH_SNAPSHOTS ?? STORIES * 20);
const LONG_STORIES = Number(process.env.BENCH_LONG_STORIES ?? 100);
const LONG_MINUTES = 2 * 1440;

const config = loadConfig({ EMBEDDED_DATABASE_CACHE_MB: '1024', ...process.env, LOG_LEVEL: 'silent', INGEST_ENABLED: 'false', RATE_LIMIT_PER_MINUTE: '0' });
const database = await openDatabase(config);
const pool = database.pool;
await runMigrations(pool);
const existing = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM stories');
const nowSeconds = Math.floor(Date.now() / 1000);
if ((existing.rows[0]?.n ?? 0) === 0) {
  const started = Date.now();
  const client = await pool.connect();
  try {
    await client.query('SET statement_timeout = 0');
    await seedBenchmarkData(client, { stories: STORIES, snapshots: SNAPSHOTS, nowSeconds });
    // The long histories: the newest stories of the last two days, replaced by a snapshot a minute, on the front
    // page for part of it.
    await client.query(
      `WITH chosen AS (SELECT id FROM stories ORDER BY time DESC LIMIT $1)
       DELETE FROM story_snapshots WHERE story_id IN (SELECT id FROM chosen)`,
      [LONG_STORIES],
    );
    await client.query(
      `INSERT INTO story_snapshots (story_id, sampled_at, score, descendants, top_rank)
       SELECT s.id, to_timestamp($2 - ($3 - k) * 60), 1 + k / 4, k / 10, CASE WHEN k BETWEEN 600 AND 1800 THEN 1 + abs(k - 1200) / 20 END
         FROM (SELECT id FROM stories ORDER BY time DESC LIMIT $1) s, generate_series(1, $3) AS k`,
      [LONG_STORIES, nowSeconds, LONG_MINUTES],
    );
    await client.query('VACUUM (ANALYZE) story_snapshots');
  } finally {
    client.release();
  }
  process.stderr.write(`seeded ${STORIES} stories and ${SNAPSHOTS} snapshots (+ ${LONG_STORIES} long histories) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
// The stories' history digests, as ingestion and the thinning task keep them (server/modules/stories/history-digests.ts);
// BENCH_HISTORY_DIGESTS=off removes them, to measure the pages read from every snapshot instead.
if (process.env.BENCH_HISTORY_DIGESTS === 'off') {
  await pool.query('TRUNCATE story_history_digests');
} else {
  const started = Date.now();
  const made = await makeMissingHistoryDigests(pool);
  if (made > 0) process.stderr.write(`made ${made} history digests in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
const range = (await pool.query<{ low: number; high: number; rows: string }>('SELECT min(id) AS low, max(id) AS high, (SELECT count(*) FROM story_snapshots) AS rows FROM stories')).rows[0]!;
const long = (await pool.query<{ id: number }>('SELECT id FROM stories ORDER BY time DESC LIMIT $1', [LONG_STORIES])).rows.map((row) => row.id);

const app = await buildApp({ config, pool, db: database.db, metrics: createMetrics(), now: Date.now, trigger: { requestNow: async () => undefined } });
const setCeilingSize = addCeilingRoute(app.server);
const sample = await app.server.inject({ url: `/api/stories/${range.high}/history` });
setCeilingSize(sample.body.length);
const page = await app.server.inject({ url: `/stories/${range.high}` });
await serveBenchApp(app.server, database, {
  low: range.low,
  high: range.high,
  snapshots: Number(range.rows),
  long,
  embedded: database.embedded,
  // Whether /stories/{id} is rendered by the server here (a web build with its renderer exists).
  rendered: page.statusCode === 200 && page.body.includes('app-state'),
});
