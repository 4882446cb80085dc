import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_FORMATS, FEED_MEDIA_TYPES, PRIVATE_FEEDS, type FeedFormat, type NewFeedToken } from '#common/contracts/feeds.ts';
import type { Story } from '#common/contracts/stories.ts';
import { HN_UNREACHABLE } from '../server/hn/ingest.ts';
import { indexStoryKeywords } from '../server/modules/keywords/ingest.ts';
import { redactedUrl } from '../server/http/log-redaction.ts';
import { feedTokenHash } from '../server/modules/feeds/tokens.ts';
import { signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { feedEntries, feedProblems } from './support/feeds.ts';
import { seedStories, type SeedStory } from './support/seed.ts';

/** Feeds (docs/feeds.md): every feed, format and parameter, valid, matching its list, cheap to poll. */
let t: TestApp;
const NOW = 1_800_000_000;

const TITLES = [
  'Rust compiler gets faster',
  'Zig 0.14 released',
  'Go generics in practice',
  'Rust and crypto wallets',
  'Show HN: <b>tool</b> & friends 🦀',
  'Ask HN: how do you learn Rust?',
  'עברית: כותרת מימין לשמאל',
  'Trusting trust, revisited',
  'Show HN: a Zig web server',
  'PostgreSQL 18 released',
];
const DOMAINS = ['rust-lang.org', 'blog.medium.com', 'example.com', 'github.com', 'medium.com', ''];
const AUTHORS = ['alice', 'bob', 'pg', 'carol'];

/** 40 stories of the last day, every one with its own time, score and comment count; a dead and a deleted one. */
const SEEDED: SeedStory[] = Array.from({ length: 40 }, (_, index) => {
  const domain = DOMAINS[(index * 5) % DOMAINS.length]!;
  return {
    hnId: 9000 + index,
    title: `${TITLES[index % TITLES.length]!}${index >= 10 ? ` (part ${index})` : ''}`,
    url: domain ? `https://${domain}/post/${index}?a=1&b=2` : '',
    by: AUTHORS[(index * 3) % AUTHORS.length]!,
    time: NOW - 600 - index * 1800,
    score: 5 + ((index * 37) % 200),
    descendants: (index * 13) % 60,
    scoreVelocity: (index * 7) % 30,
    commentsVelocity: (index * 5) % 20,
    trendingScore: ((index * 11) % 40) + index / 100,
    riseScore: ((index * 17) % 50) + index / 100,
    dead: index === 13,
    deleted: index === 27,
  };
});
const byHnId = new Map(SEEDED.map((story) => [story.hnId, story]));
const visible = SEEDED.filter((story) => !story.dead && !story.deleted);

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW * 1000, env: { PUBLIC_URL: 'https://trends.example', FEED_REQUESTS_PER_MINUTE: '0' } });
  await seedStories(t.db.database.pool, SEEDED);
  t.app.services.get('stories').invalidate();
}, 120_000);
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.server.inject({ url, headers });
/** A new person's feed token, made as they would make it. */
async function newPersonsFeedToken(app: TestApp): Promise<string> {
  const person = await signUp(app.app.server);
  const made = await app.app.server.inject({ method: 'POST', url: '/api/user/feed-token', headers: { cookie: person.cookie } });
  return (made.json() as NewFeedToken).token;
}
const hnIdOf = (id: string) => Number(new URL(id).searchParams.get('id'));
const text = (story: SeedStory) => [story.title ?? '', story.url ? new URL(story.url).hostname : '', story.by ?? ''].map((part) => part.toLowerCase());
const has = (story: SeedStory, term: string) => text(story).some((part) => part.includes(term));
const titleWords = (story: SeedStory) => (story.title ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u);

