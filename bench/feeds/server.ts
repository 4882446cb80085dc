/**
 * The product's HTTP app on a seeded database (bench/support.ts, 500,000 stories by default) with the ceiling route
 * sized as a cached 20-item RSS feed: what the same server does with no work at all. Started as a child process by
 * bench/feeds/run.ts. The embedded database by default; PostgreSQL when DATABASE_URL is set.
 */
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/index.ts';
import { runMigrations } from '../../server/db/migrate.ts';
import { createMetrics } from '../../server/metrics.ts';
import { addCeilingRoute, seedOnce, serveBenchApp } from '../support.ts';

const STORIES = Number(process.env.BENCH_STORIES ?? 500_000);
const SNAPSHOTS = Number(process.env.BENCH_SNAPSHOTS ?? STORIES * 2);

const config = loadConfig({
  EMBEDDED_DATABASE_CACHE_MB: '1024',
  ...process.env,
  LOG_LEVEL: 'silent',
  INGEST_ENABLED: 'false',
  RATE_LIMIT_PER_MINUTE: '0',
  FEED_REQUESTS_PER_MINUTE: '0',
});
const database = await openDatabase(config);
await runMigrations(database.pool);
await seedOnce(database.pool, { stories: STORIES, snapshots: SNAPSHOTS, nowSeconds: Math.floor(Date.now() / 1000) });

const app = await buildApp({ config, pool: database.pool, db: database.db, metrics: createMetrics(), now: Date.now, trigger: { requestNow: async () => undefined } });
const indexing = Date.now();
await app.services.get('stories').startIndexing();
process.stderr.write(`indexed the story lists in ${((Date.now() - indexing) / 1000).toFixed(1)} s\n`);
const setCeilingSize = addCeilingRoute(app.server);
const sample = await app.server.inject({ url: '/feeds/trending.rss' });
setCeilingSize(sample.body.length);
await serveBenchApp(app.server, database, { bodyBytes: sample.body.length, embedded: database.embedded });
