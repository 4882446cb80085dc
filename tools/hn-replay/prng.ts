/**
 * Small deterministic random helpers. Everything synthetic in the replay is derived from the seed
 * through these, so the same seed always gives the same stories, titles and fault decisions.
 */

/** mulberry32: a tiny, fast 32-bit PRNG; good enough for test data, not for anything secret. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A stateless hash of (seed, id, salt) to [0, 1). Used for per-item attributes so an item can be
 * rebuilt on demand without generating its neighbours first.
 */
export function hashUnit(seed: number, id: number, salt = 0): number {
  let h = Math.imul((seed ^ 0x9e3779b9) >>> 0, 0x85ebca6b) ^ Math.imul(id >>> 0, 0xc2b2ae35) ^ Math.imul(salt + 1, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** A random generator seeded from (seed, id), for when one item needs many draws. */
export function itemRandom(seed: number, id: number): () => number {
  return mulberry32(Math.floor(hashUnit(seed, id, 7) * 4294967296));
}

export function pick<T>(random: () => number, list: readonly T[]): T {
  const value = list[Math.floor(random() * list.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}

/** An integer in [min, max], both included. */
export function intBetween(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
