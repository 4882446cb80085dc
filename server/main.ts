import { parseArgs } from 'node:util';
import type PgBoss from 'pg-boss';
import { buildApp } from './app.ts';
import { ConfigError, hasRole, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/index.ts';
import { LOCKS, withAdvisoryLock } from './db/locks.ts';
import { DatabaseOutageWatch } from './db/outage.ts';
import { runMigrations } from './db/migrate.ts';
import { createIngestion, type Ingestion } from './hn/service.ts';
import { createBoss } from './jobs/boss.ts';
import { PeriodicJob } from './jobs/periodic.ts';
import { IngestSchedule } from './jobs/ingest.ts';
import { createMetrics } from './metrics.ts';
import { IngestionDisabledError } from './modules/stories/service.ts';
import { installLastResort } from './last-resort.ts';

/** Start order: config -> database -> migrations -> app -> jobs. Stop order is the reverse. */
async function main(): Promise<void> {
  const args = parseArgs({
    options: { migrate: { type: 'boolean', default: true }, roles: { type: 'string' } },
    allowNegative: true,
  }).values;
  let config: Config;
  try {
    config = loadConfig({ ...process.env, ...(args.roles ? { ROLES: args.roles } : {}) });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Libraries read the mode from the environment: React's server renderer (the signed-in home) runs its
  // production build, about twice as fast, only when NODE_ENV says so, and the config's default is production.
  process.env.NODE_ENV = config.NODE_ENV;

  const database = await openDatabase(config);
  if (args.migrate) await runMigrations(database.pool);

  const metrics = createMetrics();
  const now = Date.now;
  let schedule: IngestSchedule | null = null;
  const app = await buildApp({
    config,
    pool: database.pool,
    db: database.db,
    metrics,
    now,
    trigger: {
      requestNow: async (reason) => {
        if (!schedule) throw new IngestionDisabledError();
        await schedule.requestNow(reason);
      },
    },
  });
  const log = app.server.log;
  // From here on a database outage, wherever it shows, is survived and waited out (docs/operations.md).
  const outage = new DatabaseOutageWatch(
    database.pool,
    log,
    database.embedded ? { giveUpAfterMs: config.EMBEDDED_STALL_EXIT_SECONDS * 1000, giveUp: () => process.exit(1) } : {},
  );
  installLastResort(log, outage, database.lost);
  database.pool.on('error', (error) => outage.report(error));

  let ingestion: Ingestion | null = null;
  const boss: PgBoss = createBoss(database.pool);
  boss.on('error', (error) => {
    if (!outage.report(error)) log.error({ err: error }, 'job queue error');
  });
  if (config.INGEST_ENABLED) {
    ingestion = createIngestion({ config, pool: database.pool, metrics, log, now, events: app.ingestionEvents });
    schedule = new IngestSchedule({
      boss,
      pool: database.pool,
      now,
      intervalSeconds: config.HN_POLL_SECONDS,
      runCycle: ingestion.runCycle,
      log,
      work: hasRole(config, 'worker'),
      outage,
    });
  }
  // Each module's scheduled work (the mail run, the maintenance pass, the analytics periods).
  const jobs = app.jobs.map((job) => {
    const periodic = new PeriodicJob({ ...job, boss, log, work: hasRole(config, 'worker'), outage });
    job.whenRequestable?.(() => periodic.requestNow());
    return periodic;
  });
  const ingestSchedule = schedule;
  // What failed while the database was away is run again as soon as it is back, not at each job's next interval.
  outage.onRecovered(() => {
    ingestSchedule?.requestNow('database back').catch((error: unknown) => log.warn({ err: error }, 'could not request an ingestion cycle'));
    for (const job of jobs) job.requestNow();
  });
  // Instances starting together would race to create pg-boss's tables and queues; they take turns.
  await withAdvisoryLock(database.pool, LOCKS.jobsSetup, async () => {
    await boss.start();
    await ingestSchedule?.start();
    for (const job of jobs) await job.start();
  });

  if (hasRole(config, 'web')) {
    await app.server.listen({ host: config.HOST, port: config.PORT });
    const indexing = Date.now();
    app.services
      .get('stories')
      .startIndexing()
      .then(() => log.info({ ms: Date.now() - indexing }, 'story lists indexed in memory'))
      .catch((error: unknown) => log.error({ err: error }, 'story lists could not be indexed; they are answered by SQL'));
  }
  log.info(
    { roles: config.ROLES, database: database.embedded ? `embedded (${config.DATA_DIR})` : 'postgresql', hnApi: config.HN_API_URL },
    'started',
  );
  // The log is JSON for machines; a person who just typed `npm start` wants the address to open.
  if (hasRole(config, 'web')) console.log(`\nHN Trends is running: open ${browsableAddress(config.HOST, config.PORT)}\n`);

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    const force = setTimeout(() => {
      log.error('could not stop within 25 s; exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    try {
      ingestion?.abort();
      outage.stop();
      // Each waits for its job in hand to finish and be recorded.
      await Promise.all([schedule?.stop(), ...jobs.map((job) => job.stop())]);
      await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
      await app.server.close();
      await database.close();
      log.info('stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});

/** The address a person on this machine opens: a wildcard host is not one a browser can go to. */
function browsableAddress(host: string, port: number): string {
  const local = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${local}:${port}`;
}
