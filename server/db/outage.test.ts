import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../logger.ts';
import { DatabaseOutageWatch } from './outage.ts';

const log = (): Logger => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() }) as unknown as Logger;
const refused = (): Error => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A pool whose every statement is answered as `answer` says at the time it is sent. */
function pool(answer: () => 'answers' | 'refuses' | 'never') {
  return {
    query: vi.fn(() => {
      const now = answer();
      if (now === 'answers') return Promise.resolve({ rows: [] });
      if (now === 'refuses') return Promise.reject(refused());
      return new Promise(() => undefined);
    }),
  } as unknown as pg.Pool;
}

const watches: DatabaseOutageWatch[] = [];
afterEach(() => {
  for (const watch of watches.splice(0)) watch.stop();
  vi.useRealTimers();
});

describe('DatabaseOutageWatch', () => {
  it('waits out an outage, however long, and tells its listeners when the database answers again', async () => {
    vi.useFakeTimers();
    let state: 'answers' | 'refuses' = 'refuses';
    // As on PostgreSQL: no limit to give up at.
    const watch = new DatabaseOutageWatch(pool(() => state), log());
    watches.push(watch);
    const recovered = vi.fn();
    watch.onRecovered(recovered);

    expect(watch.report(new Error('syntax error at or near "SELEC"'))).toBe(false);
    expect(watch.ongoing).toBe(false);
    expect(watch.report(refused())).toBe(true);
    expect(watch.ongoing).toBe(true);
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(recovered).not.toHaveBeenCalled();

    state = 'answers';
    await vi.advanceTimersByTimeAsync(1_500);
    expect(recovered).toHaveBeenCalledOnce();
    expect(watch.ongoing).toBe(false);
  });

  it('gives up on a database that has not answered for its limit (a statement that never ends), and not before', async () => {
    vi.useFakeTimers();
    const giveUp = vi.fn();
    const watch = new DatabaseOutageWatch(pool(() => 'never'), log(), { giveUp, giveUpAfterMs: 300_000 });
    watches.push(watch);
    const recovered = vi.fn();
    watch.onRecovered(recovered);

    // What a request meets once every connection waits on the stalled statement.
    expect(watch.report(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(watch.ongoing).toBe(true);
    await vi.advanceTimersByTimeAsync(280_000);
    expect(giveUp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(40_000);
    expect(giveUp).toHaveBeenCalledOnce();
    expect(recovered).not.toHaveBeenCalled();
  });
});