/** The parameters, each with what it keeps, written out plainly (not with the feed's own code). */
interface Case {
  name: string;
  params: Record<string, string>;
  keeps: (story: SeedStory) => boolean;
  count?: number;
}
const CASES: Case[] = [
  { name: 'no parameters', params: {}, keeps: () => true },
  { name: 'q, a word', params: { q: 'rust' }, keeps: (s) => has(s, 'rust') },
  { name: 'q, two words', params: { q: 'rust compiler' }, keeps: (s) => has(s, 'rust') && has(s, 'compiler') },
  { name: 'q with OR', params: { q: 'rust OR zig' }, keeps: (s) => has(s, 'rust') || has(s, 'zig') },
  { name: 'q, a quoted phrase', params: { q: '"show hn"' }, keeps: (s) => has(s, 'show hn') },
  { name: '-word', params: { q: '-crypto' }, keeps: (s) => !titleWords(s).includes('crypto') },
  { name: '-domain:', params: { q: '-domain:medium.com' }, keeps: (s) => !(s.url ?? '').includes('medium.com/') },
  { name: '-author:', params: { q: '-author:bob' }, keeps: (s) => s.by !== 'bob' },
  { name: 'q with OR and exclusions', params: { q: 'rust OR zig -crypto -author:pg' }, keeps: (s) => (has(s, 'rust') || has(s, 'zig')) && !titleWords(s).includes('crypto') && s.by !== 'pg' },
  { name: 'points', params: { points: '100' }, keeps: (s) => (s.score ?? 0) >= 100 },
  { name: 'comments', params: { comments: '30' }, keeps: (s) => (s.descendants ?? 0) >= 30 },
  { name: 'count', params: { count: '3' }, keeps: () => true, count: 3 },
  { name: 'count 100', params: { count: '100' }, keeps: () => true, count: 100 },
  { name: 'link=comments', params: { link: 'comments' }, keeps: () => true },
  { name: 'description=0', params: { description: '0' }, keeps: () => true },
];

/** A feed and the stories it is of, in its order, before the case's own filters. */
interface Subject {
  path: string;
  stories: () => Promise<SeedStory[]>;
}

/** The list's own answer (the API the list page reads), in its order. */
const listed = (sort: string) => async (points = 0) => {
  const response = await get(`/api/stories/${sort}?minScore=${points}&hours=72&timeFilter=3d&limit=1000`);
  expect(response.statusCode).toBe(200);
  return (response.json() as { stories: Story[] }).stories.map((story) => byHnId.get(story.hnId)!);
};
const newestFirst = (keeps: (story: SeedStory) => boolean) => async () => visible.filter(keeps).sort((a, b) => b.time - a.time);

