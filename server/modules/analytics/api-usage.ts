import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

export interface ApiRequestRecord {
  method: string;
  /** The route pattern the request matched ("/api/stories/:id"), or "unmatched": never the address as sent. */
  endpoint: string;
  responseTimeMs: number;
  statusCode: number;
  createdAtMs: number;
}

export interface ApiUsageRecorderOptions {
  /** How often the buffer is written (and when the process stops). */
  flushIntervalMs?: number;
  /** A full batch is written at once, without waiting for the interval. */
  batchSize?: number;
  /** While writes fail or fall behind, at most this many requests wait; newer ones are dropped and counted. */
  maxBuffered?: number;
  logger?: FastifyBaseLogger;
}

/**
 * Records API requests for the admin analytics at no cost a request would notice: a request only appends to an
 * in-memory buffer, and one statement per batch writes the rows and adds them to the hourly totals. A request
 * lost in a crash is lost from the analytics only. The rows are sorted before the hourly upsert so two
 * instances writing the same hours lock them in the same order.
 */
export class ApiUsageRecorder {
  private buffer: ApiRequestRecord[] = [];
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Requests dropped because the buffer was full (a database that could not keep up). */
  dropped = 0;
  private readonly flushIntervalMs: number;
  private readonly batchSize: number;
  private readonly maxBuffered: number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: ApiUsageRecorderOptions = {},
  ) {
    this.flushIntervalMs = options.flushIntervalMs ?? 2000;
    this.batchSize = options.batchSize ?? 500;
    this.maxBuffered = options.maxBuffered ?? 20_000;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.flushIntervalMs);
    this.timer.unref();
  }

  record(entry: ApiRequestRecord): void {
    if (this.buffer.length >= this.maxBuffered) {
      this.dropped += 1;
      return;
    }
    this.buffer.push(entry);
    if (this.buffer.length >= this.batchSize && !this.flushing) void this.flush();
  }

  /** Writes what is buffered; one write at a time, so batches keep their order. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.buffer.length === 0) return;
    const batch = this.buffer.splice(0, this.batchSize);
    this.flushing = this.write(batch).finally(() => {
      this.flushing = null;
    });
    await this.flushing;
    if (this.buffer.length >= this.batchSize) await this.flush();
  }

  /** Stops the timer and writes everything still buffered. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.buffer.length > 0 || this.flushing) await this.flush();
  }

  private async write(batch: ApiRequestRecord[]): Promise<void> {
    try {
      await this.pool.query(
        `WITH batch AS (
           SELECT * FROM unnest($1::text[], $2::text[], $3::real[], $4::smallint[], $5::timestamptz[])
                      AS b(method, endpoint, response_time_ms, status_code, created_at)
         ), stored AS (
           INSERT INTO api_usage (method, endpoint, response_time_ms, status_code, created_at) SELECT * FROM batch
         )
         INSERT INTO api_usage_hourly (hour, method, endpoint, requests, client_errors, server_errors, total_response_ms)
         SELECT date_trunc('hour', created_at), method, endpoint, count(*),
                count(*) FILTER (WHERE status_code BETWEEN 400 AND 499), count(*) FILTER (WHERE status_code >= 500), sum(response_time_ms)
           FROM batch GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
         ON CONFLICT (hour, method, endpoint) DO UPDATE SET
           requests = api_usage_hourly.requests + excluded.requests,
           client_errors = api_usage_hourly.client_errors + excluded.client_errors,
           server_errors = api_usage_hourly.server_errors + excluded.server_errors,
           total_response_ms = api_usage_hourly.total_response_ms + excluded.total_response_ms`,
        [
          batch.map((entry) => entry.method),
          batch.map((entry) => entry.endpoint),
          batch.map((entry) => Math.round(entry.responseTimeMs * 100) / 100),
          batch.map((entry) => entry.statusCode),
          batch.map((entry) => new Date(entry.createdAtMs)),
        ],
      );
    } catch (error) {
      // Analytics never fail a request or the process; the batch is given up, and the log says so.
      this.options.logger?.warn({ err: error, requests: batch.length }, 'API usage batch not recorded');
    }
  }
}
