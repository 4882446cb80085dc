import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type pg from 'pg';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics.ts';
import { HnClient } from './client.ts';
import type { IngestionEvents } from './events.ts';
import { runIngestionCycle, type CycleReport } from './ingest.ts';

export interface Ingestion {
  /** Runs one cycle now (unless another instance is running one); null when it didn't run. */
  runCycle(reason: string): Promise<CycleReport | null>;
  /** Stops the cycle in flight: fetching ends, what was fetched is stored. */
  abort(): void;
}

export const INSTANCE_ID = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;

export function createIngestion(options: {
  config: Config;
  pool: pg.Pool;
  metrics: Metrics;
  log: Logger;
  now: () => number;
  /** Where cycles announce what they stored and that they finished (the app's, built from the module list). */
  events: IngestionEvents;
  /** Tests shorten the retry backoff; production keeps the client's default. */
  backoffMs?: number;
}): Ingestion {
  const { config, pool, metrics, log, now } = options;
  const controller = new AbortController();
  const client = new HnClient({
    baseUrl: config.HN_API_URL,
    timeoutMs: config.HN_TIMEOUT_MS,
    retries: config.HN_RETRIES,
    backoffMs: options.backoffMs,
    signal: controller.signal,
  });
  return {
    async runCycle(reason) {
      if (controller.signal.aborted) return null;
      const report = await runIngestionCycle(
        {
          pool,
          client,
          concurrency: config.HN_CONCURRENCY,
          maxNewItems: config.HN_MAX_NEW_ITEMS,
          velocityWindowHours: config.VELOCITY_WINDOW_HOURS,
          instance: INSTANCE_ID,
          now,
          signal: controller.signal,
          log,
          events: options.events,
        },
        reason,
      );
      if (!report) {
        log.info({ reason }, 'ingestion cycle skipped: another instance is running one');
        return null;
      }
      metrics.recordCycle(report, now());
      const summary = { ...report, reason };
      if (report.status === 'failed') log.error(summary, 'ingestion cycle failed');
      else log.info(summary, 'ingestion cycle finished');
      for (const failed of options.events.cycleFinished()) log.error({ err: failed.error }, `${failed.name}: could not follow the finished cycle`);
      return report;
    },
    abort() {
      controller.abort();
    },
  };
}
