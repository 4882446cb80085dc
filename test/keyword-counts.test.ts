import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENTION_MIN_POINTS } from '#common/rules/keyword-trends.ts';
import { indexStoryKeywords } from '../server/modules/keywords/ingest.ts';
import { signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { seedStories } from './support/seed.ts';

/** Keyword counting at ingestion and alert firing, on a real database. */
let t: TestApp;
let alice: TestUser;
const pool = () => t.db.database.pool;
const HOUR = 3600;
const now = Math.floor(Date.UTC(2026, 0, 15, 12, 30) / 1000);
const hourStart = (seconds: number) => new Date(Math.floor(seconds / HOUR) * HOUR * 1000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app.server, { name: 'Alice' });
}, 120_000);
afterAll(async () => t?.close());

async function storyId(hnId: number): Promise<number> {
  return (await pool().query<{ id: number }>('SELECT id FROM stories WHERE hn_id = $1', [hnId])).rows[0]!.id;
}

async function bucket(key: string): Promise<{ hour: string; stories: number; points: number }[]> {
  const result = await pool().query<{ hour: Date; stories: number; points: number }>(
    `SELECT h.hour, h.stories, h.points FROM keyword_hourly h JOIN keywords k ON k.id = h.keyword_id WHERE k.key = $1 ORDER BY h.hour`,
    [key],
  );
  return result.rows.map((row) => ({ hour: row.hour.toISOString(), stories: row.stories, points: row.points }));
}

async function index(hnIds: number[]) {
  return indexStoryKeywords(pool(), await Promise.all(hnIds.map(storyId)), now * 1000);
}

describe('keyword counts', () => {
  it('counts a new story in the bucket of its submission hour, with its points', async () => {
    await seedStories(pool(), [
      { hnId: 1, time: now - 600, score: 10, title: 'Rust compiler gets faster' },
      { hnId: 2, time: now - 900, score: 5, title: 'Show HN: A Rust compiler in Rust' },
      { hnId: 3, time: now - 2 * HOUR, score: 7, title: 'Why Rust?' },
    ]);
    const report = await index([1, 2, 3]);
    expect(report).toMatchObject({ storiesExtracted: 3, storiesRescored: 0 });
    expect(await bucket('rust')).toEqual([
      { hour: hourStart(now - 2 * HOUR), stories: 1, points: 7 },
      { hour: hourStart(now), stories: 2, points: 15 },
    ]);
    expect(await bucket('rust compiler')).toEqual([{ hour: hourStart(now), stories: 2, points: 15 }]);
    const display = await pool().query(`SELECT display FROM keywords WHERE key = 'rust'`);
    expect(display.rows[0].display).toBe('Rust');
  });

  it('changes nothing when run again on the same stories', async () => {
    const before = await pool().query('SELECT * FROM keyword_hourly ORDER BY keyword_id, hour');
    expect(await index([1, 2, 3])).toMatchObject({ storiesExtracted: 0, storiesRescored: 0 });
    expect((await pool().query('SELECT * FROM keyword_hourly ORDER BY keyword_id, hour')).rows).toEqual(before.rows);
  });

  it('moves only the points when the score changes', async () => {
    await pool().query('UPDATE stories SET score = 30 WHERE hn_id = 1');
    expect(await index([1])).toMatchObject({ storiesExtracted: 0, storiesRescored: 1 });
    expect(await bucket('rust')).toContainEqual({ hour: hourStart(now), stories: 2, points: 35 });
  });

  it('takes the old keywords out and puts the new ones in when the title changes', async () => {
    await pool().query(`UPDATE stories SET title = 'Zig compiler gets faster' WHERE hn_id = 1`);
    expect(await index([1])).toMatchObject({ storiesExtracted: 1 });
    expect(await bucket('rust')).toContainEqual({ hour: hourStart(now), stories: 1, points: 5 });
    expect(await bucket('zig')).toEqual([{ hour: hourStart(now), stories: 1, points: 30 }]);
    expect(await bucket('compiler')).toEqual([{ hour: hourStart(now), stories: 2, points: 35 }]);
  });

  it('counts a dead story for nothing', async () => {
    await pool().query('UPDATE stories SET dead = true WHERE hn_id = 3');
    await index([3]);
    expect(await bucket('rust')).toEqual([{ hour: hourStart(now), stories: 1, points: 5 }]);
    const rows = await pool().query('SELECT count(*)::int AS n FROM story_keywords WHERE story_id = $1', [await storyId(3)]);
    expect(rows.rows[0].n).toBe(0);
  });

  it("counts a story the demo's replay made up for nothing, whatever its points", async () => {
    await seedStories(pool(), [{ hnId: 7, time: now - 60, score: 40, title: 'Why engineers love quiet telescopes', synthetic: true }]);
    await index([7]);
    expect(await bucket('telescopes')).toEqual([]);
    expect(await bucket('engineers')).toEqual([]);
    const extracted = await pool().query('SELECT count(*)::int AS n FROM keyword_extractions WHERE story_id = $1', [await storyId(7)]);
    expect(extracted.rows[0].n).toBe(0);
  });

  it('merges aliases into one keyword shown in its usual spelling', async () => {
    await seedStories(pool(), [
      { hnId: 4, time: now - 60, score: 5, title: 'LLMs can reason' },
      { hnId: 5, time: now - 60, score: 6, title: 'A tiny LLM in C' },
    ]);
    await index([4, 5]);
    expect(await bucket('llm')).toEqual([{ hour: hourStart(now), stories: 2, points: 11 }]);
    expect(await bucket('llms')).toEqual([]);
    const display = await pool().query(`SELECT display FROM keywords WHERE key = 'llm'`);
    expect(display.rows[0].display).toBe('LLM');
  });

  it('counts a story only while readers pay it attention: from ATTENTION_MIN_POINTS points', async () => {
    await seedStories(pool(), [{ hnId: 6, time: now - 60, score: ATTENTION_MIN_POINTS - 1, title: 'Quokka firmware' }]);
    await index([6]);
    // Extracted, but worth nothing yet.
    expect(await bucket('quokka')).toEqual([]);
    await pool().query('UPDATE stories SET score = 12 WHERE hn_id = 6');
    expect(await index([6])).toMatchObject({ storiesRescored: 1 });
    expect(await bucket('quokka')).toEqual([{ hour: hourStart(now), stories: 1, points: 12 }]);
    await pool().query('UPDATE stories SET score = 20 WHERE hn_id = 6');
    await index([6]);
    expect(await bucket('quokka')).toEqual([{ hour: hourStart(now), stories: 1, points: 20 }]);
    // A title change while below the bar takes nothing out that was not put in.
    await pool().query(`UPDATE stories SET score = 2, title = 'Quokka firmware, again' WHERE hn_id = 6`);
    await index([6]);
    expect(await bucket('quokka')).toEqual([]);
  });
});

