import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecentReading } from './recent-reading.ts';

afterEach(() => vi.useRealTimers());

describe('RecentReading', () => {
  it('reads once within its period, again after it, and at once when asked fresh or told to forget', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    let reads = 0;
    const reading = new RecentReading(async () => ++reads, 2000);
    expect(await reading.recent()).toBe(1);
    vi.advanceTimersByTime(1999);
    expect(await reading.recent()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await reading.recent()).toBe(2);
    expect(await reading.fresh()).toBe(3);
    expect(await reading.recent()).toBe(3);
    reading.forget();
    expect(await reading.recent()).toBe(4);
  });

  it('keeps no failed read: the next ask reads again', async () => {
    let fail = true;
    const reading = new RecentReading(async () => {
      if (fail) throw new Error('database away');
      return 'ok';
    }, 60_000);
    await expect(reading.recent()).rejects.toThrow('database away');
    fail = false;
    expect(await reading.recent()).toBe('ok');
  });
});
