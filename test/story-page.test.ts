import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPackedStoryHistory, unpackStoryHistory } from '#common/rules/packed-history.ts';
import type { StoryPageAnswers } from '../web/src/prerendered.ts';
import { setRole, signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { seedStories } from './support/seed.ts';

/**
 * The story page /stories/{id} on the real database: the server reads the page's answers from its services, not
 * through its API, so this checks they are what the API answers the same person (visitor, signed in), and that
 * the API's access rules hold (hidden and unknown stories, maintenance). The renderer is a stand-in that writes the
 * answers it was handed into the page as they are.
 */
const EMPTY_APP = '<div id="root"></div>';
const INDEX_HTML = `<!doctype html><head><title>app</title></head>${EMPTY_APP}`;
const PAGE_TEMPLATE = '<!doctype html><html lang="en"><head><title>HN Trends</title><link rel="stylesheet" crossorigin href="/assets/index-1.css" disabled></head><div id="root"></div></html>';
const ECHO_RENDERER = `
export function setSiteCredit() {}
export async function preloadRenderedPages() {}
export async function loadSignedInHomeState() { return { audience: 'visitor' }; }
export async function renderSignedInHome() { return ''; }
export async function renderStoryPage(answers, storyId) { return '<div id="root" data-story="' + storyId + '">' + answers + '</div>'; }
`;

/** The API's limit a minute per address, which the pages follow too. */
const PER_MINUTE = 100;
let t: TestApp;
let webDir: string;
let reader: TestUser;
let admin: TestUser;
const ids: Record<string, number> = {};
const pool = () => t.db.database.pool;
const get = (url: string, person?: TestUser) => t.app.server.inject({ url, headers: person ? { cookie: person.cookie } : {} });

/** The answers the stand-in renderer wrote into the page (the history unpacked, as the app's cache takes it), and the page's title. */
async function renderedPage(storyId: number, person?: TestUser) {
  const response = await get(`/stories/${storyId}`, person);
  expect(response.statusCode, response.body).toBe(200);
  const answers = /<div id="root" data-story="\d+">(.*)<\/div><\/html>$/s.exec(response.body)?.[1];
  expect(answers, response.body).toBeDefined();
  const given = JSON.parse(answers!) as StoryPageAnswers;
  expect(isPackedStoryHistory(given.history)).toBe(true);
  return { response, answers: { ...given, history: unpackStoryHistory(given.history) }, title: /<title>(.*?)<\/title>/.exec(response.body)?.[1] };
}

async function setMaintenance(on: boolean): Promise<void> {
  const response = await t.app.server.inject({ method: 'POST', url: '/api/admin/settings', headers: { cookie: admin.cookie }, payload: { key: 'maintenance_mode', value: on } });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'story-page-web-'));
  await writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(webDir, 'prerender.js'), ECHO_RENDERER);
  await writeFile(path.join(webDir, 'page.html'), PAGE_TEMPLATE);
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'assets/index-1.css'), 'body{margin:0}');
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) }, web: { distDir: webDir, ssrDir: webDir } });
  const nowSeconds = Math.floor(Date.now() / 1000);
  await seedStories(pool(), [
    { hnId: 9_200_001, title: 'Page <story> & "quotes"', time: nowSeconds - 3600, score: 90, scoreVelocity: 12, commentsVelocity: 3 },
    { hnId: 9_200_002, title: 'Hidden page story', time: nowSeconds - 3600, score: 5 },
  ]);
  const rows = await pool().query<{ id: number; hn_id: number }>('SELECT id, hn_id FROM stories WHERE hn_id IN (9200001, 9200002)');
  for (const row of rows.rows) ids[row.hn_id === 9_200_001 ? 'main' : 'hidden'] = row.id;
  await pool().query('UPDATE stories SET top_rank = 4 WHERE id = $1', [ids.main]);
  await pool().query('UPDATE stories SET hidden = true WHERE id = $1', [ids.hidden]);
  await pool().query(
    `INSERT INTO story_snapshots (story_id, sampled_at, score, descendants, top_rank)
     SELECT $1, to_timestamp($2 - k * 600), 90 - k * 10, 30 - k * 3, CASE WHEN k < 4 THEN 4 + k END FROM generate_series(0, 8) AS k`,
    [ids.main, nowSeconds],
  );
  // The first account is the site's admin.
  admin = await signUp(t.app.server);
  await setRole(pool(), admin.id, 'admin');
  reader = await signUp(t.app.server);
  await t.app.server.inject({ method: 'PATCH', url: '/api/user/preferences', headers: { cookie: reader.cookie }, payload: { darkMode: true, minStoryScore: 12 } });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('the story page', () => {
  it("is rendered for a visitor from exactly the API's answers to them", async () => {
    const { response, answers, title } = await renderedPage(ids.main!);
    expect(answers).toEqual({
      user: (await get('/api/auth/me')).json(),
      maintenance: (await get('/api/maintenance-status')).json(),
      history: (await get(`/api/stories/${ids.main}/history`)).json(),
      preferences: null,
    });
    expect(answers.user).toBeNull();
    expect(answers.history.snapshots).toHaveLength(9);
    expect(title).toBe('Page &lt;story&gt; &amp; &quot;quotes&quot; - HN Trends');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it("is rendered for someone signed in from exactly the API's answers to them, in their theme", async () => {
    const { response, answers } = await renderedPage(ids.main!, reader);
    expect(answers).toEqual({
      user: (await get('/api/auth/me', reader)).json(),
      maintenance: (await get('/api/maintenance-status', reader)).json(),
      history: (await get(`/api/stories/${ids.main}/history`, reader)).json(),
      preferences: (await get('/api/user/preferences', reader)).json().preferences,
    });
    expect(answers.user?.id).toBe(reader.id);
    expect(answers.preferences).toMatchObject({ darkMode: true, minStoryScore: 12 });
    expect(response.body).toMatch(/^<!doctype html><html class="dark" data-account-theme lang="en">/);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('is not found, as the API says, for a hidden or unknown story', async () => {
    for (const id of [ids.hidden!, 999_999_999]) {
      expect((await get(`/api/stories/${id}/history`)).statusCode).toBe(404);
      const page = await get(`/stories/${id}`);
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain(EMPTY_APP);
    }
  });

  it('is the maintenance page (the plain app) during maintenance, but for admins', async () => {
    await setMaintenance(true);
    try {
      for (const person of [undefined, reader]) {
        const page = await get(`/stories/${ids.main}`, person);
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain(EMPTY_APP);
      }
      const { answers } = await renderedPage(ids.main!, admin);
      expect(answers.maintenance).toEqual({ maintenanceMode: true });
      expect(answers.user?.role).toBe('admin');
    } finally {
      await setMaintenance(false);
    }
  });

  it("is the plain app beyond the API's rate limit for the address, as its API calls were refused then", async () => {
    const page = () => t.app.server.inject({ url: `/stories/${ids.main}`, remoteAddress: '10.77.0.1' });
    for (let i = 0; i < PER_MINUTE; i++) expect((await page()).body).toContain('data-story=');
    const refused = await page();
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain(EMPTY_APP);
    // Another address is not held back.
    expect((await t.app.server.inject({ url: `/stories/${ids.main}`, remoteAddress: '10.77.0.2' })).body).toContain('data-story=');
  });
});