describe('keyword alert firing', () => {
  async function firings() {
    const result = await pool().query<{ keyword: string; story_ids: number[] }>(
      'SELECT keyword, story_ids FROM keyword_alert_firings WHERE user_id = $1 ORDER BY id',
      [alice.id],
    );
    return result.rows;
  }

  it('fires when the keyword is in threshold stories within 24 hours, with the matching stories, once a day', async () => {
    const created = await t.app.server.inject({
      method: 'POST',
      url: '/api/keyword-alerts',
      headers: { cookie: alice.cookie },
      payload: { keyword: 'WebAssembly', threshold: 3 },
    });
    expect(created.statusCode).toBe(201);
    await seedStories(pool(), [
      { hnId: 10, time: now - 20 * HOUR, title: 'WebAssembly in 2026' },
      { hnId: 11, time: now - 30 * HOUR, title: 'WebAssembly, five years on' },
      { hnId: 12, time: now - HOUR, title: 'Trusting webassembly sandboxes' },
    ]);
    await index([10, 11, 12]);
    expect(await firings()).toEqual([]);

    await seedStories(pool(), [{ hnId: 13, time: now - 60, title: 'Why WebAssembly won' }]);
    await index([13]);
    const ids = await Promise.all([10, 12, 13].map(storyId));
    expect(await firings()).toEqual([{ keyword: 'WebAssembly', story_ids: ids }]);

    await seedStories(pool(), [{ hnId: 14, time: now - 30, title: 'WebAssembly again' }]);
    await index([14]);
    expect(await firings()).toHaveLength(1);
  });

  it("neither fires on nor counts the stories the demo's replay made up", async () => {
    await t.app.server.inject({ method: 'POST', url: '/api/keyword-alerts', headers: { cookie: alice.cookie }, payload: { keyword: 'telescopes', threshold: 2 } });
    await seedStories(pool(), [
      { hnId: 30, time: now - 2 * HOUR, title: 'Quiet telescopes, explained', synthetic: true },
      { hnId: 31, time: now - 60, title: 'Why engineers love quiet telescopes', synthetic: true },
    ]);
    await index([30, 31]);
    expect((await firings()).map((firing) => firing.keyword)).not.toContain('telescopes');
    // A real story completes the threshold only with another real one: the made-up ones are not among the matches.
    await seedStories(pool(), [{ hnId: 32, time: now - 60, title: 'Telescopes on the far side of the Moon' }]);
    await index([32]);
    expect((await firings()).map((firing) => firing.keyword)).not.toContain('telescopes');
    await seedStories(pool(), [{ hnId: 33, time: now - 30, title: 'Amateur telescopes find a comet' }]);
    await index([33]);
    const fired = (await firings()).filter((firing) => firing.keyword === 'telescopes');
    expect(fired).toEqual([{ keyword: 'telescopes', story_ids: await Promise.all([32, 33].map(storyId)) }]);
  });

  it('does not fire a paused alert, nor on a word that only contains the keyword', async () => {
    await t.app.server.inject({ method: 'POST', url: '/api/keyword-alerts', headers: { cookie: alice.cookie }, payload: { keyword: 'rust', threshold: 1 } });
    await seedStories(pool(), [{ hnId: 20, time: now - 60, title: 'In code we trust' }]);
    await index([20]);
    expect((await firings()).map((firing) => firing.keyword)).not.toContain('rust');

    const list = await t.app.server.inject({ url: '/api/keyword-alerts', headers: { cookie: alice.cookie } });
    const rust = list.json().alerts.find((alert: { keyword: string }) => alert.keyword === 'rust');
    await t.app.server.inject({ method: 'PATCH', url: `/api/keyword-alerts/${rust.id}`, headers: { cookie: alice.cookie }, payload: { isActive: false } });
    await seedStories(pool(), [{ hnId: 21, time: now - 60, title: 'Rust in the kernel' }]);
    await index([21]);
    expect((await firings()).map((firing) => firing.keyword)).not.toContain('rust');
  });
});
