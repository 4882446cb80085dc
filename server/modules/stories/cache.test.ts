import { describe, expect, it } from 'vitest';
import { ListCache } from './cache.ts';

function cacheWithCounts({ keepWhenAskedTwice = false } = {}) {
  const counts = { generationReads: 0, builds: 0 };
  let generation = 1;
  const clock = { now: 1_000_000 };
  let readGeneration = async () => generation;
  const cache = new ListCache(
    () => {
      counts.generationReads++;
      return readGeneration();
    },
    { generationTtlMs: 1000, maxAgeMs: 60_000, maxEntries: 10, now: () => clock.now, keepWhenAskedTwice },
  );
  const build = async () => `answer ${++counts.builds}`;
  const holdReads = () => {
    let release = () => {};
    readGeneration = () => new Promise((resolve) => (release = () => resolve(generation)));
    return () => release();
  };
  const failReads = () => (readGeneration = async () => Promise.reject(new Error('database unavailable')));
  return { cache, counts, build, clock, holdReads, failReads, nextGeneration: () => generation++ };
}

describe('ListCache', () => {
  it('answers from memory until the generation changes, reading the generation at most once per interval', async () => {
    const { cache, counts, build } = cacheWithCounts();
    expect(await cache.get('a', build)).toBe('answer 1');
    expect(await cache.get('a', build)).toBe('answer 1');
    expect(counts).toEqual({ generationReads: 1, builds: 1 });
  });

  it('after invalidate, reads the generation again and builds afresh', async () => {
    const { cache, counts, build, nextGeneration } = cacheWithCounts();
    await cache.get('a', build);
    nextGeneration();
    cache.invalidate();
    expect(await cache.get('a', build)).toBe('answer 2');
    expect(counts).toEqual({ generationReads: 2, builds: 2 });
  });

  it('after forgetAnswers, builds afresh without reading the generation again', async () => {
    const { cache, counts, build } = cacheWithCounts();
    await cache.get('a', build);
    cache.forgetAnswers();
    expect(await cache.get('a', build)).toBe('answer 2');
    expect(counts).toEqual({ generationReads: 1, builds: 2 });
  });

  it('reads the generation ahead of time, answering from memory while that read waits its turn on the database', async () => {
    const { cache, counts, build, clock, holdReads, nextGeneration } = cacheWithCounts();
    await cache.get('a', build);
    clock.now += 600;
    nextGeneration();
    const release = holdReads();
    // Half-way through the generation's life: the page kept in memory answers at once while the read is out.
    expect(await cache.get('a', build)).toBe('answer 1');
    expect(await cache.get('a', build)).toBe('answer 1');
    expect(counts).toEqual({ generationReads: 2, builds: 1 });
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('a', build)).toBe('answer 2');
    expect(counts).toEqual({ generationReads: 2, builds: 2 });
  });

  it('waits for a generation past its life, and for a read that fails, answers with the failure', async () => {
    const { cache, counts, build, clock, holdReads, failReads } = cacheWithCounts();
    await cache.get('a', build);
    clock.now += 1500;
    const release = holdReads();
    let answered = false;
    const late = cache.get('a', build).then((body) => {
      answered = true;
      return body;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    release();
    expect(await late).toBe('answer 1');
    clock.now += 600;
    failReads();
    // Ahead of time, a failed read changes nothing; past the generation's life, the failure is the answer.
    expect(await cache.get('a', build)).toBe('answer 1');
    await new Promise((resolve) => setImmediate(resolve));
    clock.now += 600;
    await expect(cache.get('a', build)).rejects.toThrow('database unavailable');
    expect(counts).toEqual({ generationReads: 4, builds: 1 });
  });

  it('keeps the pages asked for again when new keys fill it, dropping the least recently asked', async () => {
    const { cache, counts, build } = cacheWithCounts();
    await cache.get('front page', build);
    for (let i = 0; i < 30; i++) {
      expect(await cache.get('front page', build)).toBe('answer 1');
      await cache.get(`asked once ${i}`, build);
    }
    expect(counts.builds).toBe(31);
    // The oldest key asked once is gone; the front page, asked all along, is not.
    expect(await cache.get('asked once 0', build)).toBe('answer 32');
    expect(await cache.get('front page', build)).toBe('answer 1');
  });

  it('with keepWhenAskedTwice, keeps an answer from the second time its key is asked, so keys asked once keep nothing', async () => {
    const { cache, counts, build } = cacheWithCounts({ keepWhenAskedTwice: true });
    expect(await cache.get('front page', build)).toBe('answer 1');
    expect(await cache.get('front page', build)).toBe('answer 2');
    expect(await cache.get('front page', build)).toBe('answer 2');
    for (let i = 0; i < 30; i++) await cache.get(`asked once ${i}`, build);
    // Thirty keys asked once pushed nothing out: the front page is still kept.
    expect(await cache.get('front page', build)).toBe('answer 2');
    expect(counts.builds).toBe(32);
  });
});

describe('ListCache keeping a copy', () => {
  it('keeps, and answers from then on, what keptAs makes of a fresh answer; an answer not kept goes out as built', async () => {
    const built: Buffer[] = [];
    const cache = new ListCache<Buffer>(async () => 1, {
      generationTtlMs: 1000,
      maxAgeMs: 60_000,
      maxEntries: 10,
      now: () => 1_000_000,
      keepWhenAskedTwice: true,
      keptAs: (page) => Buffer.from(page),
    });
    const build = async () => built[built.push(Buffer.from(`page ${built.length + 1}`)) - 1]!;
    const first = await cache.get('a', build);
    expect(first).toBe(built[0]);
    const second = await cache.get('a', build);
    expect(second).not.toBe(built[1]);
    expect(second.toString()).toBe('page 2');
    expect(await cache.get('a', build)).toBe(second);
  });
});
