import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { ApiUsageRecorder, type ApiRequestRecord } from './api-usage.ts';

const HOUR = Date.UTC(2026, 10, 24, 15);
const request = (overrides: Partial<ApiRequestRecord> = {}): ApiRequestRecord => ({
  method: 'GET',
  endpoint: '/api/stories/top',
  responseTimeMs: 2,
  statusCode: 200,
  createdAtMs: HOUR + 60_000,
  ...overrides,
});

/** A pool that keeps each write's parameters. */
function fakePool(behaviour: () => Promise<unknown> = async () => ({ rowCount: 0 })) {
  const writes: unknown[][][] = [];
  const pool = {
    query: vi.fn(async (_sql: string, params: unknown[][]) => {
      writes.push(params);
      return behaviour();
    }),
  };
  return { pool: pool as unknown as pg.Pool, writes };
}

describe('ApiUsageRecorder', () => {
  it('writes nothing per request: one statement adds each route’s counts per hour and the newest requests', async () => {
    const { pool, writes } = fakePool();
    const recorder = new ApiUsageRecorder(pool, { latestKept: 2 });
    recorder.record(request({ responseTimeMs: 3 }));
    recorder.record(request({ statusCode: 404, responseTimeMs: 5 }));
    recorder.record(request({ endpoint: 'unmatched', statusCode: 404 }));
    recorder.record(request({ statusCode: 503, createdAtMs: HOUR + 3_600_000 }));
    expect(writes).toEqual([]);
    await recorder.flush();
    expect(writes).toHaveLength(1);
    const [methods, endpoints, , statuses, , hours, , routes, requests, clientErrors, serverErrors, totalMs] = writes[0]!;
    // The request log keeps the newest two, as asked.
    expect([methods, endpoints, statuses]).toEqual([['GET', 'GET'], ['unmatched', '/api/stories/top'], [404, 503]]);
    expect(hours).toEqual([new Date(HOUR), new Date(HOUR), new Date(HOUR + 3_600_000)]);
    expect(routes).toEqual(['/api/stories/top', 'unmatched', '/api/stories/top']);
    expect([requests, clientErrors, serverErrors, totalMs]).toEqual([
      [2, 1, 1],
      [1, 1, 0],
      [0, 0, 1],
      [8, 2, 2],
    ]);
    // Nothing is written twice.
    await recorder.flush();
    expect(writes).toHaveLength(1);
  });

  it('holds one count per route and hour however many requests come', async () => {
    const { pool, writes } = fakePool();
    const recorder = new ApiUsageRecorder(pool);
    for (let n = 0; n < 10_000; n++) recorder.record(request({ endpoint: n % 2 ? '/api/stories/top' : '/api/stories/new' }));
    await recorder.stop();
    const [methods, , , , , , , routes, requests] = writes[0]!;
    expect(routes).toEqual(['/api/stories/new', '/api/stories/top']);
    expect(requests).toEqual([5000, 5000]);
    // The request log keeps what the admin page lists.
    expect(methods).toHaveLength(20);
  });

  it('gives up an interval the database refused, logs it, and goes on with the next', async () => {
    let fail = true;
    const { pool, writes } = fakePool(async () => {
      if (fail) throw new Error('database down');
      return { rowCount: 1 };
    });
    const warn = vi.fn();
    const recorder = new ApiUsageRecorder(pool, { logger: { warn } as never });
    recorder.record(request());
    await expect(recorder.flush()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ requests: 1 }), 'API usage not recorded');
    fail = false;
    recorder.record(request());
    await recorder.stop();
    expect(writes).toHaveLength(2);
  });

  it('writes one interval at a time, in order, when flushes overlap', async () => {
    let release: () => void = () => undefined;
    const { pool, writes } = fakePool(() => new Promise((resolve) => (release = () => resolve({ rowCount: 0 }))));
    const recorder = new ApiUsageRecorder(pool);
    recorder.record(request());
    const first = recorder.flush();
    recorder.record(request({ endpoint: '/api/later' }));
    const second = recorder.flush();
    await Promise.resolve();
    expect(writes).toHaveLength(1);
    release();
    await first;
    await vi.waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]![7]).toEqual(['/api/later']);
    release();
    await second;
  });
});
