import { buildApp, type App } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { createIngestion, type Ingestion } from '../../server/hn/service.ts';
import { createMetrics } from '../../server/metrics.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface TestApp {
  app: App;
  db: TestDatabase;
  ingestion: Ingestion;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database. Ingestion reads `HN_API_URL` (a replay server in these tests) and the
 * refresh endpoint runs cycles in-process instead of through the job queue.
 */
export async function createTestApp(options: { env?: Record<string, string>; now?: () => number; web?: { distDir: string; ssrDir: string } } = {}): Promise<TestApp> {
  const config = loadConfig({ LOG_LEVEL: 'silent', HN_API_URL: 'http://127.0.0.1:9/v0', HN_TIMEOUT_MS: '2000', ...options.env });
  const now = options.now ?? Date.now;
  const db = await createTestDatabase({
    DATABASE_POOL_SIZE: config.DATABASE_POOL_SIZE,
    DATABASE_STATEMENT_TIMEOUT_MS: config.DATABASE_STATEMENT_TIMEOUT_MS,
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    DATABASE_POOL_TIMEOUT_MS: config.DATABASE_POOL_TIMEOUT_MS,
  });
  const metrics = createMetrics();
  const app = await buildApp({
    config,
    pool: db.database.pool,
    db: db.database.db,
    metrics,
    now,
    trigger: { requestNow: async (reason) => void ingestion.runCycle(reason) },
    // A test's own web build (its renderer a stand-in), or the tree's when one was built.
    ...(options.web && { webDistDir: options.web.distDir, webSsrDir: options.web.ssrDir }),
  });
  const ingestion = createIngestion({ config, pool: db.database.pool, metrics, log: silentLog, now, backoffMs: 5, events: app.ingestionEvents });
  // As the server does once it listens: lists are answered from memory.
  await app.services.get('stories').startIndexing();
  return {
    app,
    db,
    ingestion,
    config,
    async close() {
      await app.server.close();
      await db.close();
    },
  };
}

const noop = (): void => undefined;
export const silentLog = { info: noop, warn: noop, error: noop, debug: noop };
