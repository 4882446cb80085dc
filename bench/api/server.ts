/**
 * The product's HTTP app on a seeded database, plus one extra route, `/bench/ceiling`, answering a
 * precomputed body of the same size as trending page 1: what the same server does with no work at all.
 * Started as a child process by bench/api/run.ts so the load generator does not share its event loop.
 * The embedded database by default; PostgreSQL when DATABASE_URL is set.
 */
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/index.ts';
import { runMigrations } from '../../server/db/migrate.ts';
import { createMetrics } from '../../server/metrics.ts';
import { addCeilingRoute, seedOnce, serveBenchApp } from '../support.ts';

const STORIES = Number(process.env.BENCH_STORIES ?? 500_000);
const SNAPSHOTS = Number(process.env.BENCH_SNAPSHOTS ?? STORIES * 20);

// 500,000 stories do not fit PostgreSQL's default 128 MB page cache; an install of this size raises it (docs/performance.md).
const config = loadConfig({
  EMBEDDED_DATABASE_CACHE_MB: '1024',
  ...process.env,
  LOG_LEVEL: 'silent',
  INGEST_ENABLED: 'false',
  RATE_LIMIT_PER_MINUTE: '0',
});
const database = await openDatabase(config);
await runMigrations(database.pool);
const nowSeconds = Math.floor(Date.now() / 1000);
await seedOnce(database.pool, { stories: STORIES, snapshots: SNAPSHOTS, nowSeconds });

const app = await buildApp({
  config,
  pool: database.pool,
  db: database.db,
  metrics: createMetrics(),
  now: Date.now,
  trigger: { requestNow: async () => undefined },
});
// As the server does once it listens; waited for here, so that no measurement shares the machine with the load.
const indexing = Date.now();
await app.services.get('stories').startIndexing();
process.stderr.write(`indexed the story lists in ${((Date.now() - indexing) / 1000).toFixed(1)} s\n`);
const setCeilingSize = addCeilingRoute(app.server);
const page1 = await app.server.inject({ url: '/api/stories/trending?page=1&limit=50&timeFilter=month' });
setCeilingSize(page1.body.length);
await serveBenchApp(app.server, database, { bodyBytes: page1.body.length, embedded: database.embedded, cacheMb: config.EMBEDDED_DATABASE_CACHE_MB });
