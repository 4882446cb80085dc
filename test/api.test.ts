import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTrendingResponseSchema, storyPageSchema } from '#common/contracts/stories.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { databaseFingerprint, seedStories } from './support/seed.ts';
import { MAINTENANCE_READING_MS } from '../server/modules/settings/service.ts';

// Modules: stories, system, settings

const NOW = Date.now();
const nowSeconds = Math.floor(NOW / 1000);
const HOUR = 3600;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  await seedStories(t.db.database.pool, [
    // Young and fast: 30 minutes old.
    { hnId: 101, time: nowSeconds - HOUR / 2, score: 60, descendants: 12, scoreVelocity: 40, commentsVelocity: 10, trendingScore: 90, riseScore: 56 },
    // Big and older: 20 hours old.
    { hnId: 102, time: nowSeconds - 20 * HOUR, score: 900, descendants: 450, scoreVelocity: 12, commentsVelocity: 6, trendingScore: 30, riseScore: 0 },
    // Mid: 3 hours old.
    { hnId: 103, time: nowSeconds - 3 * HOUR, score: 150, descendants: 80, scoreVelocity: 20, commentsVelocity: 9, trendingScore: 60, riseScore: 11.5 },
    // Four days old, still has some points.
    { hnId: 104, time: nowSeconds - 96 * HOUR, score: 400, descendants: 200, trendingScore: 1 },
    // Ask HN text post, 2 hours old.
    { hnId: 105, time: nowSeconds - 2 * HOUR, title: 'Ask HN: What are you working on?', url: '', score: 8, descendants: 30, scoreVelocity: 3, trendingScore: 5, riseScore: 2.1 },
    // Dead and deleted stories never show.
    { hnId: 106, time: nowSeconds - HOUR, score: 500, trendingScore: 500, riseScore: 500, scoreVelocity: 100, dead: true },
    { hnId: 107, time: nowSeconds - HOUR, score: 500, trendingScore: 500, riseScore: 500, scoreVelocity: 100, deleted: true },
    // Two months old.
    { hnId: 108, time: nowSeconds - 60 * 24 * HOUR, score: 2000, descendants: 900 },
  ]);
});
afterAll(async () => t?.close());

async function list(path: string) {
  const response = await t.app.server.inject({ method: 'GET', url: path });
  expect(response.statusCode, response.body).toBe(200);
  return storyPageSchema.parse(response.json());
}

const hnIds = (page: { stories: { hnId: number }[] }) => page.stories.map((s) => s.hnId);

describe('story lists', () => {
  it('trending: by trending score within the time window (default 3 days)', async () => {
    const page = await list('/api/stories/trending');
    expect(hnIds(page)).toEqual([101, 103, 102, 105]);
    expect(page).toMatchObject({ count: 4, page: 1, totalPages: 1, hasNext: false, hasPrevious: false, totalCount: 4 });
    expect(hnIds(await list('/api/stories/trending?timeFilter=1h'))).toEqual([101]);
    expect(hnIds(await list('/api/stories/trending?timeFilter=week'))).toEqual([101, 103, 102, 105, 104]);
    expect(hnIds(await list('/api/stories/trending?timeFilter=month&minScore=100'))).toEqual([103, 102, 104]);
  });

  it('every story carries every field of the spec', async () => {
    const page = await list('/api/stories/trending?timeFilter=1h');
    expect(page.stories[0]).toEqual({
      id: expect.any(Number),
      hnId: 101,
      title: 'Story 101',
      url: 'https://example.com/101',
      score: 60,
      descendants: 12,
      by: 'someone',
      time: nowSeconds - HOUR / 2,
      timeAgo: '30 minutes ago',
      domain: 'example.com',
      scoreVelocity: 40,
      commentsVelocity: 10,
      trendingScore: 90,
    });
    const ask = (await list('/api/stories/trending')).stories.find((s) => s.hnId === 105);
    expect(ask).toMatchObject({ url: '', domain: '', title: 'Ask HN: What are you working on?' });
  });

  it('top, comments and recent sort by score, comments and time over all stories', async () => {
    expect(hnIds(await list('/api/stories/top'))).toEqual([108, 102, 104, 103, 101, 105]);
    expect(hnIds(await list('/api/stories/comments'))).toEqual([108, 102, 104, 103, 105, 101]);
    expect(hnIds(await list('/api/stories/recent?hours=24'))).toEqual([101, 105, 103, 102]);
    expect(hnIds(await list('/api/stories/recent?hours=8760'))).toEqual([101, 105, 103, 102, 104, 108]);
  });

  it('the window (hours) filters every sort, Recent included, as chosen', async () => {
    // 101: 30 min, 105: 2 h, 103: 3 h, 102: 20 h, 104: 4 days, 108: 2 months old.
    expect(hnIds(await list('/api/stories/recent?hours=1'))).toEqual([101]);
    expect(hnIds(await list('/api/stories/recent?hours=72'))).toEqual([101, 105, 103, 102]);
    expect(hnIds(await list('/api/stories/top?hours=6'))).toEqual([103, 101, 105]);
    expect(hnIds(await list('/api/stories/top?hours=168'))).toEqual([102, 104, 103, 101, 105]);
    expect(hnIds(await list('/api/stories/comments?hours=24'))).toEqual([102, 103, 105, 101]);
    expect(hnIds(await list('/api/stories/fast-risers?hours=1'))).toEqual([101]);
    expect(hnIds(await list('/api/stories/trending?hours=1&timeFilter=month'))).toEqual([101]);
    const lastHour = await list('/api/stories/top?hours=1');
    expect(lastHour).toMatchObject({ totalCount: 1, totalPages: 1 });
  });

  it('fast risers: young stories gaining fast, above the minimum velocity, not old big ones', async () => {
    expect(hnIds(await list('/api/stories/fast-risers?minVelocity=5'))).toEqual([101, 103]);
    expect(hnIds(await list('/api/stories/fast-risers'))).toEqual([101, 103, 105]);
  });

  it('pages: count, totals and flags', async () => {
    const first = await list('/api/stories/top?limit=4');
    expect(first).toMatchObject({ count: 4, page: 1, totalPages: 2, hasNext: true, hasPrevious: false, totalCount: 6 });
    const second = await list('/api/stories/top?limit=4&page=2');
    expect(hnIds(second)).toEqual([101, 105]);
    expect(second).toMatchObject({ count: 2, page: 2, totalPages: 2, hasNext: false, hasPrevious: true });
    const beyond = await list('/api/stories/top?limit=4&page=9');
    expect(beyond).toMatchObject({ count: 0, stories: [], totalCount: 6, hasNext: false, hasPrevious: true });
    expect((await list('/api/stories/top?limit=1000')).count).toBe(6);
  });

  it('minScore filters every sort', async () => {
    expect(hnIds(await list('/api/stories/top?minScore=500'))).toEqual([108, 102]);
    expect((await list('/api/stories/comments?minScore=100000')).totalCount).toBe(0);
  });
});

