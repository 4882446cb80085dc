import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFaultController, HUGE_NUMBER, type Poison } from './faults.ts';
import { startReplay } from './index.ts';
import type { ReplayServer } from './index.ts';
import { MISSING_DATA_DIR, silent } from './testing.ts';

// The generated dataset loads in a blink and behaves the same for fault injection.
const options = { dataDir: MISSING_DATA_DIR, log: silent };

describe('fault injection over HTTP', () => {
  let replay: ReplayServer;
  let itemPath: string;
  beforeAll(async () => {
    replay = await startReplay({ ...options, seed: 11 });
    replay.clock.pause();
    itemPath = `${replay.url}/item/${replay.dataset.topAt(replay.clock.now())[0]}.json`;
  });
  afterAll(() => replay.close());
  beforeEach(() => replay.faults.clear());

  it('latency delays the answer', async () => {
    replay.faults.add({ kind: 'latency', latencyMs: 150 });
    const started = performance.now();
    const response = await fetch(`${replay.url}/maxitem.json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(replay.dataset.maxItemAt(replay.clock.now()));
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('error answers 500, 502 or 503', async () => {
    replay.faults.add({ kind: 'error', status: 502, count: 1 });
    expect((await fetch(`${replay.url}/topstories.json`)).status).toBe(502);
    replay.faults.set([{ kind: 'error' }]);
    const statuses = await Promise.all(Array.from({ length: 20 }, async () => (await fetch(`${replay.url}/topstories.json`)).status));
    for (const status of statuses) expect([500, 502, 503]).toContain(status);
    expect(new Set(statuses).size).toBeGreaterThan(1);
  });

  it('timeout never answers, the client gives up, and the server still serves others', async () => {
    replay.faults.add({ kind: 'timeout', match: '/v0/item/' });
    await expect(fetch(itemPath, { signal: AbortSignal.timeout(200) })).rejects.toThrow();
    expect((await fetch(`${replay.url}/topstories.json`)).status).toBe(200);
  });

  it('truncate answers 200 with half of the JSON', async () => {
    replay.faults.add({ kind: 'truncate', match: 'topstories' });
    const full = JSON.stringify(replay.dataset.topAt(replay.clock.now()));
    const response = await fetch(`${replay.url}/topstories.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const text = await response.text();
    expect(text).toBe(full.slice(0, Math.floor(full.length / 2)));
    expect(() => JSON.parse(text)).toThrow();
  });

  it('null makes items answer null and leaves lists alone', async () => {
    replay.faults.add({ kind: 'null' });
    expect(await (await fetch(itemPath)).json()).toBeNull();
    expect(((await (await fetch(`${replay.url}/topstories.json`)).json()) as number[]).length).toBeGreaterThan(0);
  });

  it('count limits how often a fault applies', async () => {
    replay.faults.add({ kind: 'error', status: 503, count: 2 });
    const statuses: number[] = [];
    for (let request = 0; request < 4; request++) statuses.push((await fetch(`${replay.url}/maxitem.json`)).status);
    expect(statuses).toEqual([503, 503, 200, 200]);
    expect(replay.faults.list()).toEqual([{ kind: 'error', rate: 1, status: 503, remaining: 0, applied: 2 }]);
  });

  it('match targets paths by substring or RegExp', async () => {
    replay.faults.set([
      { kind: 'error', status: 500, match: '/v0/item/' },
      { kind: 'error', status: 503, match: /newstories/ },
    ]);
    expect((await fetch(itemPath)).status).toBe(500);
    expect((await fetch(`${replay.url}/newstories.json`)).status).toBe(503);
    expect((await fetch(`${replay.url}/topstories.json`)).status).toBe(200);
    expect((await fetch(`${replay.url}/updates.json`)).status).toBe(200);
  });

  it('several faults combine: latency adds up, the first failing rule decides', async () => {
    replay.faults.set([
      { kind: 'latency', latencyMs: 60 },
      { kind: 'latency', latencyMs: 60 },
      { kind: 'error', status: 502 },
      { kind: 'truncate' },
    ]);
    const started = performance.now();
    expect((await fetch(`${replay.url}/maxitem.json`)).status).toBe(502);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(replay.faults.list().map((fault) => fault.applied)).toEqual([1, 1, 1, 0]);
  });

  it('is controlled over HTTP: POST replaces, GET state lists, DELETE clears', async () => {
    const post = await fetch(`${replay.origin}/_control/faults`, {
      method: 'POST',
      body: JSON.stringify({ faults: [{ kind: 'error', status: 503, matchRegExp: 'item/\\d+', count: 1 }, { kind: 'latency', latencyMs: 1, rate: 0.5 }] }),
    });
    expect(post.status).toBe(200);
    expect((await fetch(itemPath)).status).toBe(503);
    expect((await fetch(itemPath)).status).toBe(200);
    const state = (await (await fetch(`${replay.origin}/_control/state`)).json()) as { faults: unknown[] };
    expect(state.faults).toEqual([
      { kind: 'error', rate: 1, status: 503, matchRegExp: new RegExp('item/\\d+').source, remaining: 0, applied: 1 },
      expect.objectContaining({ kind: 'latency', rate: 0.5, latencyMs: 1, remaining: null }),
    ]);
    expect((await fetch(`${replay.origin}/_control/faults`, { method: 'DELETE' })).status).toBe(200);
    expect(replay.faults.list()).toEqual([]);
  });

  it('poison corrupts an item as named, and huge-id also lists and updates', async () => {
    const clean = (await (await fetch(itemPath)).json()) as { id: number; title: string; score: number; time: number };
    const poisoned = async (poison: Poison, path = itemPath): Promise<Record<string, unknown>> => {
      replay.faults.set([{ kind: 'poison', poison }]);
      return (await (await fetch(path)).json()) as Record<string, unknown>;
    };
    expect(await poisoned('nul-title')).toMatchObject({ id: clean.id, title: expect.stringContaining('\u0000') });
    expect(((await poisoned('nul-title')).title as string).replace('\u0000', '')).toBe(clean.title);
    expect(await poisoned('lone-surrogate')).toMatchObject({ title: expect.stringContaining('\uD800') });
    expect(((await poisoned('long-title')).title as string).length).toBeGreaterThan(100_000);
    expect(await poisoned('huge-score')).toMatchObject({ score: HUGE_NUMBER });
    expect(await poisoned('future-time')).toMatchObject({ time: clean.time + 10 * 365 * 86_400 });
    expect(await poisoned('huge-id')).toMatchObject({ id: HUGE_NUMBER });
    expect((await poisoned('huge-id', `${replay.url}/topstories.json`)) as unknown as number[]).toContain(HUGE_NUMBER);
    expect(((await poisoned('huge-id', `${replay.url}/updates.json`)).items as number[]).at(-1)).toBe(HUGE_NUMBER);
    // The other poisons leave lists alone.
    expect((await poisoned('huge-score', `${replay.url}/topstories.json`)) as unknown as number[]).not.toContain(HUGE_NUMBER);
    expect(replay.faults.list()).toEqual([{ kind: 'poison', poison: 'huge-score', rate: 1, remaining: null, applied: 0 }]);
  });

  it('oversize streams the right answer followed by whitespace, and stops when the client goes', async () => {
    const clean = await (await fetch(itemPath)).json();
    replay.faults.set([{ kind: 'oversize', bytes: 200_000 }]);
    const response = await fetch(itemPath);
    expect(response.headers.get('content-length')).toBeNull();
    const text = await response.text();
    expect(text.length).toBe(JSON.stringify(clean).length + 200_000);
    expect(JSON.parse(text)).toEqual(clean);
    // The default is 300 MB: the client reads a little and leaves; the replay neither holds nor finishes it.
    replay.faults.set([{ kind: 'oversize', match: '/item/' }]);
    const huge = await fetch(itemPath);
    const reader = huge.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    expect(replay.faults.list()).toEqual([{ kind: 'oversize', match: '/item/', rate: 1, remaining: null, applied: 1 }]);
    expect(await (await fetch(`${replay.url}/maxitem.json`)).json()).toEqual(expect.any(Number));
  });

  it('rejects invalid faults with 400 and keeps the old ones', async () => {
    replay.faults.add({ kind: 'latency', latencyMs: 1 });
    const invalid = [
      { faults: [{ kind: 'explode' }] },
      { faults: [{ kind: 'error', rate: 2 }] },
      { faults: [{ kind: 'poison' }] },
      { faults: [{ kind: 'poison', poison: 'arsenic' }] },
      { faults: [{ kind: 'error', poison: 'huge-id' }] },
      { faults: [{ kind: 'oversize', bytes: -1 }] },
      { faults: [{ kind: 'error', bytes: 10 }] },
      { nope: true },
    ];
    for (const body of invalid) {
      const response = await fetch(`${replay.origin}/_control/faults`, { method: 'POST', body: JSON.stringify(body) });
      expect(response.status).toBe(400);
    }
    expect((await fetch(`${replay.origin}/_control/faults`, { method: 'POST', body: '{not json' })).status).toBe(400);
    expect(replay.faults.list()).toHaveLength(1);
  });
});

describe('fault decisions', () => {
  it('rate applies to about that share of requests, the same ones for the same seed', () => {
    const decide = (seed: number) => {
      const controller = createFaultController(seed);
      controller.set([{ kind: 'error', rate: 0.3 }]);
      return Array.from({ length: 1000 }, () => controller.decide('/v0/item/1.json').outcome?.kind ?? 'ok');
    };
    const first = decide(3);
    const failed = first.filter((outcome) => outcome === 'error').length;
    expect(failed).toBeGreaterThan(240);
    expect(failed).toBeLessThan(360);
    expect(decide(3)).toEqual(first);
    expect(decide(4)).not.toEqual(first);
  });

  it('re-installing the same rules replays the same decisions', () => {
    const controller = createFaultController(9);
    const run = () => {
      controller.set([{ kind: 'null', rate: 0.5 }]);
      return Array.from({ length: 50 }, () => controller.decide('/v0/item/5.json').outcome?.kind ?? 'ok');
    };
    expect(run()).toEqual(run());
  });

  it('same seed, same failures over HTTP', async () => {
    const statuses = async (): Promise<number[]> => {
      const replay = await startReplay({ ...options, seed: 21 });
      try {
        replay.faults.set([{ kind: 'error', rate: 0.5, status: 500 }]);
        const out: number[] = [];
        for (let request = 0; request < 20; request++) out.push((await fetch(`${replay.url}/maxitem.json`)).status);
        return out;
      } finally {
        await replay.close();
      }
    };
    const first = await statuses();
    expect(first).toContain(500);
    expect(first).toContain(200);
    expect(await statuses()).toEqual(first);
  });
});

describe('close', () => {
  it('ends promptly with requests held by a timeout fault and idle keep-alive sockets', async () => {
    const replay = await startReplay(options);
    await fetch(`${replay.url}/maxitem.json`); // leaves a keep-alive socket open
    replay.faults.add({ kind: 'timeout' });
    const hanging = fetch(`${replay.url}/topstories.json`).then(
      () => 'answered',
      () => 'failed',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await replay.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await hanging).toBe('failed');
    await replay.close(); // closing twice is fine
    await expect(fetch(`${replay.url}/maxitem.json`)).rejects.toThrow();
  });

  it('also cancels pending latency', async () => {
    const replay = await startReplay(options);
    replay.faults.add({ kind: 'latency', latencyMs: 60_000 });
    const pending = fetch(`${replay.url}/maxitem.json`).catch(() => 'failed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await replay.close();
    expect(await pending).toBe('failed');
  });
});
