import { describe, expect, it } from 'vitest';
import { ListCache } from './cache.ts';

function cacheWithCounts() {
  const counts = { generationReads: 0, builds: 0 };
  let generation = 1;
  const cache = new ListCache(
    async () => {
      counts.generationReads++;
      return generation;
    },
    { generationTtlMs: 1000, maxAgeMs: 60_000, maxEntries: 10, now: () => 1_000_000 },
  );
  const build = async () => `answer ${++counts.builds}`;
  return { cache, counts, build, nextGeneration: () => generation++ };
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
});
