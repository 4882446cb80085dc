import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ReplayServer } from '../tools/hn-replay/index.ts';
import { signUp } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { startTestReplay } from './support/replay.ts';

/** An ingestion cycle records the status changes of watched stories (server/hn/watch-status.ts, called by ingest.ts). */
let replay: ReplayServer;
let t: TestApp;

beforeAll(async () => {
  replay = await startTestReplay();
  t = await createTestApp({
    env: { HN_API_URL: replay.url, HN_TIMEOUT_MS: '2000', HN_RETRIES: '1', HN_CONCURRENCY: '8' },
    now: () => replay.clock.now() * 1000,
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await replay?.close();
});

it('a cycle records a watched story whose heat level differs from the status its watch last saw', async () => {
  const pool = t.db.database.pool;
  expect((await t.ingestion.runCycle('test'))?.status).toMatch(/^(ok|partial)$/);
  const story = (await pool.query<{ id: number; heat: string }>(`SELECT id, coalesce(heat_level, 'other') AS heat FROM stories ORDER BY score DESC LIMIT 1`)).rows[0]!;
  const person = await signUp(t.app.server);
  expect((await t.app.server.inject({ method: 'POST', url: '/api/story-watches', headers: { cookie: person.cookie }, payload: { storyId: story.id } })).statusCode).toBe(201);
  expect((await pool.query('SELECT last_status FROM story_watches WHERE story_id = $1', [story.id])).rows[0].last_status).toBe(story.heat);

  // Pretend the watch last saw another status: the next cycle must record the move to the story's level.
  const seen = story.heat === 'viral' ? 'other' : 'viral';
  await pool.query('UPDATE story_watches SET last_status = $1 WHERE story_id = $2', [seen, story.id]);
  replay.clock.advance(60);
  await t.ingestion.runCycle('test');
  const heat = (await pool.query(`SELECT coalesce(heat_level, 'other') AS heat FROM stories WHERE id = $1`, [story.id])).rows[0].heat;
  const changes = await pool.query('SELECT user_id, story_id, from_status, to_status FROM watch_status_changes');
  expect(changes.rows).toEqual([{ user_id: person.id, story_id: story.id, from_status: seen, to_status: heat }]);
  expect((await pool.query('SELECT last_status FROM story_watches WHERE story_id = $1', [story.id])).rows[0].last_status).toBe(heat);
}, 120_000);