const SUBJECTS: (Subject & { points?: (points: number) => Promise<SeedStory[]> })[] = [
  ...['trending', 'top', 'comments', 'recent', 'fast-risers'].map((sort) => ({ path: `/feeds/${sort}`, stories: () => listed(sort)(0), points: listed(sort) })),
  { path: '/feeds/search', stories: newestFirst(() => true) },
  { path: '/feeds/keywords/rust', stories: newestFirst((s) => titleWords(s).includes('rust')) },
  { path: '/feeds/domains/medium.com', stories: newestFirst((s) => /:\/\/(?:[\w-]+\.)?medium\.com\//.test(s.url ?? '')) },
  { path: '/feeds/authors/alice', stories: newestFirst((s) => s.by === 'alice') },
];

describe.each(SUBJECTS)('$path', (subject) => {
  it.each(CASES)('$name: every format valid, its items the list\'s that the parameter keeps, in order', async ({ params, keeps, count }) => {
    const points = Number(params.points ?? 0);
    const base = subject.points ? await subject.points(points) : (await subject.stories()).filter((s) => (s.score ?? 0) >= points);
    const wanted = base
      .filter(keeps)
      .filter((s) => (s.descendants ?? 0) >= Number(params.comments ?? 0))
      .slice(0, count ?? 20)
      .map((s) => s.hnId);
    for (const format of FEED_FORMATS) {
      const query = new URLSearchParams(params).toString();
      const url = `${subject.path}.${format}${query ? `?${query}` : ''}`;
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe(`${FEED_MEDIA_TYPES[format]}; charset=utf-8`);
      expect(feedProblems(format, response.body), url).toEqual([]);
      const entries = feedEntries(format, response.body);
      expect(entries.map((entry) => hnIdOf(entry.id)), url).toEqual(wanted);
      if (params.link === 'comments') for (const entry of entries) expect(entry.link).toBe(entry.id);
      if (params.description === '0') expect(response.body).not.toContain('Points:');
      else if (entries.length > 0) expect(response.body).toContain('Points:');
      expect(response.body).toContain(`https://trends.example${url.replace(/&/g, format === 'json' ? '&' : '&amp;')}`);
    }
  });
});

it('every case finds something somewhere: the table tests what it says', async () => {
  for (const { name, params, keeps } of CASES) {
    const found = visible.filter(keeps).filter((s) => (s.score ?? 0) >= Number(params.points ?? 0) && (s.descendants ?? 0) >= Number(params.comments ?? 0));
    expect(found.length, name).toBeGreaterThan(0);
    if (name !== 'no parameters' && !name.startsWith('count') && !name.startsWith('link') && !name.startsWith('description')) {
      expect(found.length, name).toBeLessThan(visible.length);
    }
  }
});

describe('the rising keywords', () => {
  let k: TestApp;
  /** 12:30 UTC, as the keyword tests' clock. */
  const K_NOW = Math.floor(Date.UTC(2026, 0, 15, 12, 30) / 1000);
  beforeAll(async () => {
    k = await createTestApp({ now: () => K_NOW * 1000, env: { PUBLIC_URL: 'https://trends.example' } });
    let hnId = 1;
    const run = (title: string, count: number, secondsAgo: number): SeedStory[] =>
      Array.from({ length: count }, (_, i) => ({ hnId: hnId++, title, time: K_NOW - secondsAgo - i * 60, score: 50 }));
    // A sudden topic (rising), and a steady one (not).
    await seedStories(k.db.database.pool, [...run('Zigzag', 5, 2 * 3600), ...run('Python', 4, 3 * 3600), ...run('Python', 4, 27 * 3600)]);
    const ids = await k.db.database.pool.query<{ id: number }>('SELECT id FROM stories ORDER BY id');
    await indexStoryKeywords(k.db.database.pool, ids.rows.map((row) => row.id), K_NOW * 1000);
  }, 120_000);
  afterAll(async () => k?.close());

  it.each(FEED_FORMATS)('%s: an item per rising keyword, its id holding the day, linking to its stories\' feed', async (format) => {
    const response = await k.app.server.inject({ url: `/feeds/rising-keywords.${format}?period=24h` });
    expect(response.statusCode).toBe(200);
    expect(feedProblems(format, response.body)).toEqual([]);
    const entries = feedEntries(format, response.body);
    expect(entries.map((entry) => entry.title)).toEqual(['Rising: Zigzag']);
    expect(entries[0]!.id).toBe('https://trends.example/keywords#rising-Zigzag-2026-01-15');
    expect(entries[0]!.link).toBe('https://trends.example/feeds/keywords/zigzag.atom');
    const excluded = await k.app.server.inject({ url: `/feeds/rising-keywords.${format}?period=24h&q=-zigzag` });
    expect(feedEntries(format, excluded.body)).toEqual([]);
    const stories = await k.app.server.inject({ url: '/feeds/keywords/zigzag.atom' });
    expect(feedEntries('atom', stories.body)).toHaveLength(5);
  });
});

describe('the search feed takes the advanced search\'s filters', () => {
  it.each([
    [{ sort: 'score' }, (a: SeedStory, b: SeedStory) => (b.score ?? 0) - (a.score ?? 0)],
    [{ sort: 'comments', order: 'asc' }, (a: SeedStory, b: SeedStory) => (a.descendants ?? 0) - (b.descendants ?? 0)],
    [{ sort: 'trending' }, (a: SeedStory, b: SeedStory) => (b.trendingScore ?? 0) - (a.trendingScore ?? 0)],
  ])('%j', async (params, order) => {
    const response = await get(`/feeds/search.json?${new URLSearchParams({ ...params, count: '100', q: 'rust OR zig' })}`);
    expect(response.statusCode).toBe(200);
    const ids = feedEntries('json', response.body).map((entry) => hnIdOf(entry.id));
    const stories = ids.map((id) => byHnId.get(id)!);
    expect(stories.length).toBe(visible.filter((s) => has(s, 'rust') || has(s, 'zig')).length);
    for (let i = 1; i < stories.length; i++) expect(order(stories[i - 1]!, stories[i]!)).toBeLessThanOrEqual(0);
  });

  it('domain, author and hours narrow it', async () => {
    const response = await get('/feeds/search.rss?domain=medium&author=o&hours=6&count=100');
    const ids = feedEntries('rss', response.body).map((entry) => hnIdOf(entry.id));
    const wanted = visible
      .filter((s) => (s.url ?? '').includes('medium') && (s.by ?? '').includes('o') && s.time >= NOW - 6 * 3600)
      .sort((a, b) => b.time - a.time)
      .map((s) => s.hnId);
    expect(wanted.length).toBeGreaterThan(0);
    expect(ids).toEqual(wanted);
  });
});

describe('bad parameters are a 400 with a message, never a 500', () => {
  it.each([
    ['/feeds/trending.xml', 'ends in .rss'],
    ['/feeds/nothing.rss', 'No feed named nothing'],
    ['/feeds/trending.rss?count=0', 'count must be at least 1'],
    ['/feeds/trending.rss?count=101', 'count must be at most 100'],
    ['/feeds/trending.rss?count=ten', 'count must be a whole number'],
    ['/feeds/top.atom?points=-1', 'points must be at least 0'],
    ['/feeds/top.atom?comments=1.5', 'comments must be a whole number'],
    ['/feeds/recent.json?link=article', 'link must be url or comments'],
    ['/feeds/recent.json?description=no', 'description must be 1 or 0'],
    ['/feeds/trending.rss?q=%22open', 'quote'],
    ['/feeds/trending.rss?q=OR', 'OR'],
    ['/feeds/trending.rss?q=-domain:nodot', 'domain'],
    [`/feeds/trending.rss?q=${'x'.repeat(301)}`, 'at most 300'],
    ['/feeds/trending.rss?timeFilter=year', 'timeFilter must be one of'],
    ['/feeds/search.rss?sort=best', 'sort must be one of'],
    ['/feeds/search.rss?hours=12', 'hours must be one of'],
    ['/feeds/search.rss?count=1&count=2', 'count must be text'],
    ['/feeds/domains/nodot.rss', 'A domain feed names a host'],
    ['/feeds/authors/bad%20name.rss', 'An author is a Hacker News username'],
    ['/feeds/keywords/rust.txt', 'ends in .rss'],
    ['/feeds/rising-keywords.rss?period=2d', 'period must be one of'],
  ])('%s', async (url, message) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as { message: string }).message).toContain(message);
  });
});

