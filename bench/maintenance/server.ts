/**
 * The product's HTTP app on a database of BENCH_SNAPSHOTS story snapshots (10,000,000 by default, over
 * BENCH_STORIES stories spread over the last year), with two routes for bench/maintenance/run.ts:
 * `POST /bench/thin` starts the thin-snapshots maintenance task (as Run Now does) and `GET /bench/thin` tells
 * whether it finished, with its result, its duration and the database's size before and after.
 * The embedded database by default; PostgreSQL when DATABASE_URL is set.
 */
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/index.ts';
import { runMigrations } from '../../server/db/migrate.ts';
import { createMetrics } from '../../server/metrics.ts';
import type { MaintenanceResult } from '#common/contracts/maintenance.ts';
import { seedBenchmarkData, serveBenchApp } from '../support.ts';

const SNAPSHOTS = Number(process.env.BENCH_SNAPSHOTS ?? 10_000_000);
const STORIES = Number(process.env.BENCH_STORIES ?? SNAPSHOTS / 20);

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', INGEST_ENABLED: 'false', RATE_LIMIT_PER_MINUTE: '0' });
const database = await openDatabase(config);
await runMigrations(database.pool);
const nowSeconds = Math.floor(Date.now() / 1000);
const client = await database.pool.connect();
try {
  // A fresh set each run: the task deletes what the last run seeded. Seeding's statements outlast the timeout for requests.
  await client.query('SET statement_timeout = 0');
  await client.query('TRUNCATE stories CASCADE');
  const started = Date.now();
  await seedBenchmarkData(client, { stories: STORIES, snapshots: SNAPSHOTS, nowSeconds });
  await client.query('VACUUM story_snapshots');
  process.stderr.write(`seeded ${STORIES} stories and ${SNAPSHOTS} snapshots in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
} finally {
  client.release();
}
await database.pool.query(`INSERT INTO ingestion_cycles (reason, instance, started_at, finished_at, status) VALUES ('bench', 'bench', now(), now(), 'ok')`);

const app = await buildApp({ config, pool: database.pool, db: database.db, metrics: createMetrics(), now: Date.now, trigger: { requestNow: async () => undefined } });
const actor = { userId: 'bench', ipAddress: null };
const databaseBytes = async () => Number((await database.pool.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes')).rows[0]!.bytes);
const snapshotCount = async () => (await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM story_snapshots')).rows[0]!.n;

let run: { done: boolean; seconds?: number; result?: MaintenanceResult; bytesBefore: number; bytesAfter?: number; rowsBefore: number; rowsAfter?: number } | null = null;
app.server.post('/bench/thin', { schema: { hide: true } }, async () => {
  const { tasks } = await app.services.get('maintenance').initialize(actor);
  const task = tasks.find((entry) => entry.taskName === 'thin_snapshots')!;
  run = { done: false, bytesBefore: await databaseBytes(), rowsBefore: await snapshotCount() };
  const started = performance.now();
  const current = run;
  void app.services.get('maintenance').executeNow(actor, task.id).then(async (result) => {
    Object.assign(current, { done: true, result, seconds: (performance.now() - started) / 1000, bytesAfter: await databaseBytes(), rowsAfter: await snapshotCount() });
  });
  return { started: true };
});
app.server.get('/bench/thin', { schema: { hide: true } }, async () => run ?? { done: false });
await serveBenchApp(app.server, database, { embedded: database.embedded, snapshots: SNAPSHOTS, stories: STORIES });
