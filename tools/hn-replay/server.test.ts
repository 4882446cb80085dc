import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReplay } from './index.ts';
import type { HnItem, ReplayServer } from './index.ts';
import { HAS_SAMPLE_WEEK, MISSING_DATA_DIR, silent } from './testing.ts';

async function getJson(url: string): Promise<{ status: number; type: string | null; body: unknown }> {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
}

async function postJson(url: string, body: unknown, method = 'POST'): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

describe('replay server', () => {
  let replay: ReplayServer;
  let t: number;
  beforeAll(async () => {
    // The sample week when the shared data is there, otherwise the generated front page.
    replay = await startReplay({ dataset: 'sample-week', log: silent, ...(HAS_SAMPLE_WEEK ? {} : { dataDir: MISSING_DATA_DIR }) });
    t = replay.dataset.range.first + 2 * 86400 + 1111;
  });
  afterAll(() => replay.close());
  beforeEach(() => {
    replay.clock.pause();
    replay.clock.set(t);
    replay.faults.clear();
    replay.resetRequests();
  });

  it('exposes the API base ending in /v0 on 127.0.0.1', () => {
    expect(replay.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v0$/);
    expect(replay.url).toBe(`${replay.origin}/v0`);
  });

  it('serves every list as JSON, equal to the dataset at the virtual time', async () => {
    const lists = {
      topstories: replay.dataset.topAt(t),
      newstories: replay.dataset.newAt(t),
      beststories: replay.dataset.bestAt(t),
      askstories: replay.dataset.askAt(t),
      showstories: replay.dataset.showAt(t),
      jobstories: replay.dataset.jobsAt(t),
    };
    for (const [name, expected] of Object.entries(lists)) {
      const { status, type, body } = await getJson(`${replay.url}/${name}.json`);
      expect(status).toBe(200);
      expect(type).toBe('application/json');
      expect(body).toEqual(expected);
    }
    expect((await getJson(`${replay.url}/maxitem.json`)).body).toBe(replay.dataset.maxItemAt(t));
    expect((await getJson(`${replay.url}/updates.json`)).body).toEqual(replay.dataset.updatesAt(t));
  });

  it('every id in topstories resolves over HTTP to a live story at that time', async () => {
    const top = (await getJson(`${replay.url}/topstories.json`)).body as number[];
    expect(top.length).toBeGreaterThan(30);
    const items = await Promise.all(top.slice(0, 60).map(async (id) => (await getJson(`${replay.url}/item/${id}.json`)).body as HnItem));
    for (const [position, item] of items.entries()) {
      expect(item.id).toBe(top[position]);
      expect(['story', 'poll']).toContain(item.type);
      expect(item.dead).toBeUndefined();
      expect(item.time).toBeLessThanOrEqual(t);
      expect(item.score).toBeGreaterThanOrEqual(1);
      expect(item.descendants).toBeGreaterThanOrEqual(0);
    }
    expect(top.slice(0, replay.dataset.snapshotAt(t)!.ids.length)).toEqual(replay.dataset.snapshotAt(t)!.ids);
  });

  it('marks the items of the synthetic tail, and no recorded story', async () => {
    const recorded = new Set(replay.dataset.storyIds());
    const newest = (await getJson(`${replay.url}/newstories.json`)).body as number[];
    const tail = newest.filter((id) => !recorded.has(id)).slice(0, 20);
    const real = replay.dataset.topAt(t).filter((id) => recorded.has(id)).slice(0, 20);
    expect(tail.length).toBe(20);
    expect(real.length).toBe(20);
    const served = async (id: number) => (await getJson(`${replay.url}/item/${id}.json`)).body as HnItem;
    for (const id of tail) expect(await served(id), `tail item ${id}`).toMatchObject({ id, synthetic: true });
    // The recorded front page (or, without the data, its generated stand-in) is served as the real API serves it.
    for (const id of real) expect('synthetic' in (await served(id)), `recorded story ${id}`).toBe(false);
  });

  it('answers null for unknown items and for items not created yet', async () => {
    expect(await getJson(`${replay.url}/item/1.json`)).toMatchObject({ status: 200, body: null });
    const newest = replay.dataset.newAt(t)[0]!;
    expect((await getJson(`${replay.url}/item/${newest}.json`)).body).toMatchObject({ id: newest });
    replay.clock.set(replay.dataset.itemAt(newest, t)!.time - 1);
    expect((await getJson(`${replay.url}/item/${newest}.json`)).body).toBeNull();
  });

  it('answers 404 with a null body for unknown paths', async () => {
    for (const path of ['/v0/nothing.json', '/v0/item/abc.json', '/v1/topstories.json', '/']) {
      const response = await fetch(`${replay.origin}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toBeNull();
    }
  });

  it('serves Ask HN items without a url', async () => {
    const askId = replay.dataset.askAt(t)[0]!;
    const item = (await getJson(`${replay.url}/item/${askId}.json`)).body as HnItem;
    expect(item.title).toMatch(/^Ask HN:/i);
    expect('url' in item).toBe(false);
  });

  it('follows the clock: lists and items move as virtual time passes', async () => {
    const newBefore = (await getJson(`${replay.url}/newstories.json`)).body as number[];
    replay.clock.advance(3600);
    const newAfter = (await getJson(`${replay.url}/newstories.json`)).body as number[];
    expect(newAfter[0]).toBeGreaterThan(newBefore[0]!);
    expect(replay.dataset.itemAt(newAfter[0]!, t)).toBeNull(); // created within that hour

    replay.clock.set(t);
    replay.clock.setSpeed(3600); // an hour per real second
    replay.clock.resume();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const state = (await getJson(`${replay.origin}/_control/state`)).body as { now: number; speed: number; paused: boolean };
    expect(state.speed).toBe(3600);
    expect(state.paused).toBe(false);
    expect(state.now).toBeGreaterThanOrEqual(t + 900);
    expect(state.now).toBeLessThan(t + 3 * 3600);
    replay.clock.setSpeed(1);
  });

  it('sets the clock over HTTP', async () => {
    const { status, body } = await postJson(`${replay.origin}/_control/clock`, { set: t + 500, advance: 100, speed: 60, paused: true });
    expect(status).toBe(200);
    expect(body).toMatchObject({ now: t + 600, speed: 60, paused: true });
    expect(replay.clock.now()).toBe(t + 600);
    expect((await postJson(`${replay.origin}/_control/clock`, { set: 'soon' })).status).toBe(400);
    replay.clock.setSpeed(1);
  });

  it('counts requests by kind of path', async () => {
    await getJson(`${replay.url}/topstories.json`);
    await getJson(`${replay.url}/newstories.json`);
    await getJson(`${replay.url}/topstories.json`);
    const top = replay.dataset.topAt(t);
    await Promise.all(top.slice(0, 3).map((id) => getJson(`${replay.url}/item/${id}.json`)));
    await getJson(`${replay.url}/updates.json`);
    await getJson(`${replay.url}/maxitem.json`);
    await fetch(`${replay.url}/nothing.json`);
    const expected = { total: 9, lists: 3, items: 3, updates: 1, maxitem: 1, other: 1, byList: { topstories: 2, newstories: 1 } };
    expect(replay.requests()).toEqual(expected);
    expect(((await getJson(`${replay.origin}/_control/state`)).body as { requests: unknown }).requests).toEqual(expected);
    const reset = await fetch(`${replay.origin}/_control/requests`, { method: 'DELETE' });
    expect(reset.status).toBe(200);
    expect(replay.requests().total).toBe(0);
  });

  it('supports ?print=pretty like Firebase', async () => {
    const text = await (await fetch(`${replay.url}/updates.json?print=pretty`)).text();
    expect(text).toContain('\n  "items"');
  });
});

describe('without the data folder', () => {
  let replay: ReplayServer;
  const lines: string[] = [];
  beforeAll(async () => {
    replay = await startReplay({ dataDir: MISSING_DATA_DIR, log: (line) => lines.push(line), seed: 5 });
  });
  afterAll(() => replay.close());

  it('serves a generated front page and says so in one line', async () => {
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/GENERATED/);
    expect(replay.dataset.source).toBe('generated');
    const { first, last } = replay.dataset.range;
    expect(last - first).toBeGreaterThan(6 * 86400);
    expect(replay.clock.now()).toBeGreaterThanOrEqual(first);
    const top = (await getJson(`${replay.url}/topstories.json`)).body as number[];
    expect(top.slice(0, 30)).toEqual(replay.dataset.snapshotAt(first)!.ids);
    expect(top.length).toBeGreaterThan(30); // the generated history starts a day before the first snapshot
  });

  it('has a few thousand stories, half-hourly snapshots and some big winners', () => {
    const ids = replay.dataset.storyIds();
    expect(ids.length + replay.dataset.counts.synthetic).toBeGreaterThan(3000);
    const { snapshots } = replay.dataset.counts;
    const { first, last } = replay.dataset.range;
    expect((last - first) / (snapshots - 1)).toBeGreaterThan(20 * 60);
    expect((last - first) / (snapshots - 1)).toBeLessThan(40 * 60);
    const peaks = ids.map((id) => Math.max(...replay.dataset.observationsOf(id).map((point) => point.score)));
    const winners = peaks.filter((peak) => peak >= 300);
    expect(winners.length).toBeGreaterThan(5);
    expect(Math.max(...peaks)).toBeLessThanOrEqual(1000);
    for (const id of ids.slice(0, 20)) expect(replay.dataset.isSynthetic(id)).toBe(true);
  });
});

describe('time shift', () => {
  let replay: ReplayServer;
  const shift = 1_000_000;
  beforeAll(async () => {
    replay = await startReplay({ dataDir: MISSING_DATA_DIR, log: silent, seed: 5, timeShift: shift });
  });
  afterAll(() => replay.close());

  it('adds the shift to every served item time, and to nothing else', async () => {
    const id = replay.dataset.topAt(replay.clock.now())[0]!;
    const served = (await getJson(`${replay.url}/item/${id}.json`)).body as { time: number; score: number };
    const truth = replay.dataset.itemAt(id, replay.clock.now())!;
    expect(served.time).toBe(truth.time + shift);
    expect(served.score).toBe(truth.score);
  });
});
