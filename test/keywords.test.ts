import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENTION_MIN_POINTS, compareByAttention } from '#common/rules/keyword-trends.ts';
import { MAX_ALERTS_PER_PERSON } from '#common/rules/keywords.ts';
import { indexStoryKeywords } from '../server/modules/keywords/ingest.ts';
import { signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { databaseFingerprint, seedStories, type SeedStory } from './support/seed.ts';

/** The keyword calls and the keyword alert calls, on a real database. */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const HOUR = 3600;
const WEEK = 168 * HOUR;
/** 12:30 UTC: the 24-hour period runs from 12:00 the day before. */
const NOW = Math.floor(Date.UTC(2026, 0, 15, 12, 30) / 1000);

const pool = () => t.db.database.pool;
const inject = (options: InjectOptions) => t.app.server.inject(options);
const as = (user: TestUser) => ({ cookie: user.cookie });

let nextHnId = 1;
function stories(title: string, count: number, secondsAgo: number, score = 10): SeedStory[] {
  return Array.from({ length: count }, (_, i) => ({ hnId: nextHnId++, title, time: NOW - secondsAgo - i * 60, score }));
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW * 1000 });
  await seedStories(pool(), [
    // A sudden topic: five stories now, none before.
    ...stories('Zigzag', 5, 2 * HOUR, 50),
    // Steady: four now, four the day before, four in the same day of each previous week.
    ...stories('Python', 4, 3 * HOUR),
    ...stories('Python', 4, 27 * HOUR),
    ...[1, 2, 3, 4].flatMap((week) => stories('Python', 4, week * WEEK + 3 * HOUR)),
    // Always big: twelve now against six the day before, but twelve every week; each story just noticed (5 points).
    ...stories('Google', 12, 5 * HOUR, ATTENTION_MIN_POINTS),
    ...stories('Google', 6, 30 * HOUR, ATTENTION_MIN_POINTS),
    ...[1, 2, 3, 4].flatMap((week) => stories('Google', 12, week * WEEK + 5 * HOUR, ATTENTION_MIN_POINTS)),
    // Cooling: one now, five the day before.
    ...stories('Fortran', 1, 4 * HOUR),
    ...stories('Fortran', 5, 28 * HOUR),
    // A phrase twice, and a word once.
    { hnId: nextHnId++, title: 'Rust compiler internals', time: NOW - 600, score: 5 },
    { hnId: nextHnId++, title: 'A new Rust compiler', time: NOW - 700, score: 6 },
    { hnId: nextHnId++, title: 'Quokka sighting', time: NOW - 800, score: 5 },
    // Not noticed by readers yet: counted for nothing.
    { hnId: nextHnId++, title: 'Wombat sighting', time: NOW - 900, score: ATTENTION_MIN_POINTS - 1 },
    // 02:00 UTC: night in UTC, 10:00 (morning) in Shanghai.
    { hnId: nextHnId++, title: 'Kestrel firmware', time: NOW - (10 * HOUR + 20 * 60), score: 5 },
    { hnId: nextHnId++, title: 'Kestrel firmware again', time: NOW - (10 * HOUR + 25 * 60), score: 5 },
  ]);
  const ids = await pool().query<{ id: number }>('SELECT id FROM stories ORDER BY id');
  await indexStoryKeywords(
    pool(),
    ids.rows.map((row) => row.id),
    NOW * 1000,
  );
  alice = await signUp(t.app.server, { name: 'Alice' });
  bob = await signUp(t.app.server, { name: 'Bob' });
}, 120_000);
afterAll(async () => t?.close());

interface Trending {
  id: number;
  keyword: string;
  frequency: number;
  points: number;
  date: string;
}

