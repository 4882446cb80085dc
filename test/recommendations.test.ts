import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { seedStories } from './support/seed.ts';

/** GET /api/recommendations: "For you" from bookmarks, watches, notes and alerts, with reasons; mutes and moderation apply. */
let t: TestApp;
let reader: TestUser;
const ids: Record<number, number> = {};
const now = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await createTestApp();
  await seedStories(pool(), [
    // What the reader has (older), and the recent candidates.
    { hnId: 1, by: 'author1', time: now - 20 * 86_400, score: 50, title: 'Rust async runtimes compared', url: 'https://blog.example/rust-async' },
    { hnId: 2, by: 'author2', time: now - 15 * 86_400, score: 40, title: 'Writing a kernel in Rust', url: 'https://osdev.example/kernel' },
    { hnId: 3, by: 'author3', time: now - 10 * 86_400, score: 30, title: 'Notes on Postgres vacuum', url: 'https://db.example/vacuum' },
    { hnId: 10, by: 'author10', time: now - 3600, score: 80, title: 'Rust 1.80 released with new lints', url: 'https://rust-lang.example/1.80' },
    { hnId: 11, by: 'author11', time: now - 7200, score: 60, title: 'Postgres 17 performance notes', url: 'https://pg.example/17' },
    { hnId: 12, by: 'author12', time: now - 5400, score: 300, title: 'A cookbook of Italian pasta', url: 'https://food.example/pasta' },
    { hnId: 13, by: 'author13', time: now - 1800, score: 40, title: 'WebAssembly outside the browser', url: 'https://wasm.example/' },
    { hnId: 14, by: 'author14', time: now - 2000, score: 90, title: 'Rust for embedded devices', url: 'https://embedded.example/rust' },
    { hnId: 15, by: 'author15', time: now - 2400, score: 2, title: 'Rust borrow checker tips', url: 'https://tiny.example/rust' },
    { hnId: 16, by: 'author16', time: now - 9 * 86_400, score: 90, title: 'Rust in the Linux kernel', url: 'https://old.example/rust' },
    { hnId: 17, by: 'author17', time: now - 3000, score: 70, title: 'Rust web frameworks in 2024', url: 'https://web.example/rust', dead: true },
  ]);
  for (const row of (await pool().query<{ id: number; hn_id: number }>('SELECT id, hn_id FROM stories')).rows) ids[row.hn_id] = row.id;
  reader = await signUp(t.app.server, { name: 'Reader' });
  for (const hnId of [1, 2]) await inject({ method: 'POST', url: '/api/bookmarks', headers: as(reader), payload: { storyId: ids[hnId] } });
  await inject({ method: 'POST', url: `/api/story-watches`, headers: as(reader), payload: { storyId: ids[3] } });
}, 120_000);
afterAll(async () => t?.close());

const pool = () => t.db.database.pool;
const inject = (options: InjectOptions) => t.app.server.inject(options);
const as = (user: TestUser) => ({ cookie: user.cookie });
type Answer = {
  recommendations: { story: { hnId: number; title: string }; score: number; reasons: { source: string; match: string; value: string; storyId: number | null; storyTitle: string | null; keyword: string | null }[] }[];
  basedOn: Record<string, number>;
  candidates: number;
};
const recommendations = async (user: TestUser, query = '') => {
  const response = await inject({ url: `/api/recommendations${query}`, headers: as(user) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Answer;
};
const hnIds = (answer: Answer) => answer.recommendations.map((r) => r.story.hnId);

describe('GET /api/recommendations', () => {
  it('needs sign-in, and validates its limit', async () => {
    expect((await inject({ url: '/api/recommendations' })).statusCode).toBe(401);
    for (const limit of ['0', '51', 'x']) expect((await inject({ url: `/api/recommendations?limit=${limit}`, headers: as(reader) })).statusCode).toBe(400);
  });

  it('recommends recent stories on the reader’s topics, explained by the bookmark or watch behind each', async () => {
    const answer = await recommendations(reader);
    expect(answer.basedOn).toEqual({ bookmarks: 2, watches: 1, notes: 0, alerts: 0 });
    const picked = hnIds(answer);
    expect([...picked].sort((a, b) => a - b)).toEqual([10, 11, 14]);
    // Not on a topic of theirs (however popular), already theirs, too old, below the points floor, or dead.
    for (const hnId of [12, 13, 1, 2, 3, 16, 15, 17]) expect(picked).not.toContain(hnId);
    const rust = answer.recommendations.find((r) => r.story.hnId === 10)!;
    expect(rust.reasons[0]).toMatchObject({ source: 'bookmark', match: 'word', value: 'rust' });
    expect(['Rust async runtimes compared', 'Writing a kernel in Rust']).toContain(rust.reasons[0]!.storyTitle);
    const postgres = answer.recommendations.find((r) => r.story.hnId === 11)!;
    // The keyword aliases apply: "Postgres" is the keyword PostgreSQL.
    expect(postgres.reasons[0]).toMatchObject({ source: 'watch', match: 'word', value: 'postgresql', storyId: ids[3], storyTitle: 'Notes on Postgres vacuum' });
    expect((await recommendations(reader, '?limit=1')).recommendations).toHaveLength(1);
  });

  it('a keyword alert brings its stories, named as the reason; notes count', async () => {
    const other = await signUp(t.app.server, { name: 'Other' });
    expect((await recommendations(other)).recommendations).toEqual([]);
    const alert = await inject({ method: 'POST', url: '/api/keyword-alerts', headers: as(other), payload: { keyword: 'WebAssembly' } });
    expect(alert.statusCode, alert.body).toBe(201);
    await inject({ method: 'POST', url: `/api/stories/${ids[3]}/notes`, headers: as(other), payload: { note: 'Read this again' } });
    const answer = await recommendations(other);
    expect(answer.basedOn).toMatchObject({ alerts: 1, notes: 1 });
    const wasm = answer.recommendations.find((r) => r.story.hnId === 13)!;
    expect(wasm.reasons[0]).toEqual({ source: 'alert', match: 'word', value: 'webassembly', storyId: null, storyTitle: null, keyword: 'WebAssembly' });
    expect(answer.recommendations.find((r) => r.story.hnId === 11)!.reasons[0]).toMatchObject({ source: 'note', storyId: ids[3] });
  });

  it('respects the reader’s muting rules and moderation', async () => {
    const mute = await inject({ method: 'POST', url: '/api/user/mutes', headers: as(reader), payload: { kind: 'domain', value: 'embedded.example' } });
    expect(mute.statusCode).toBe(201);
    await pool().query('UPDATE stories SET hidden = true WHERE id = $1', [ids[10]]);
    try {
      const picked = hnIds(await recommendations(reader));
      expect(picked).not.toContain(14);
      expect(picked).not.toContain(10);
      expect(picked).toContain(11);
    } finally {
      await pool().query('UPDATE stories SET hidden = false WHERE id = $1', [ids[10]]);
      await inject({ method: 'DELETE', url: `/api/user/mutes/${mute.json().mute.id}`, headers: as(reader) });
    }
    // A bookmark of a story moderators removed says nothing about the reader any more.
    await pool().query('UPDATE stories SET hidden = true WHERE id IN ($1, $2)', [ids[1], ids[2]]);
    try {
      const answer = await recommendations(reader);
      expect(answer.basedOn.bookmarks).toBe(0);
      expect(hnIds(answer)).not.toContain(10);
    } finally {
      await pool().query('UPDATE stories SET hidden = false WHERE id IN ($1, $2)', [ids[1], ids[2]]);
    }
  });
});
