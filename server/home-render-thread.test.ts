import { describe, expect, it } from 'vitest';
import { RenderThreads } from './home-render-thread.ts';

/** A thread that holds each render until `finish` is called: its load is the renders it holds. */
function heldThread(name: string) {
  const held: ((page: Uint8Array) => void)[] = [];
  const thread = {
    name,
    closed: false,
    warmedUp: false,
    get load() {
      return held.length;
    },
    render: () => new Promise<Uint8Array>((resolve) => held.push(resolve)),
    warmUp: () => {
      thread.warmedUp = true;
    },
    close: async () => {
      thread.closed = true;
    },
    finish: () => held.shift()?.(new TextEncoder().encode(name)),
  };
  return thread;
}

describe('RenderThreads', () => {
  it('sends each page to the thread with the fewest renders waiting', async () => {
    const threads = [heldThread('a'), heldThread('b')];
    let started = 0;
    const pool = new RenderThreads(2, () => threads[started++]!);
    const first = pool.render({}, '', 'light');
    const second = pool.render({}, '', 'light');
    expect(threads.map((thread) => thread.load)).toEqual([1, 1]);
    threads[0]!.finish();
    expect(new TextDecoder().decode(await first)).toBe('a');
    // a is free again, b still renders: the next page goes to a.
    const third = pool.render({}, '', 'light');
    expect(threads.map((thread) => thread.load)).toEqual([1, 1]);
    threads[0]!.finish();
    threads[1]!.finish();
    expect(new TextDecoder().decode(await third)).toBe('a');
    expect(new TextDecoder().decode(await second)).toBe('b');
  });

  it('starts at least one thread, and closes every thread it started', async () => {
    const threads: ReturnType<typeof heldThread>[] = [];
    const pool = new RenderThreads(0, () => {
      const thread = heldThread(String(threads.length));
      threads.push(thread);
      return thread;
    });
    expect(threads).toHaveLength(1);
    await pool.close();
    expect(threads.every((thread) => thread.closed)).toBe(true);
  });

  it('starts every thread when warmed up, before any page is asked for', () => {
    const threads = [heldThread('a'), heldThread('b')];
    let started = 0;
    const pool = new RenderThreads(2, () => threads[started++]!);
    expect(threads.map((thread) => thread.warmedUp)).toEqual([false, false]);
    pool.warmUp();
    expect(threads.map((thread) => thread.warmedUp)).toEqual([true, true]);
    expect(threads.map((thread) => thread.load)).toEqual([0, 0]);
  });
});