describe('GET /api/keywords/trending', () => {
  it('lists keywords by the attention their stories got (points, then stories), phrases only when they recur', async () => {
    const response = await inject({ url: '/api/keywords/trending' });
    expect(response.statusCode).toBe(200);
    const keywords: Trending[] = response.json().keywords;
    expect(Object.keys(keywords[0]!)).toEqual(['id', 'keyword', 'frequency', 'points', 'date']);
    // Zigzag's 5 stories got 250 points, Google's 12 got 60, Python's 4 got 40.
    expect(keywords.slice(0, 3).map((k) => [k.keyword, k.frequency, k.points])).toEqual([
      ['Zigzag', 5, 250],
      ['Google', 12, 60],
      ['Python', 4, 40],
    ]);
    const byName = new Map(keywords.map((k) => [k.keyword, k]));
    // Two stories each: "Rust compiler" with 11 points comes before "Kestrel firmware" with 10.
    expect(keywords.findIndex((k) => k.keyword === 'Rust compiler')).toBeLessThan(keywords.findIndex((k) => k.keyword === 'Kestrel firmware'));
    expect(byName.get('Rust compiler')).toMatchObject({ frequency: 2, points: 11 });
    // A story below the attention bar counts for nothing.
    expect(keywords.some((k) => k.keyword === 'Wombat')).toBe(false);
    // "Rust" and "compiler" appear only inside "Rust compiler": the phrase stands for them.
    expect(byName.has('Rust')).toBe(false);
    expect(byName.has('compiler')).toBe(false);
    expect(byName.has('Quokka')).toBe(true);
    expect(keywords.some((k) => k.keyword === 'Quokka sighting')).toBe(false);
    expect(byName.get('Zigzag')!.date).toBe(new Date((Math.floor((NOW - 2 * HOUR) / HOUR) * HOUR) * 1000).toISOString());
    for (let i = 1; i < keywords.length; i++) {
      const [a, b] = [keywords[i - 1]!, keywords[i]!];
      expect(compareByAttention(a, b)).toBeLessThanOrEqual(0);
    }
  });

  it('counts only the period asked for, and at most limit keywords', async () => {
    const hour = (await inject({ url: '/api/keywords/trending?period=1h' })).json().keywords as Trending[];
    expect(hour.map((k) => k.keyword)).toEqual(expect.arrayContaining(['Rust compiler', 'Quokka']));
    expect(hour.some((k) => k.keyword === 'Zigzag')).toBe(false);
    const week = (await inject({ url: '/api/keywords/trending?period=7d&limit=2' })).json().keywords as Trending[];
    expect(week.map((k) => [k.keyword, k.frequency])).toEqual([
      ['Zigzag', 5],
      ['Google', 18],
    ]);
  });

  it.each([
    ['period=2h', /period must be one of 1h, 6h, 24h, 7d/],
    ['limit=0', /limit must be at least 1/],
    ['limit=101', /limit must be at most 100/],
    ['limit=ten', /limit must be a whole number/],
  ])('refuses %s with a 400 and a message', async (query, message) => {
    const response = await inject({ url: `/api/keywords/trending?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });
});

interface Trend {
  keyword: string;
  currentFrequency: number;
  previousFrequency: number;
  percentageChange: number;
  isRising: boolean;
}

describe('GET /api/keywords/trends', () => {
  it('compares each supported keyword with the previous period and its usual level', async () => {
    const response = await inject({ url: '/api/keywords/trends?period=24h' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.trending.length).toBeGreaterThan(0);
    const trends = new Map((body.trends as Trend[]).map((trend) => [trend.keyword, trend]));
    expect(trends.get('Zigzag')).toEqual({ keyword: 'Zigzag', currentFrequency: 5, previousFrequency: 0, percentageChange: 900, isRising: true });
    expect(trends.get('Fortran')).toMatchObject({ currentFrequency: 1, previousFrequency: 5, percentageChange: -80, isRising: false });
    expect(trends.get('Python')).toMatchObject({ currentFrequency: 4, previousFrequency: 4, percentageChange: 0, isRising: false });
    // Twice the day before, but as usual for the day of the week: not rising.
    expect(trends.get('Google')).toMatchObject({ currentFrequency: 12, previousFrequency: 6, percentageChange: 100, isRising: false });
    // Fewer than three stories in the two periods: no trend.
    expect(trends.has('Quokka')).toBe(false);
    expect(trends.has('Rust compiler')).toBe(false);
    const changes = (body.trends as Trend[]).map((trend) => trend.percentageChange);
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
  });

  it('refuses an unknown period', async () => {
    const response = await inject({ url: '/api/keywords/trends?period=week' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/period must be one of/);
  });
});

describe('GET /api/keywords/hourly-patterns', () => {
  it("puts keywords in the day periods of UTC for visitors, and of the person's time zone", async () => {
    const visitor = await inject({ url: '/api/keywords/hourly-patterns?period=24h' });
    expect(visitor.statusCode).toBe(200);
    const utc = visitor.json();
    expect(Object.keys(utc)).toEqual(['morning', 'afternoon', 'evening', 'night', 'timeZone']);
    expect(utc.timeZone).toBe('UTC');
    expect(utc.night).toContainEqual({ keyword: 'Kestrel', count: 2 });
    // 10:00-11:00 UTC stories are morning; the 12:00 ones (Rust) afternoon.
    expect(utc.morning).toContainEqual({ keyword: 'Zigzag', count: 5 });
    expect(utc.afternoon).toContainEqual({ keyword: 'Rust compiler', count: 2 });

    const patched = await inject({ method: 'PATCH', url: '/api/email/frequency-controls/keyword_alert', headers: as(bob), payload: { timezone: 'Asia/Shanghai' } });
    expect(patched.statusCode).toBe(200);
    const shanghai = (await inject({ url: '/api/keywords/hourly-patterns?period=24h', headers: as(bob) })).json();
    expect(shanghai.timeZone).toBe('Asia/Shanghai');
    expect(shanghai.morning).toContainEqual({ keyword: 'Kestrel', count: 2 });
    expect(shanghai.night.some((entry: { keyword: string }) => entry.keyword === 'Kestrel')).toBe(false);
  });

  it('refuses an unknown period', async () => {
    expect((await inject({ url: '/api/keywords/hourly-patterns?period=1d' })).statusCode).toBe(400);
  });
});

describe('GET /api/keywords/:id/stories', () => {
  it('lists the stories behind a keyword in the period, best scored first', async () => {
    const keywords = (await inject({ url: '/api/keywords/trending?period=24h&limit=100' })).json().keywords as Trending[];
    const rust = keywords.find((k) => k.keyword === 'Rust compiler')!;
    const response = await inject({ url: `/api/keywords/${rust.id}/stories?period=24h` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.keyword).toBe('Rust compiler');
    expect(body.stories.map((story: { title: string; url: string }) => story.title)).toEqual(['A new Rust compiler', 'Rust compiler internals']);
    expect(body.stories[0].url).toMatch(/^https:\/\/example\.com\//);
  });

  it('answers 404 for a keyword that does not exist and 400 for an id that is none', async () => {
    expect((await inject({ url: '/api/keywords/999999/stories' })).json()).toEqual({ message: 'Keyword not found' });
    expect((await inject({ url: '/api/keywords/abc/stories' })).statusCode).toBe(400);
    expect((await inject({ url: '/api/keywords/99999999999/stories' })).statusCode).toBe(400);
  });
});

describe('keyword alerts', () => {
  const create = (user: TestUser, payload: unknown) => inject({ method: 'POST', url: '/api/keyword-alerts', headers: as(user), payload: payload as object });

  it('visitors get 401 on every alert call', async () => {
    for (const request of [
      { url: '/api/keyword-alerts' },
      { method: 'POST' as const, url: '/api/keyword-alerts', payload: { keyword: 'Rust' } },
      { method: 'PATCH' as const, url: '/api/keyword-alerts/1', payload: { isActive: false } },
      { method: 'DELETE' as const, url: '/api/keyword-alerts/1' },
    ]) {
      const response = await inject(request);
      expect(response.statusCode, request.url).toBe(401);
    }
  });

  it('creates an alert with the keyword trimmed and the threshold 5 by default, and lists it with the aliases', async () => {
    const response = await create(alice, { keyword: '  Rust compiler  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json().alert).toMatchObject({ keyword: 'Rust compiler', threshold: 5, isActive: true, lastFiredAt: null });
    await create(alice, { keyword: 'JavaScript', threshold: 12 });
    const list = await inject({ url: '/api/keyword-alerts', headers: as(alice) });
    expect(list.statusCode).toBe(200);
    expect(list.json().alerts.map((alert: { keyword: string; threshold: number }) => [alert.keyword, alert.threshold])).toEqual([
      ['JavaScript', 12],
      ['Rust compiler', 5],
    ]);
    expect(list.json().aliases).toMatchObject({ js: 'JavaScript', llms: 'LLM' });
    expect(list.json().alerts[0]).toEqual({ id: expect.any(Number), keyword: 'JavaScript', threshold: 12, isActive: true, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), lastFiredAt: null });
    // Someone without alerts still gets the aliases.
    const bobs = (await inject({ url: '/api/keyword-alerts', headers: as(bob) })).json();
    expect(bobs.alerts).toEqual([]);
    expect(bobs.aliases).toEqual(list.json().aliases);
  });

  it.each<[string, unknown, RegExp]>([
    ['an empty keyword', { keyword: '' }, /Please enter a keyword\./],
    ['a blank keyword', { keyword: '   ' }, /Please enter a keyword\./],
    ['no keyword', { threshold: 3 }, /Please enter a keyword\./],
    ['a keyword that is not text', { keyword: 42 }, /Please enter a keyword\./],
    ['a keyword of 101 characters', { keyword: 'k'.repeat(101) }, /at most 100 characters/],
    ['a keyword without a letter or digit', { keyword: '?!' }, /at least one letter or digit/],
    ['a keyword with a NUL', { keyword: 'ru\u0000st' }, /cannot be stored/],
    ['threshold 0', { keyword: 'Go', threshold: 0 }, /threshold must be at least 1/],
    ['threshold 101', { keyword: 'Go', threshold: 101 }, /threshold must be at most 100/],
    ['threshold 2.5', { keyword: 'Go', threshold: 2.5 }, /whole number/],
    ['threshold as text', { keyword: 'Go', threshold: '5' }, /threshold must be a number/],
    ['an unknown field', { keyword: 'Go', owner: 'bob' }, /Unrecognized key/i],
  ])('refuses %s with a 400 and a message, changing nothing', async (_, payload, message) => {
    const before = await databaseFingerprint(pool());
    const response = await create(alice, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await databaseFingerprint(pool())).toBe(before);
  });

  it('refuses a second alert for the same keyword, whatever its case or alias, with 409', async () => {
    for (const keyword of ['rust COMPILER', 'JS']) {
      const response = await create(alice, { keyword });
      expect(response.statusCode, keyword).toBe(409);
      expect(response.json().message).toBe('You already have an alert for this keyword.');
    }
    // Another person may hold the same keyword.
    expect((await create(bob, { keyword: 'Rust compiler' })).statusCode).toBe(201);
  });

  it('pauses and resumes an alert', async () => {
    const alert = (await inject({ url: '/api/keyword-alerts', headers: as(alice) })).json().alerts[0];
    const paused = await inject({ method: 'PATCH', url: `/api/keyword-alerts/${alert.id}`, headers: as(alice), payload: { isActive: false } });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().alert).toMatchObject({ id: alert.id, isActive: false });
    const resumed = await inject({ method: 'PATCH', url: `/api/keyword-alerts/${alert.id}`, headers: as(alice), payload: { isActive: true } });
    expect(resumed.json().alert.isActive).toBe(true);
    for (const payload of [{}, { isActive: 'no' }, { isActive: true, threshold: 3 }]) {
      const bad = await inject({ method: 'PATCH', url: `/api/keyword-alerts/${alert.id}`, headers: as(alice), payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it("never lets one person see, change or delete another's alert", async () => {
    const alert = (await inject({ url: '/api/keyword-alerts', headers: as(alice) })).json().alerts[0];
    const before = await databaseFingerprint(pool());
    const patch = await inject({ method: 'PATCH', url: `/api/keyword-alerts/${alert.id}`, headers: as(bob), payload: { isActive: false } });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ message: 'Keyword alert not found' });
    expect((await inject({ method: 'DELETE', url: `/api/keyword-alerts/${alert.id}`, headers: as(bob) })).statusCode).toBe(404);
    expect(await databaseFingerprint(pool())).toBe(before);
    expect((await inject({ url: '/api/keyword-alerts', headers: as(bob) })).json().alerts.map((a: { id: number }) => a.id)).not.toContain(alert.id);
  });

  it('deletes an alert; deleting it again is a 404; ids that are none are a 400', async () => {
    const alert = (await inject({ url: '/api/keyword-alerts', headers: as(alice) })).json().alerts[0];
    const deleted = await inject({ method: 'DELETE', url: `/api/keyword-alerts/${alert.id}`, headers: as(alice) });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await inject({ method: 'DELETE', url: `/api/keyword-alerts/${alert.id}`, headers: as(alice) })).statusCode).toBe(404);
    expect((await inject({ method: 'DELETE', url: '/api/keyword-alerts/abc', headers: as(alice) })).statusCode).toBe(400);
    expect((await inject({ method: 'PATCH', url: '/api/keyword-alerts/0', headers: as(alice), payload: { isActive: true } })).statusCode).toBe(400);
  });

  it(`holds at most ${MAX_ALERTS_PER_PERSON} alerts a person`, async () => {
    const carol = await signUp(t.app.server, { name: 'Carol' });
    for (let i = 0; i < MAX_ALERTS_PER_PERSON; i++) expect((await create(carol, { keyword: `topic${i}` })).statusCode).toBe(201);
    const over = await create(carol, { keyword: 'one too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/at most 50 keyword alerts/);
    expect((await inject({ url: '/api/keyword-alerts', headers: as(carol) })).json().alerts).toHaveLength(MAX_ALERTS_PER_PERSON);
  });
});