describe('cheap to poll', () => {
  it.each(FEED_FORMATS)('%s: ETag, Last-Modified and public caching; 304 on a matching If-None-Match or If-Modified-Since', async (format: FeedFormat) => {
    const url = `/feeds/trending.${format}?points=10`;
    const first = await get(url);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(Date.parse(lastModified)).toBeGreaterThan(0);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get(url, { 'if-none-match': `"other", ${etag.slice(2)}` })).statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await get(url, { 'if-modified-since': lastModified })).statusCode).toBe(304);
    expect((await get(url, { 'if-modified-since': new Date(Date.parse(lastModified) - 1000).toUTCString() })).statusCode).toBe(200);
    // If-None-Match decides when both are sent.
    expect((await get(url, { 'if-none-match': '"other"', 'if-modified-since': lastModified })).statusCode).toBe(200);
  });

  it('keeps item ids and the ETag across refetches while nothing changes, and a new story appears once its cycle ends', async () => {
    const url = '/feeds/recent.atom?count=5';
    const first = await get(url);
    t.app.services.get('stories').invalidate();
    const second = await get(url);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(feedEntries('atom', second.body)).toEqual(feedEntries('atom', first.body));
    await seedStories(t.db.database.pool, [{ hnId: 99_999, title: 'A story stored by the latest cycle', time: NOW - 60, score: 3 }]);
    // What the ingestion job does at the end of each cycle (test/support/app.ts, ingestion.onCycle).
    t.app.services.get('stories').invalidate();
    const third = await get(url);
    expect(third.headers.etag).not.toBe(first.headers.etag);
    expect(hnIdOf(feedEntries('atom', third.body)[0]!.id)).toBe(99_999);
  });

  it('keeps a 20-item feed under 50 KB', async () => {
    for (const format of FEED_FORMATS) {
      const response = await get(`/feeds/search.${format}?count=20`);
      expect(feedEntries(format, response.body)).toHaveLength(20);
      expect(Buffer.byteLength(response.body)).toBeLessThan(50 * 1024);
    }
  });
});

describe('before any ingestion cycle has finished', () => {
  // A clock that moves: the feed's date must come from the stories, not from the time of the request.
  let clockMs = NOW * 1000;
  let m: TestApp;
  beforeAll(async () => {
    m = await createTestApp({ now: () => clockMs, env: { PUBLIC_URL: 'https://trends.example', FEED_REQUESTS_PER_MINUTE: '0' } });
    await seedStories(m.db.database.pool, SEEDED.slice(0, 10));
    m.app.services.get('stories').invalidate();
  }, 120_000);
  afterAll(async () => m?.close());

  it('dates a feed when the server first saw its stories, so polling unchanged stories gets the same bytes and 304', async () => {
    const token = await newPersonsFeedToken(m);
    for (const url of ['/feeds/recent.atom', '/feeds/top.rss', `/feeds/private/${token}/bookmarks.json`]) {
      const first = await m.app.server.inject({ url });
      expect(first.statusCode, url).toBe(200);
      clockMs += 90_500;
      const later = await m.app.server.inject({ url });
      expect(later.body, url).toBe(first.body);
      expect(later.headers.etag, url).toBe(first.headers.etag);
      expect(later.headers['last-modified'], url).toBe(first.headers['last-modified']);
      expect((await m.app.server.inject({ url, headers: { 'if-modified-since': String(first.headers['last-modified']) } })).statusCode, url).toBe(304);
    }
    // New stories: the feed is dated when they were first seen, later than before.
    const before = await m.app.server.inject({ url: '/feeds/recent.atom' });
    clockMs += 60_000;
    await seedStories(m.db.database.pool, [{ hnId: 88_888, title: 'A story stored while no cycle has finished', time: NOW - 30, score: 4 }]);
    m.app.services.get('stories').invalidate();
    const after = await m.app.server.inject({ url: '/feeds/recent.atom' });
    expect(hnIdOf(feedEntries('atom', after.body)[0]!.id)).toBe(88_888);
    expect(Date.parse(String(after.headers['last-modified']))).toBe(Math.floor(clockMs / 1000) * 1000);
    expect(Date.parse(String(after.headers['last-modified']))).toBeGreaterThan(Date.parse(String(before.headers['last-modified'])));
  });
});

