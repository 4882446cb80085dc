import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { ANALYTICS_LIST_SHOWN } from '#common/rules/analytics.ts';

export interface ApiRequestRecord {
  method: string;
  /** The route pattern the request matched ("/api/stories/:id"), or "unmatched": never the address as sent. */
  endpoint: string;
  responseTimeMs: number;
  statusCode: number;
  createdAtMs: number;
}

interface RouteHour {
  hour: number;
  method: string;
  endpoint: string;
  requests: number;
  clientErrors: number;
  serverErrors: number;
  totalResponseMs: number;
}

export interface ApiUsageRecorderOptions {
  /** How often what was recorded is written (and when the process stops). */
  flushIntervalMs?: number;
  /** The newest requests kept in the request log at each write: what the admin page lists. */
  latestKept?: number;
  logger?: FastifyBaseLogger;
}

const HOUR_MS = 3_600_000;

/**
 * Records API requests for the admin analytics at no cost a request would notice: a request adds one to its route's
 * count for the hour in memory, and every couple of seconds one statement adds those counts to `api_usage_hourly`
 * and writes the newest requests (what the page lists) to `api_usage`. What is held between writes is bounded by
 * the routes, not the traffic, and the database's work per write does not grow with it either. A crash loses the
 * last interval from the analytics only. Hours are written in key order so two instances lock rows alike.
 */
export class ApiUsageRecorder {
  private totals = new Map<string, RouteHour>();
  private latest: ApiRequestRecord[] = [];
  private writing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly flushIntervalMs: number;
  private readonly latestKept: number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: ApiUsageRecorderOptions = {},
  ) {
    this.flushIntervalMs = options.flushIntervalMs ?? 2000;
    this.latestKept = options.latestKept ?? ANALYTICS_LIST_SHOWN;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.flushIntervalMs);
    this.timer.unref();
  }

  record(entry: ApiRequestRecord): void {
    const hour = Math.floor(entry.createdAtMs / HOUR_MS) * HOUR_MS;
    const key = `${hour} ${entry.method} ${entry.endpoint}`;
    let counts = this.totals.get(key);
    if (!counts) {
      counts = { hour, method: entry.method, endpoint: entry.endpoint, requests: 0, clientErrors: 0, serverErrors: 0, totalResponseMs: 0 };
      this.totals.set(key, counts);
    }
    counts.requests += 1;
    if (entry.statusCode >= 500) counts.serverErrors += 1;
    else if (entry.statusCode >= 400) counts.clientErrors += 1;
    counts.totalResponseMs += entry.responseTimeMs;
    this.latest.push(entry);
    if (this.latest.length > this.latestKept) this.latest.shift();
  }

  /** Writes what was recorded since the last write; one write at a time, so they keep their order. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.totals.size === 0) return;
    const totals = [...this.totals.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, counts]) => counts);
    const latest = this.latest;
    this.totals = new Map();
    this.latest = [];
    this.writing = this.write(totals, latest).finally(() => {
      this.writing = null;
    });
    await this.writing;
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async write(totals: RouteHour[], latest: ApiRequestRecord[]): Promise<void> {
    try {
      await this.pool.query(
        `WITH latest AS (
           INSERT INTO api_usage (method, endpoint, response_time_ms, status_code, created_at)
           SELECT * FROM unnest($1::text[], $2::text[], $3::real[], $4::smallint[], $5::timestamptz[])
         )
         INSERT INTO api_usage_hourly (hour, method, endpoint, requests, client_errors, server_errors, total_response_ms)
         SELECT * FROM unnest($6::timestamptz[], $7::text[], $8::text[], $9::int[], $10::int[], $11::int[], $12::float8[])
         ON CONFLICT (hour, method, endpoint) DO UPDATE SET
           requests = api_usage_hourly.requests + excluded.requests,
           client_errors = api_usage_hourly.client_errors + excluded.client_errors,
           server_errors = api_usage_hourly.server_errors + excluded.server_errors,
           total_response_ms = api_usage_hourly.total_response_ms + excluded.total_response_ms`,
        [
          latest.map((entry) => entry.method),
          latest.map((entry) => entry.endpoint),
          latest.map((entry) => Math.round(entry.responseTimeMs * 100) / 100),
          latest.map((entry) => entry.statusCode),
          latest.map((entry) => new Date(entry.createdAtMs)),
          totals.map((counts) => new Date(counts.hour)),
          totals.map((counts) => counts.method),
          totals.map((counts) => counts.endpoint),
          totals.map((counts) => counts.requests),
          totals.map((counts) => counts.clientErrors),
          totals.map((counts) => counts.serverErrors),
          totals.map((counts) => counts.totalResponseMs),
        ],
      );
    } catch (error) {
      // Analytics never fail a request or the process; the interval's counts are given up, and the log says so.
      this.options.logger?.warn({ err: error, requests: totals.reduce((sum, counts) => sum + counts.requests, 0) }, 'API usage not recorded');
    }
  }
}