describe('bad input', () => {
  const cases: [string, RegExp][] = [
    ['/api/stories/trending?minScore=-1', /minScore must be at least 0/],
    ['/api/stories/trending?page=abc', /page must be a whole number/],
    ['/api/stories/trending?page=0', /page must be at least 1/],
    ['/api/stories/trending?timeFilter=2d', /timeFilter must be one of 1h, 6h, 24h, 3d, week, month/],
    ['/api/stories/top?limit=5000', /limit must be at most 1000/],
    ['/api/stories/top?limit=0', /limit must be at least 1/],
    ['/api/stories/recent?hours=1.5', /hours must be a whole number/],
    ['/api/stories/fast-risers?minVelocity=fast', /minVelocity must be a number/],
    ['/api/stories/top?minScore=1&minScore=2', /minScore/],
    ['/api/demo/trending?limit=50', /limit must be at most 10/],
  ];

  it.each(cases)('%s answers 400 with a message and changes nothing', async (url, message) => {
    const before = await databaseFingerprint(t.db.database.pool);
    const response = await t.app.server.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(response.json().issues.length).toBeGreaterThan(0);
    expect(await databaseFingerprint(t.db.database.pool)).toBe(before);
  });

  it('unknown routes answer 404 with a message', async () => {
    const response = await t.app.server.inject({ method: 'GET', url: '/api/stories/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain('/api/stories/nope');
  });
});

describe('landing sample, maintenance status, health', () => {
  it('demo trending: the top stories, cacheable for two minutes', async () => {
    const response = await t.app.server.inject({ method: 'GET', url: '/api/demo/trending?limit=3' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=120');
    expect(hnIds(demoTrendingResponseSchema.parse(response.json()))).toEqual([101, 103, 102]);
  });

  it('maintenance status follows the settings table (default off), within the reading period after a change in SQL', async () => {
    const get = async () => (await t.app.server.inject({ method: 'GET', url: '/api/maintenance-status' })).json();
    const readingExpired = () => new Promise((resolve) => setTimeout(resolve, MAINTENANCE_READING_MS + 100));
    expect(await get()).toEqual({ maintenanceMode: false });
    await t.db.database.pool.query(`INSERT INTO settings (key, value) VALUES ('maintenance_mode', 'true'::jsonb)`);
    await readingExpired();
    expect(await get()).toEqual({ maintenanceMode: true });
    await t.db.database.pool.query(`UPDATE settings SET value = '"false"'::jsonb WHERE key = 'maintenance_mode'`);
    await readingExpired();
    expect(await get()).toEqual({ maintenanceMode: false });
  });

  it('healthz, readyz and metrics answer', async () => {
    expect((await t.app.server.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.server.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready', database: true, migrations: true });
    const metrics = await t.app.server.inject({ url: '/metrics' });
    expect(metrics.body).toContain('hn_ingest_cycle_duration_seconds');
    expect(metrics.body).toContain('http_request_duration_seconds');
  });

  it('readyz reports migrations not applied', async () => {
    await t.db.database.pool.query(`ALTER TABLE drizzle.__drizzle_migrations RENAME TO __hidden`);
    try {
      const response = await t.app.server.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ database: true, migrations: false });
    } finally {
      await t.db.database.pool.query(`ALTER TABLE drizzle.__hidden RENAME TO __drizzle_migrations`);
    }
  });

  it('the OpenAPI document lists every story endpoint', async () => {
    const response = await t.app.server.inject({ url: '/api/docs/json' });
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/stories/trending',
      '/api/stories/top',
      '/api/stories/comments',
      '/api/stories/recent',
      '/api/stories/fast-risers',
      '/api/demo/trending',
      '/api/stories/refresh',
      '/api/maintenance-status',
    ]) {
      expect(paths).toContain(path);
    }
    expect(response.json().paths['/api/stories/trending'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['minScore', 'page', 'limit', 'hours', 'timeFilter', 'minVelocity']),
    );
    // A story made up by the demo's replay says so; the field is optional, so a real story's JSON goes without it.
    const story = response.json().paths['/api/stories/trending'].get.responses['200'].content['application/json'].schema.properties.stories.items;
    expect(story.properties.synthetic).toMatchObject({ type: 'boolean', enum: [true] });
    expect(story.required).not.toContain('synthetic');
  });

  it('the OpenAPI document states the rate limits: the general one from the configuration, and each route its own', async () => {
    const document = (await t.app.server.inject({ url: '/api/docs/json' })).json();
    expect(document.info.description).toContain(`${t.config.RATE_LIMIT_PER_MINUTE} requests a minute`);
    expect(document.info.description).toMatch(/Contact messages: 5 an hour per address/);
    expect(document.paths['/api/stories/refresh'].post.description).toMatch(/Rate limit: 6 a minute per client address\.$/);
    expect(document.paths['/api/stories/trending'].get.description ?? '').not.toMatch(/Rate limit/);
  });
});

describe('compression', () => {
  it('compresses lists for clients that accept it, and only for them', async () => {
    const brotli = await t.app.server.inject({ url: '/api/stories/top?limit=1000', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    const { brotliDecompressSync } = await import('node:zlib');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString()).totalCount).toBe(6);
    const plain = await t.app.server.inject({ url: '/api/stories/top?limit=1000' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('sends an answer kept as text compressed in the encoding the client prefers, with Vary; small answers as they are', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const url = '/api/stories/trending?limit=1000';
    const plain = await t.app.server.inject({ url });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const first = await t.app.server.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const again = await t.app.server.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const gzip = await t.app.server.inject({ url, headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const refused = await t.app.server.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);

    // An answer serialised per request is compressed in one call too (the plugin is left larger bodies and streams).
    const sample = await t.app.server.inject({ url: '/api/demo/trending?limit=5', headers: { 'accept-encoding': 'br' } });
    const samplePlain = await t.app.server.inject({ url: '/api/demo/trending?limit=5', headers: { 'x-no-compression': '1', 'accept-encoding': 'br' } });
    expect(samplePlain.body.length).toBeGreaterThan(1024);
    expect(samplePlain.headers['content-encoding']).toBeUndefined();
    expect(sample.headers['content-encoding']).toBe('br');
    expect(sample.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(sample.rawPayload).toString()).toBe(samplePlain.body);
    expect(sample.headers['content-length']).toBe(String(sample.rawPayload.length));

    const small = await t.app.server.inject({ url: '/api/stories/trending?limit=1&minScore=100000', headers: { 'accept-encoding': 'br' } });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ stories: [], totalCount: 0 });
  });
});

describe('list cache', () => {
  it('serves new data once a cycle has finished', async () => {
    const pool = t.db.database.pool;
    const before = await list('/api/stories/top?limit=1');
    expect(before.stories[0]?.score).toBe(2000);
    await pool.query(`UPDATE stories SET score = 2500 WHERE hn_id = 108`);
    // Unchanged until a cycle finishes: the cached body is served.
    expect((await list('/api/stories/top?limit=1')).stories[0]?.score).toBe(2000);
    await pool.query(
      `INSERT INTO ingestion_cycles (reason, instance, started_at, finished_at, status) VALUES ('test', 'other', now(), now(), 'ok')`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await list('/api/stories/top?limit=1')).stories[0]?.score).toBe(2500);
  });
});