describe('rate limit and freshness', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ now: () => NOW * 1000, env: { FEED_REQUESTS_PER_MINUTE: '3' } });
    await seedStories(limited.db.database.pool, SEEDED.slice(0, 5));
  }, 120_000);
  afterAll(async () => limited?.close());

  it('answers a client past its limit 429 with Retry-After and a message, and other clients still', async () => {
    const ask = (remoteAddress: string) => limited.app.server.inject({ url: '/feeds/top.rss', remoteAddress });
    for (let i = 0; i < 3; i++) expect((await ask('10.9.0.1')).statusCode).toBe(200);
    const refused = await ask('10.9.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((refused.json() as { message: string }).message).toMatch(/try again in \d+ seconds/);
    expect((await ask('10.9.0.2')).statusCode).toBe(200);
  });

  it('limits a private feed per token, whichever address asks', async () => {
    const token = await newPersonsFeedToken(limited);
    const ask = (remoteAddress: string) => limited.app.server.inject({ url: `/feeds/private/${token}/bookmarks.rss`, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await ask(`10.9.2.${i}`)).statusCode).toBe(200);
    const refused = await ask('10.9.2.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The public feeds' limit is the address's own.
    expect((await limited.app.server.inject({ url: '/feeds/top.rss', remoteAddress: '10.9.2.9' })).statusCode).toBe(200);
  });

  it('says in every format when Hacker News has been unreachable for more than 5 minutes', async () => {
    const cycle = (startedAt: number, status: string, error: string | null) =>
      limited.db.database.pool.query(
        `INSERT INTO ingestion_cycles (reason, instance, started_at, finished_at, status, error) VALUES ('test', 'test', to_timestamp($1), to_timestamp($1 + 10), $2, $3)`,
        [startedAt, status, error],
      );
    await cycle(NOW - 900, 'ok', null);
    await cycle(NOW - 600, 'failed', HN_UNREACHABLE);
    await cycle(NOW - 60, 'failed', HN_UNREACHABLE);
    // The freshness reading is kept five seconds.
    await new Promise((resolve) => setTimeout(resolve, 5100));
    for (const format of FEED_FORMATS) {
      const response = await limited.app.server.inject({ url: `/feeds/top.${format}`, remoteAddress: `10.9.1.${format.length}` });
      expect(response.statusCode).toBe(200);
      expect(feedProblems(format, response.body)).toEqual([]);
      expect(response.body).toContain('Hacker News has been unreachable since');
      if (format === 'json') {
        const extension = (response.json() as { _hn_trends: Record<string, unknown> })._hn_trends;
        expect(extension).toMatchObject({ stale: true, hacker_news_unreachable_since: new Date((NOW - 600) * 1000).toISOString() });
      }
    }
  }, 20_000);
});

describe('found where people look', () => {
  it('the API document lists every feed with its parameters and the feeds\' rate limit', async () => {
    const document = (await get('/api/docs/json')).json() as { info: { description: string }; paths: Record<string, { get?: { tags?: string[]; parameters?: { name: string }[] } }> };
    for (const path of ['/feeds/{file}', '/feeds/keywords/{file}', '/feeds/domains/{file}', '/feeds/authors/{file}', '/feeds/private/{token}/{file}']) {
      const operation = document.paths[path]?.get;
      expect(operation?.tags, path).toEqual(['feeds']);
      const names = (operation?.parameters ?? []).map((parameter) => parameter.name);
      for (const name of ['file', 'q', 'points', 'comments', 'count', 'link', 'description']) expect(names, `${path} ${name}`).toContain(name);
    }
    expect(document.info.description).toContain('Feeds (`/feeds/…`');
  });
});

