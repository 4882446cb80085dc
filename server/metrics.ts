import client from 'prom-client';
import type { CycleReport } from './hn/ingest.ts';

/** The product's Prometheus metrics; one registry per app so tests can build several apps in one process. */
export function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const cycleDuration = new client.Histogram({
    name: 'hn_ingest_cycle_duration_seconds',
    help: 'Duration of ingestion cycles',
    labelNames: ['status'],
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120],
    registers: [registry],
  });
  const itemsFetched = new client.Counter({
    name: 'hn_ingest_items_fetched_total',
    help: 'Hacker News items fetched by ingestion',
    registers: [registry],
  });
  const snapshots = new client.Counter({
    name: 'hn_ingest_snapshots_total',
    help: 'Story snapshots appended',
    registers: [registry],
  });
  const errors = new client.Counter({
    name: 'hn_ingest_errors_total',
    help: 'Failed fetches and failed cycles',
    registers: [registry],
  });
  const lag = new client.Gauge({
    name: 'hn_ingest_lag_seconds',
    help: 'Seconds between the previous successful cycle and the latest cycle start',
    registers: [registry],
  });
  const lastSuccess = new client.Gauge({
    name: 'hn_ingest_last_success_timestamp_seconds',
    help: 'Unix time of the last successful cycle seen by this instance',
    registers: [registry],
  });
  const httpDuration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  return {
    registry,
    httpDuration,
    recordCycle(report: CycleReport, finishedAtMs: number): void {
      cycleDuration.observe({ status: report.status }, report.durationMs / 1000);
      itemsFetched.inc(report.itemsFetched);
      snapshots.inc(report.snapshotsAppended);
      errors.inc(report.errors);
      if (report.lagSeconds !== null) lag.set(report.lagSeconds);
      if (report.status !== 'failed') lastSuccess.set(Math.round(finishedAtMs / 1000));
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
