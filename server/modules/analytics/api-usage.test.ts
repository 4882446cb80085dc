import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { ApiUsageRecorder, type ApiRequestRecord } from './api-usage.ts';

const request = (n: number): ApiRequestRecord => ({ method: 'GET', endpoint: '/api/stories/top', responseTimeMs: n, statusCode: 200, createdAtMs: Date.UTC(2026, 10, 24) });

/** A pool whose query records each batch's size (the second parameter holds one endpoint per request). */
function fakePool(behaviour: () => Promise<unknown> = async () => ({ rowCount: 0 })) {
  const batches: number[] = [];
  const pool = {
    query: vi.fn(async (_sql: string, params: unknown[][]) => {
      batches.push(params[1]!.length);
      return behaviour();
    }),
  };
  return { pool: pool as unknown as pg.Pool, batches };
}

describe('ApiUsageRecorder', () => {
  it('writes nothing per request: a full batch goes in one statement, the rest when flushed', async () => {
    const { pool, batches } = fakePool();
    const recorder = new ApiUsageRecorder(pool, { batchSize: 3 });
    recorder.record(request(1));
    recorder.record(request(2));
    expect(batches).toEqual([]);
    recorder.record(request(3));
    recorder.record(request(4));
    await recorder.flush();
    expect(batches).toEqual([3, 1]);
  });

  it('drops requests beyond the buffer while the database falls behind, and counts them', async () => {
    const { pool, batches } = fakePool();
    const recorder = new ApiUsageRecorder(pool, { batchSize: 100, maxBuffered: 5 });
    for (let n = 0; n < 8; n++) recorder.record(request(n));
    expect(recorder.dropped).toBe(3);
    await recorder.stop();
    expect(batches).toEqual([5]);
  });

  it('gives up a batch the database refused, logs it, and goes on with the next', async () => {
    let fail = true;
    const { pool, batches } = fakePool(async () => {
      if (fail) throw new Error('database down');
      return { rowCount: 1 };
    });
    const warn = vi.fn();
    const recorder = new ApiUsageRecorder(pool, { batchSize: 10, logger: { warn } as never });
    recorder.record(request(1));
    await expect(recorder.flush()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ requests: 1 }), 'API usage batch not recorded');
    fail = false;
    recorder.record(request(2));
    await recorder.stop();
    expect(batches).toEqual([1, 1]);
  });

  it('writes batches one at a time, in order, when flushes overlap', async () => {
    let release: () => void = () => undefined;
    const { pool, batches } = fakePool(() => new Promise((resolve) => (release = () => resolve({ rowCount: 0 }))));
    const recorder = new ApiUsageRecorder(pool, { batchSize: 2 });
    recorder.record(request(1));
    recorder.record(request(2));
    recorder.record(request(3));
    const second = recorder.flush();
    await Promise.resolve();
    expect(batches).toEqual([2]);
    release();
    await vi.waitFor(() => expect(batches).toEqual([2, 1]));
    release();
    await second;
  });
});