describe('digests', () => {
  /** Stories of the three days before NOW's day (UTC), a few a day, for the daily and weekly digests. */
  const dayStart = Math.floor(NOW / 86_400) * 86_400;
  const DIGEST_SEED: SeedStory[] = Array.from({ length: 12 }, (_, i) => ({
    hnId: 50_000 + i,
    title: `${i % 2 === 0 ? 'Rust' : 'Zig'} digest story ${i}`,
    url: `https://digest.example/${i}`,
    by: 'dora',
    time: dayStart - 86_400 * (1 + (i % 3)) + 3600 * i,
    score: 1000 + i * 10,
    descendants: i,
  }));
  beforeAll(async () => {
    await seedStories(t.db.database.pool, DIGEST_SEED);
    t.app.services.get('stories').invalidate();
  });

  it.each(FEED_FORMATS)('%s daily: one item per finished day, its id the day\'s, listing the day\'s best in order', async (format) => {
    const response = await get(`/feeds/daily.${format}?count=2&periods=3`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(`${FEED_MEDIA_TYPES[format]}; charset=utf-8`);
    expect(feedProblems(format, response.body)).toEqual([]);
    const entries = feedEntries(format, response.body);
    const days = [1, 2, 3].map((k) => new Date((dayStart - k * 86_400) * 1000).toISOString().slice(0, 10));
    expect(entries.map((entry) => entry.id)).toEqual(days.map((day) => `https://trends.example/feeds/daily#${day}`));
    // The day before NOW's: its two best scored stories, best first.
    const best = DIGEST_SEED.filter((s) => s.time >= dayStart - 86_400 && s.time < dayStart).sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
    const first = response.body.indexOf(best[0]!.title!);
    expect(first).toBeGreaterThan(0);
    expect(response.body.indexOf(best[1]!.title!)).toBeGreaterThan(first);
    expect(response.body).not.toContain(best[2]!.title!);
  });

  it('weekly: an item per finished week; q, points and comments narrow each period\'s stories', async () => {
    const weekly = await get('/feeds/weekly.atom?periods=2');
    expect(feedEntries('atom', weekly.body)).toHaveLength(2);
    expect(feedEntries('atom', weekly.body)[0]!.id).toMatch(/^https:\/\/trends\.example\/feeds\/weekly#\d{4}-\d{2}-\d{2}$/);
    const daily = await get('/feeds/daily.json?periods=3&count=100&q=zig&points=1050&comments=7');
    const body = daily.body;
    for (const story of DIGEST_SEED) {
      const kept = story.title!.startsWith('Zig') && (story.score ?? 0) >= 1050 && (story.descendants ?? 0) >= 7;
      expect(body.includes(`>${story.title}<`), story.title).toBe(kept);
    }
    expect(DIGEST_SEED.some((s) => s.title!.startsWith('Zig') && (s.score ?? 0) >= 1050 && (s.descendants ?? 0) >= 7)).toBe(true);
  });

  it.each([
    ['/feeds/daily.rss?periods=0', 'periods must be at least 1'],
    ['/feeds/weekly.rss?periods=15', 'periods must be at most 14'],
    ['/feeds/daily.rss?count=101', 'count must be at most 100'],
  ])('%s is a 400', async (url, message) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toContain(message);
  });
});

describe('private feeds', () => {
  let owner: TestUser;
  let other: TestUser;
  let token: string;
  const storyIds = new Map<number, number>();
  const send = (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.server.inject({ method, url, headers: { cookie: user.cookie }, ...(payload && { payload }) });
  const feedOf = (name: string, format: FeedFormat = 'atom', query = '') => get(`/feeds/private/${token}/${name}.${format}${query}`);
  const titles = async (name: string, format: FeedFormat = 'atom', query = '') => {
    const response = await feedOf(name, format, query);
    expect(response.statusCode, response.body).toBe(200);
    expect(feedProblems(format, response.body)).toEqual([]);
    return feedEntries(format, response.body).map((entry) => entry.title);
  };
  /** The seeded stories whose titles start so, by our ids. */
  const idsOf = (prefix: string) => SEEDED.filter((s) => s.title!.startsWith(prefix) && !s.dead && !s.deleted).map((s) => storyIds.get(s.hnId)!);

  beforeAll(async () => {
    const rows = await t.db.database.pool.query<{ id: number; hn_id: number }>('SELECT id, hn_id FROM stories');
    for (const row of rows.rows) storyIds.set(Number(row.hn_id), row.id);
    [owner, other] = [await signUp(t.app.server), await signUp(t.app.server)];
    const made = await send(owner, 'POST', '/api/user/feed-token');
    expect(made.statusCode).toBe(201);
    token = (made.json() as NewFeedToken).token;
    for (const id of [...idsOf('Rust compiler'), ...idsOf('Zig 0.14')]) expect((await send(owner, 'POST', '/api/bookmarks', { storyId: id })).statusCode).toBe(201);
    for (const id of idsOf('Go generics')) expect((await send(owner, 'POST', '/api/story-watches', { storyId: id })).statusCode).toBe(201);
    expect((await send(owner, 'POST', '/api/keyword-alerts', { keyword: 'PostgreSQL', threshold: 3 })).statusCode).toBe(201);
    // Another person's rows are not in the owner's feeds.
    expect((await send(other, 'POST', '/api/bookmarks', { storyId: idsOf('PostgreSQL')[0]! })).statusCode).toBe(201);
  });

  it('keeps only the token\'s hash; the token opens the feeds, with private caching and no session needed', async () => {
    const stored = await t.db.database.pool.query<{ token_hash: string }>('SELECT token_hash FROM feed_tokens WHERE user_id = $1', [owner.id]);
    expect(stored.rows[0]!.token_hash).toBe(feedTokenHash(token));
    expect(stored.rows[0]!.token_hash).not.toContain(token);
    expect((await send(owner, 'GET', '/api/user/feed-token')).json()).toEqual({ feedToken: { createdAt: new Date(NOW * 1000).toISOString() } });
    for (const name of PRIVATE_FEEDS) {
      for (const format of FEED_FORMATS) {
        const response = await feedOf(name, format);
        expect(response.statusCode, `${name}.${format}`).toBe(200);
        expect(response.headers['content-type']).toBe(`${FEED_MEDIA_TYPES[format]}; charset=utf-8`);
        expect(response.headers['cache-control']).toBe('private, max-age=300');
        expect(feedProblems(format, response.body), `${name}.${format}`).toEqual([]);
        const again = await get(`/feeds/private/${token}/${name}.${format}`, { 'if-none-match': String(response.headers.etag) });
        expect(again.statusCode).toBe(304);
      }
    }
  });

  it('bookmarks: the person\'s bookmarked stories, with every parameter and their muting rules', async () => {
    const bookmarked = SEEDED.filter((s) => /^(Rust compiler|Zig 0\.14)/.test(s.title!) && !s.dead && !s.deleted);
    expect((await titles('bookmarks')).sort()).toEqual(bookmarked.map((s) => s.title).sort());
    expect((await titles('bookmarks', 'rss', '?q=zig')).sort()).toEqual(bookmarked.filter((s) => s.title!.startsWith('Zig')).map((s) => s.title).sort());
    expect(await titles('bookmarks', 'json', '?count=2')).toHaveLength(2);
    const points = 120;
    expect((await titles('bookmarks', 'json', `?points=${points}`)).sort()).toEqual(bookmarked.filter((s) => (s.score ?? 0) >= points).map((s) => s.title).sort());
    const response = await feedOf('bookmarks', 'rss', '?link=comments&description=0');
    expect(response.body).not.toContain('Points:');
    for (const entry of feedEntries('rss', response.body)) expect(entry.link).toBe(entry.id);
    // The owner mutes Zig: gone from their feed.
    const muted = await send(owner, 'POST', '/api/user/mutes', { kind: 'word', value: 'zig' });
    expect(muted.statusCode).toBe(201);
    expect((await titles('bookmarks')).some((title) => title!.startsWith('Zig'))).toBe(false);
    expect((await send(owner, 'DELETE', `/api/user/mutes/${(muted.json() as { mute: { id: number } }).mute.id}`)).statusCode).toBe(200);
  });

  it('watches: each recorded status change of a watched story, with a stable id', async () => {
    expect(await titles('watches')).toEqual([]);
    const [storyId] = idsOf('Go generics');
    const watch = await t.db.database.pool.query<{ id: number }>('SELECT id FROM story_watches WHERE user_id = $1 AND story_id = $2', [owner.id, storyId]);
    await t.db.database.pool.query(
      `INSERT INTO watch_status_changes (watch_id, user_id, story_id, from_status, to_status, changed_at) VALUES ($1, $2, $3, 'other', 'hot', to_timestamp($4)), ($1, $2, $3, 'hot', 'rising', to_timestamp($5))`,
      [watch.rows[0]!.id, owner.id, storyId, NOW - 120, NOW - 60],
    );
    const title = SEEDED.find((s) => storyIds.get(s.hnId) === storyId)!.title;
    const first = feedEntries('atom', (await feedOf('watches')).body);
    expect(first.map((entry) => entry.title)).toEqual([`Cooling: was Hot, now Rising: ${title}`, `Growing: had no heat badge, now Hot: ${title}`]);
    expect(feedEntries('atom', (await feedOf('watches')).body).map((entry) => entry.id)).toEqual(first.map((entry) => entry.id));
    expect(await titles('watches', 'rss', '?q=-generics')).toEqual([]);
  });

  it('alerts: the newest stories mentioning an active alert\'s keyword, tagged with it', async () => {
    const wanted = visible.filter((s) => titleWords(s).includes('postgresql')).sort((a, b) => b.time - a.time);
    expect(wanted.length).toBeGreaterThan(1);
    const response = await feedOf('alerts', 'json');
    const items = (response.json() as { items: { title: string; tags?: string[] }[] }).items;
    expect(items.map((item) => item.title)).toEqual(wanted.map((s) => s.title));
    expect(items[0]!.tags).toEqual(['PostgreSQL']);
    expect(await titles('alerts', 'atom', '?count=1')).toEqual([wanted[0]!.title]);
  });

  it('predictions: each call to trend as it is made, updated (title and date) once it settles', async () => {
    const [storyId] = idsOf('Show HN: a Zig');
    const pool = t.db.database.pool;
    const inserted = await pool.query<{ id: string }>(
      `INSERT INTO predictions (story_id, predicted_at, probability, confidence, score_at_prediction, comments_at_prediction, model_version)
       VALUES ($1, to_timestamp($2), 0.82, 'high', 40, 5, 'test') RETURNING id`,
      [storyId, NOW - 7 * 3600],
    );
    const before = feedEntries('atom', (await feedOf('predictions')).body);
    expect(before.map((entry) => entry.title)).toEqual([`Will trend: ${SEEDED.find((s) => storyIds.get(s.hnId) === storyId)!.title}`]);
    await pool.query(
      `UPDATE predictions SET verified_at = to_timestamp($2), score_at_horizon = 320, reached_target = true, accurate = true, reached_at = to_timestamp($3) WHERE id = $1`,
      [inserted.rows[0]!.id, NOW - 3600, NOW - 3 * 3600],
    );
    const after = feedEntries('atom', (await feedOf('predictions')).body);
    expect(after[0]!.id).toBe(before[0]!.id);
    expect(after[0]!.title).toMatch(/^Trended: /);
    const json = (await feedOf('predictions', 'json')).json() as { items: { date_published: string; date_modified: string }[] };
    expect(json.items[0]!.date_published).toBe(new Date((NOW - 7 * 3600) * 1000).toISOString().replace('.000', ''));
    expect(json.items[0]!.date_modified).toBe(new Date((NOW - 3600) * 1000).toISOString().replace('.000', ''));
  });

  it('renewing stops the former token, revoking stops the new one: 404 with a message; bad parameters are a 400', async () => {
    const bad = await feedOf('bookmarks', 'rss', '?count=0');
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toContain('count must be at least 1');
    expect((await get(`/feeds/private/${token}/nothing.rss`)).statusCode).toBe(400);
    const former = token;
    const renewed = await send(owner, 'POST', '/api/user/feed-token');
    token = (renewed.json() as NewFeedToken).token;
    expect(token).not.toBe(former);
    const gone = await get(`/feeds/private/${former}/bookmarks.rss`);
    expect(gone.statusCode).toBe(404);
    expect((gone.json() as { message: string }).message).toContain('renewed or revoked');
    expect((await feedOf('bookmarks')).statusCode).toBe(200);
    expect((await send(owner, 'DELETE', '/api/user/feed-token')).statusCode).toBe(200);
    expect((await feedOf('bookmarks')).statusCode).toBe(404);
    expect((await send(owner, 'DELETE', '/api/user/feed-token')).statusCode).toBe(404);
    expect((await send(owner, 'GET', '/api/user/feed-token')).json()).toEqual({ feedToken: null });
    expect((await get('/feeds/private/not-a-token/bookmarks.rss')).statusCode).toBe(404);
  });

  it('the session cookie opens no private feed, and logs never hold a token', () => {
    expect(redactedUrl(`/feeds/private/${'a'.repeat(43)}/bookmarks.rss?q=x`)).toBe('/feeds/private/<token>/bookmarks.rss?q=x');
    expect(redactedUrl('/feeds/trending.rss')).toBe('/feeds/trending.rss');
  });
});
