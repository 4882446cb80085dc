import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseOutageWatch } from '../db/outage.ts';
import type { Logger } from '../logger.ts';
import { JobWorker } from './worker.ts';

const log = (): Logger => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() }) as unknown as Logger;
const refused = (): Error => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A queue holding one job, whose completion and failure calls are given by the test. */
function fakeBoss(job: { expireInSeconds: number }, calls: { complete: () => Promise<unknown>; fail: (error: unknown) => Promise<unknown> }) {
  let taken = false;
  return {
    fetch: vi.fn(async () => {
      if (taken) return [];
      taken = true;
      return [{ id: 'job-1', name: 'q', data: {}, ...job }];
    }),
    complete: vi.fn(calls.complete),
    fail: vi.fn((_queue: string, _id: string, error: unknown) => calls.fail(error)),
  };
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const running: { worker: JobWorker<object>; outage: DatabaseOutageWatch }[] = [];
afterEach(async () => {
  for (const { worker, outage } of running.splice(0)) {
    await worker.stop();
    outage.stop();
  }
});

function start(boss: ReturnType<typeof fakeBoss>, run: () => Promise<void>) {
  const outage = new DatabaseOutageWatch({ query: async () => ({ rows: [] }) } as unknown as pg.Pool, log());
  const worker = new JobWorker({ boss: boss as unknown as PgBoss, queue: 'q', run, log: log(), outage });
  running.push({ worker, outage });
  worker.start();
  return { worker, outage };
}

describe('JobWorker', () => {
  it('records a finished job once the database answers again, not losing it to an outage', async () => {
    let refusals = 2;
    const boss = fakeBoss({ expireInSeconds: 60 }, {
      complete: async () => {
        if (refusals-- > 0) throw refused();
        return {};
      },
      fail: async () => ({}),
    });
    start(boss, async () => undefined);
    await until(() => boss.complete.mock.calls.length === 3);
    expect(boss.fail).not.toHaveBeenCalled();
  });

  it('records a failed run as failed, and one that outlives its job as failed too', async () => {
    const failing = fakeBoss({ expireInSeconds: 60 }, { complete: async () => ({}), fail: async () => ({}) });
    start(failing, async () => {
      throw new Error('the run broke');
    });
    await until(() => failing.fail.mock.calls.length === 1);
    expect((failing.fail.mock.calls[0]![2] as Error).message).toBe('the run broke');

    const hung = fakeBoss({ expireInSeconds: 1 }, { complete: async () => ({}), fail: async () => ({}) });
    start(hung, () => new Promise<void>(() => undefined));
    await until(() => hung.fail.mock.calls.length === 1);
    expect((hung.fail.mock.calls[0]![2] as Error).message).toContain('expiry');
    // The queue goes on: the worker looks for the next job.
    await until(() => hung.fetch.mock.calls.length >= 2);
  });
});
