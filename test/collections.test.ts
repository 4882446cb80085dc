import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_COLLECTION_STORIES, MAX_COLLECTIONS } from '#common/contracts/collections.ts';
import { signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { databaseFingerprint, seedStories } from './support/seed.ts';

/** Collections: CRUD, stories in several, limits, the read-only share link and its revocation, the exports. */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const ids: Record<number, number> = {};
const nowSeconds = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await createTestApp();
  await seedStories(pool(), [
    { hnId: 201, time: nowSeconds - 3600, score: 10, title: 'Rust in production', url: 'https://rust.example/post' },
    { hnId: 202, time: nowSeconds - 7200, score: 20, title: '=HYPERLINK("http://evil.example")', url: 'https://evil.example/x' },
    { hnId: 203, time: nowSeconds - 9000, score: 30, title: '<script>alert(1)</script>', url: 'https://xss.example/' },
  ]);
  for (const row of (await pool().query<{ id: number; hn_id: number }>('SELECT id, hn_id FROM stories')).rows) ids[row.hn_id] = row.id;
  alice = await signUp(t.app.server, { name: 'Alice' });
  bob = await signUp(t.app.server, { name: 'Bob' });
}, 120_000);
afterAll(async () => t?.close());

const pool = () => t.db.database.pool;
const inject = (options: InjectOptions) => t.app.server.inject(options);
const as = (user: TestUser) => ({ cookie: user.cookie });
const create = async (user: TestUser, name: string, description?: string) => {
  const response = await inject({ method: 'POST', url: '/api/collections', headers: as(user), payload: { name, description } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().collection as { id: number; name: string; shareToken: string | null; shareUrl: string | null; storyCount: number };
};
const add = (user: TestUser, collectionId: number, storyId: number) =>
  inject({ method: 'POST', url: `/api/collections/${collectionId}/stories`, headers: as(user), payload: { storyId } });

describe('collections', () => {
  it('creates, lists newest first, renames and deletes; the name is required and bounded', async () => {
    const first = await create(alice, '  Reading list  ', 'Long reads');
    expect(first).toMatchObject({ name: 'Reading list', storyCount: 0, shareToken: null, shareUrl: null });
    const second = await create(alice, 'Rust');
    const list = (await inject({ url: '/api/collections', headers: as(alice) })).json().collections;
    expect(list.map((c: { id: number }) => c.id)).toEqual([second.id, first.id]);
    expect(list[1]).toMatchObject({ description: 'Long reads' });

    const renamed = await inject({ method: 'PATCH', url: `/api/collections/${first.id}`, headers: as(alice), payload: { name: 'To read' } });
    expect(renamed.json().collection).toMatchObject({ name: 'To read', description: 'Long reads' });
    const cleared = await inject({ method: 'PATCH', url: `/api/collections/${first.id}`, headers: as(alice), payload: { description: null } });
    expect(cleared.json().collection).toMatchObject({ name: 'To read', description: null });

    for (const payload of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 'ok', description: 'x'.repeat(501) }, { name: 'a\u0000b' }, { name: 'ok', extra: 1 }, {}]) {
      const before = await databaseFingerprint(pool());
      const response = await inject({ method: 'POST', url: '/api/collections', headers: as(alice), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
      expect(await databaseFingerprint(pool())).toBe(before);
    }
    expect((await inject({ method: 'PATCH', url: `/api/collections/${first.id}`, headers: as(alice), payload: {} })).statusCode).toBe(400);

    expect((await inject({ method: 'DELETE', url: `/api/collections/${second.id}`, headers: as(alice) })).statusCode).toBe(200);
    expect((await inject({ url: `/api/collections/${second.id}`, headers: as(alice) })).statusCode).toBe(404);
  });

  it('a story goes in several collections, once in each; removing it leaves the others', async () => {
    const a = await create(alice, 'A');
    const b = await create(alice, 'B');
    expect((await add(alice, a.id, ids[201]!)).statusCode).toBe(201);
    expect((await add(alice, a.id, ids[201]!)).statusCode).toBe(200);
    expect((await add(alice, b.id, ids[201]!)).statusCode).toBe(201);
    expect((await add(alice, a.id, ids[202]!)).json().collection.storyCount).toBe(2);
    const detail = (await inject({ url: `/api/collections/${a.id}`, headers: as(alice) })).json();
    expect(detail.items.map((item: { story: { hnId: number } }) => item.story.hnId)).toEqual([202, 201]);

    const membership = (await inject({ url: `/api/collections?storyId=${ids[202]}`, headers: as(alice) })).json().collections;
    expect(membership.find((c: { id: number }) => c.id === a.id).containsStory).toBe(true);
    expect(membership.find((c: { id: number }) => c.id === b.id).containsStory).toBe(false);

    const removed = await inject({ method: 'DELETE', url: `/api/collections/${a.id}/stories/${ids[201]}`, headers: as(alice) });
    expect(removed.json().collection.storyCount).toBe(1);
    expect((await inject({ method: 'DELETE', url: `/api/collections/${a.id}/stories/${ids[201]}`, headers: as(alice) })).statusCode).toBe(404);
    expect((await inject({ url: `/api/collections/${b.id}`, headers: as(alice) })).json().items).toHaveLength(1);

    expect((await add(alice, a.id, 999_999)).statusCode).toBe(404);
    expect((await inject({ method: 'POST', url: `/api/collections/${a.id}/stories`, headers: as(alice), payload: { storyId: 'x' } })).statusCode).toBe(400);
  });

  it('nobody sees, changes or exports another person’s collection (404), and visitors get 401', async () => {
    const mine = await create(alice, 'Private');
    await add(alice, mine.id, ids[201]!);
    for (const request of [
      { url: `/api/collections/${mine.id}` },
      { method: 'PATCH' as const, url: `/api/collections/${mine.id}`, payload: { name: 'Taken' } },
      { method: 'DELETE' as const, url: `/api/collections/${mine.id}` },
      { method: 'POST' as const, url: `/api/collections/${mine.id}/stories`, payload: { storyId: ids[202] } },
      { method: 'DELETE' as const, url: `/api/collections/${mine.id}/stories/${ids[201]}` },
      { method: 'POST' as const, url: `/api/collections/${mine.id}/share` },
      { url: `/api/collections/${mine.id}/export?format=json` },
    ]) {
      expect((await inject({ ...request, headers: as(bob) })).statusCode, request.url).toBe(404);
      expect((await inject(request)).statusCode, request.url).toBe(401);
    }
    expect((await inject({ url: `/api/collections/${mine.id}`, headers: as(alice) })).json()).toMatchObject({ collection: { name: 'Private', storyCount: 1, shareToken: null } });
    expect((await inject({ url: '/api/collections', headers: as(bob) })).json().collections.map((c: { name: string }) => c.name)).not.toContain('Private');
  });

  it('shares read-only by an unguessable link, the same until revoked; revoking stops it at once', async () => {
    const collection = await create(alice, 'Shared reads', 'For the team');
    await add(alice, collection.id, ids[201]!);
    const shared = (await inject({ method: 'POST', url: `/api/collections/${collection.id}/share`, headers: as(alice) })).json().collection;
    expect(shared.shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(shared.shareUrl).toBe(`/c/${shared.shareToken}`);
    const again = (await inject({ method: 'POST', url: `/api/collections/${collection.id}/share`, headers: as(alice) })).json().collection;
    expect(again.shareToken).toBe(shared.shareToken);

    const view = await inject({ url: `/api/shared-collections/${shared.shareToken}` });
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    expect(view.json()).toMatchObject({ name: 'Shared reads', description: 'For the team', owner: 'Alice', storyCount: 1 });
    expect(Object.keys(view.json()).sort()).toEqual(['description', 'items', 'name', 'owner', 'storyCount', 'updatedAt']);
    const exported = await inject({ url: `/api/shared-collections/${shared.shareToken}/export?format=markdown` });
    expect(exported.body).toContain('[Rust in production](<https://rust.example/post>)');

    const revoked = (await inject({ method: 'DELETE', url: `/api/collections/${collection.id}/share`, headers: as(alice) })).json().collection;
    expect(revoked).toMatchObject({ shareToken: null, shareUrl: null });
    expect((await inject({ url: `/api/shared-collections/${shared.shareToken}` })).statusCode).toBe(404);
    expect((await inject({ url: `/api/shared-collections/${shared.shareToken}/export?format=csv` })).statusCode).toBe(404);
    const reshared = (await inject({ method: 'POST', url: `/api/collections/${collection.id}/share`, headers: as(alice) })).json().collection;
    expect(reshared.shareToken).not.toBe(shared.shareToken);
    expect((await inject({ url: '/api/shared-collections/not-a-token' })).statusCode).toBe(404);
    expect((await inject({ url: '/api/shared-collections/bad%20token' })).statusCode).toBe(400);
  });

  it('exports in every format as a download, escaped', async () => {
    const collection = await create(alice, 'Tricky "titles"');
    for (const hnId of [201, 202, 203]) await add(alice, collection.id, ids[hnId]!);
    const get = (format: string) => inject({ url: `/api/collections/${collection.id}/export?format=${format}`, headers: as(alice) });

    const csv = await get('csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="Tricky-titles.csv"');
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csv.body.split('\r\n')).toHaveLength(5);

    const html = await get('html');
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html.body).not.toContain('<script>');

    const json = JSON.parse((await get('json')).body);
    expect(json.stories.map((s: { hnId: number }) => s.hnId)).toEqual([203, 202, 201]);
    expect((await get('markdown')).headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect((await get('opml')).body).toContain('<opml version="2.0">');
    const bad = await get('pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/format must be one of/);
  });

  it('leaves out stories moderators removed, and shows them again when they are back', async () => {
    const collection = await create(alice, 'Moderated');
    await add(alice, collection.id, ids[202]!);
    await add(alice, collection.id, ids[203]!);
    await pool().query('UPDATE stories SET hidden = true WHERE id = $1', [ids[203]]);
    try {
      const detail = (await inject({ url: `/api/collections/${collection.id}`, headers: as(alice) })).json();
      expect(detail.collection.storyCount).toBe(1);
      expect(detail.items.map((item: { story: { hnId: number } }) => item.story.hnId)).toEqual([202]);
      expect((await inject({ url: `/api/collections/${collection.id}/export?format=json`, headers: as(alice) })).body).not.toContain('alert(1)');
      expect((await add(alice, collection.id, ids[203]!)).statusCode).toBe(410);
    } finally {
      await pool().query('UPDATE stories SET hidden = false WHERE id = $1', [ids[203]]);
    }
    expect((await inject({ url: `/api/collections/${collection.id}`, headers: as(alice) })).json().collection.storyCount).toBe(2);
  });

  it(`holds at most ${MAX_COLLECTIONS} collections a person and ${MAX_COLLECTION_STORIES} stories a collection (409)`, async () => {
    const carol = await signUp(t.app.server, { name: 'Carol' });
    await pool().query(`INSERT INTO collections (user_id, name) SELECT $1, 'c' || n FROM generate_series(1, $2) n`, [carol.id, MAX_COLLECTIONS - 1]);
    await create(carol, 'Last one');
    const refused = await inject({ method: 'POST', url: '/api/collections', headers: as(carol), payload: { name: 'One too many' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/at most 100 collections/);

    const full = await create(alice, 'Full');
    await pool().query(
      `INSERT INTO stories (hn_id, title, url, domain, by, time, score, descendants, score_velocity, comments_velocity, trending_score, rise_score, dead, deleted, synthetic)
       SELECT 10000 + n, 'Filler ' || n, 'https://filler.example/' || n, 'filler.example', 'someone', $1::int - n, 1, 0, 0, 0, 0, 0, false, false, false
         FROM generate_series(0, $2::int - 1) n`,
      [nowSeconds, MAX_COLLECTION_STORIES],
    );
    await pool().query(`INSERT INTO collection_stories (collection_id, story_id) SELECT $1, id FROM stories WHERE hn_id >= 10000 AND hn_id < $2`, [
      full.id,
      10_000 + MAX_COLLECTION_STORIES,
    ]);
    const tooMany = await add(alice, full.id, ids[201]!);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toMatch(/at most 1000 stories/);
    // Already there: still fine.
    const existing = (await pool().query<{ id: number }>('SELECT id FROM stories WHERE hn_id = 10000')).rows[0]!.id;
    expect((await add(alice, full.id, existing)).statusCode).toBe(200);
  });

  it('goes with the account, and is in the person’s data export', async () => {
    const dave = await signUp(t.app.server, { name: 'Dave' });
    const collection = await create(dave, 'Dave’s');
    await add(dave, collection.id, ids[201]!);
    const exported = (await inject({ url: '/api/user/export', headers: as(dave) })).json();
    expect(exported.collections).toEqual([
      expect.objectContaining({ name: 'Dave’s', description: null, shareToken: null, stories: [expect.objectContaining({ hnId: 201, title: 'Rust in production' })] }),
    ]);
    const deleted = await inject({ method: 'DELETE', url: '/api/user', headers: as(dave), payload: { password: 'correct horse battery staple' } });
    expect(deleted.statusCode).toBe(200);
    expect((await pool().query('SELECT count(*)::int AS n FROM collection_stories WHERE collection_id = $1', [collection.id])).rows[0].n).toBe(0);
  });
});
