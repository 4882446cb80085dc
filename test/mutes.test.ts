import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '#common/contracts/stories.ts';
import { heatLevel, HEAT_LEVELS } from '#common/rules/heat.ts';
import { MAX_MUTES } from '#common/rules/mutes.ts';
import { storiesByIds } from '../server/modules/email/stories.ts';
import { mutesOf } from '../server/modules/mutes/service.ts';
import { selectStoryPage } from '../server/modules/stories/queries.ts';
import { signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { seedStories } from './support/seed.ts';

/** Muting rules (their calls, and every surface that applies them) and the lists' domain and heat filters. */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const ids: Record<number, number> = {};
const nowSeconds = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await createTestApp();
  await seedStories(pool(), [
    { hnId: 1, time: nowSeconds - 600, score: 600, scoreVelocity: 40, title: 'Rust 2.0 is out', url: 'https://rust-lang.org/news' },
    { hnId: 2, time: nowSeconds - 1200, score: 200, scoreVelocity: 12, title: 'A story on a blog', url: 'https://blog.example.com/a' },
    { hnId: 3, time: nowSeconds - 1800, score: 60, scoreVelocity: 6, title: 'An essay', url: 'https://example.com/b' },
    { hnId: 4, time: nowSeconds - 2400, score: 30, scoreVelocity: 3, title: 'Not the example', url: 'https://notexample.com/c' },
    { hnId: 5, time: nowSeconds - 3000, score: 25, title: 'Show HN: My C++ tool', url: 'https://tool.dev/' },
    { hnId: 6, time: nowSeconds - 3600, score: 15, title: 'Trust in software', url: 'https://trust.io/', by: 'spammer' },
    { hnId: 7, time: nowSeconds - 4200, score: 8, descendants: 60, commentsVelocity: 6, title: 'Ask HN: What are you reading?', url: '' },
    { hnId: 8, time: nowSeconds - 4800, score: 4, title: 'Trusting trust', url: 'https://plain.org/' },
  ]);
  for (const row of (await pool().query<{ id: number; hn_id: number }>('SELECT id, hn_id FROM stories')).rows) ids[row.hn_id] = row.id;
  alice = await signUp(t.app.server, { name: 'Alice' });
  bob = await signUp(t.app.server, { name: 'Bob' });
}, 120_000);
afterAll(async () => t?.close());

const pool = () => t.db.database.pool;
const inject = (options: InjectOptions) => t.app.server.inject(options);
const as = (user: TestUser) => ({ cookie: user.cookie });
const mute = (user: TestUser, kind: string, value: string) => inject({ method: 'POST', url: '/api/user/mutes', headers: as(user), payload: { kind, value } });
const hnIdsOf = (stories: Story[]) => stories.map((story) => story.hnId);
const recent = async (user: TestUser | null, query = '') => {
  const response = await inject({ url: `/api/stories/recent?hours=24${query}`, headers: user ? as(user) : {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { stories: Story[]; totalCount: number; hiddenCount: number };
};

describe('the muting calls', () => {
  it('answer 401 to visitors', async () => {
    for (const request of [
      { url: '/api/user/mutes' },
      { method: 'POST' as const, url: '/api/user/mutes', payload: { kind: 'word', value: 'rust' } },
      { method: 'DELETE' as const, url: '/api/user/mutes/1' },
    ]) {
      expect((await inject(request)).statusCode, request.url).toBe(401);
    }
  });

  it('store a rule normalised (201), the same rule again is the one rule (200), and list newest first', async () => {
    const first = await mute(bob, 'domain', 'https://WWW.Medium.com/@someone');
    expect(first.statusCode).toBe(201);
    expect(first.json().mute).toMatchObject({ kind: 'domain', value: 'medium.com' });
    const again = await mute(bob, 'domain', 'medium.com');
    expect(again.statusCode).toBe(200);
    expect(again.json().mute.id).toBe(first.json().mute.id);
    await mute(bob, 'word', '"Large Language Model"');
    const list = await inject({ url: '/api/user/mutes', headers: as(bob) });
    expect(list.json().mutes).toEqual([
      { id: expect.any(Number), kind: 'word', value: 'large language model' },
      { id: first.json().mute.id, kind: 'domain', value: 'medium.com' },
    ]);
  });

  it('refuse bad kinds and values with a clear 400 and store nothing', async () => {
    const cases: [object, RegExp][] = [
      [{ kind: 'colour', value: 'red' }, /kind must be one of word, domain, author, kind, story/],
      [{ kind: 'domain', value: 'not a domain' }, /host name/],
      [{ kind: 'word', value: '' }, /value is required/],
      [{ kind: 'word', value: '!!!' }, /letter or digit/],
      [{ kind: 'word', value: 'x'.repeat(600) }, /at most/],
      [{ kind: 'author', value: 'two words' }, /username/],
      [{ kind: 'kind', value: 'poll' }, /ask, show, launch, job/],
      [{ kind: 'story', value: 'abc' }, /story id/],
      [{ kind: 'word', value: 'a\u0000b' }, /cannot be stored/],
      [{ kind: 'word', value: 'rust', extra: 1 }, /./],
    ];
    const before = await pool().query('SELECT count(*)::int AS n FROM story_mutes');
    for (const [payload, message] of cases) {
      const response = await inject({ method: 'POST', url: '/api/user/mutes', headers: as(bob), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toMatch(message);
    }
    expect((await pool().query('SELECT count(*)::int AS n FROM story_mutes')).rows[0]).toEqual(before.rows[0]);
  });

  it("never show or remove another person's rules (404)", async () => {
    const own = (await mute(bob, 'author', 'someone_else')).json().mute.id as number;
    expect((await inject({ url: '/api/user/mutes', headers: as(alice) })).json().mutes).toEqual([]);
    expect((await inject({ method: 'DELETE', url: `/api/user/mutes/${own}`, headers: as(alice) })).statusCode).toBe(404);
    expect((await inject({ method: 'DELETE', url: `/api/user/mutes/${own}`, headers: as(bob) })).statusCode).toBe(200);
    expect((await inject({ method: 'DELETE', url: `/api/user/mutes/${own}`, headers: as(bob) })).statusCode).toBe(404);
  });

  it(`keep at most ${MAX_MUTES} a person (409), and a rule already held is still answered`, async () => {
    const carol = await signUp(t.app.server, { name: 'Carol' });
    await pool().query(`INSERT INTO story_mutes (user_id, kind, value) SELECT $1, 'word', 'w' || n FROM generate_series(1, $2) AS n`, [carol.id, MAX_MUTES - 1]);
    expect((await mute(carol, 'word', 'last')).statusCode).toBe(201);
    const over = await mute(carol, 'word', 'one more');
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/at most 500/);
    expect((await mute(carol, 'word', 'w1')).statusCode).toBe(200);
  });
});

describe('muting applies to every surface', () => {
  beforeAll(async () => {
    for (const [kind, value] of [
      ['domain', 'example.com'],
      ['word', 'rust'],
      ['author', 'spammer'],
      ['kind', 'show'],
      ['story', String(ids[8])],
    ]) {
      expect((await mute(alice, kind!, value!)).statusCode).toBe(201);
    }
  });

  it('every list leaves out the muted stories, says how many it hid, and shows them marked when asked', async () => {
    const visitor = await recent(null);
    expect(hnIdsOf(visitor.stories)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(visitor.hiddenCount).toBe(0);
    const muted = await recent(alice);
    // rust (word), blog.example.com and example.com (domain, not notexample.com), Show HN, spammer, one story.
    expect(hnIdsOf(muted.stories)).toEqual([4, 7]);
    expect(muted.totalCount).toBe(2);
    expect(muted.hiddenCount).toBe(6);
    const shown = await recent(alice, '&showMuted=1');
    expect(hnIdsOf(shown.stories)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(shown.stories.filter((story) => story.muted).map((story) => story.hnId)).toEqual([1, 2, 3, 5, 6, 8]);
    for (const sort of ['trending', 'top', 'comments', 'fast-risers']) {
      const page = (await inject({ url: `/api/stories/${sort}?timeFilter=24h`, headers: as(alice) })).json() as { stories: Story[] };
      expect(hnIdsOf(page.stories).filter((id) => ![4, 7].includes(id)), sort).toEqual([]);
    }
    // Another person's lists are their own, though the first person's page is cached.
    expect(hnIdsOf((await recent(bob)).stories)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('a removed rule stops hiding at once', async () => {
    const rules = (await inject({ url: '/api/user/mutes', headers: as(alice) })).json().mutes as { id: number; kind: string }[];
    const author = rules.find((rule) => rule.kind === 'author')!;
    await inject({ method: 'DELETE', url: `/api/user/mutes/${author.id}`, headers: as(alice) });
    expect(hnIdsOf((await recent(alice)).stories)).toEqual([4, 6, 7]);
    await mute(alice, 'author', 'spammer');
    expect(hnIdsOf((await recent(alice)).stories)).toEqual([4, 7]);
  });

  it('search leaves out the muted stories', async () => {
    const response = await inject({ url: '/api/search/stories?q=trust', headers: as(alice) });
    expect(response.statusCode).toBe(200);
    expect(hnIdsOf(response.json().stories)).toEqual([]);
    expect(response.json().hiddenCount).toBe(2);
    expect(hnIdsOf((await inject({ url: '/api/search/stories?q=trust', headers: as(bob) })).json().stories).sort()).toEqual([6, 8]);
  });

  it('the predictions list leaves out the muted stories', async () => {
    await pool().query(`UPDATE stories SET prediction_probability = 0.9 - hn_id * 0.05, prediction_confidence = 'high', predicted_at = now() WHERE hn_id <= 4`);
    t.app.services.get('predictions').invalidate();
    const mine = (await inject({ url: '/api/stories/predictions', headers: as(alice) })).json();
    expect(hnIdsOf(mine.stories)).toEqual([4]);
    expect(mine.hiddenCount).toBe(3);
    expect(mine.totalHighConfidence).toBe(1);
    expect(hnIdsOf((await inject({ url: '/api/stories/predictions', headers: as(bob) })).json().stories)).toEqual([1, 2, 3, 4]);
  });

  it('emails (alerts, watches, digests) leave out the muted stories', async () => {
    const all = [1, 2, 3, 4, 5, 6, 7, 8].map((hnId) => ids[hnId]!);
    const forAlice = await storiesByIds(pool(), all, (await mutesOf(pool(), alice.id)).matcher);
    expect([...forAlice.values()].map((story) => story.hnId).sort()).toEqual([4, 7]);
    const forBob = await storiesByIds(pool(), all, (await mutesOf(pool(), bob.id)).matcher);
    expect(forBob.size).toBe(8);
  });

  it('the export holds the rules', async () => {
    const exported = (await inject({ url: '/api/user/export', headers: as(alice) })).json();
    expect(exported.storyMutes.map((rule: { kind: string; value: string }) => `${rule.kind}:${rule.value}`).sort()).toEqual(
      ['author:spammer', 'domain:example.com', 'kind:show', `story:${ids[8]}`, 'word:rust'].sort(),
    );
  });
});

describe('the domain and heat filters', () => {
  it('a domain takes its subdomains and never a longer name', async () => {
    const page = (await inject({ url: '/api/stories/recent?hours=24&domain=EXAMPLE.com' })).json();
    expect(hnIdsOf(page.stories)).toEqual([2, 3]);
    expect((await inject({ url: '/api/stories/recent?hours=24&domain=blog.example.com' })).json().stories.map((s: Story) => s.hnId)).toEqual([2]);
  });

  it('a heat level takes the stories whose card shows it', async () => {
    const all = (await inject({ url: '/api/stories/recent?hours=24' })).json().stories as Story[];
    const nowMs = Date.now();
    for (const heat of HEAT_LEVELS) {
      const page = (await inject({ url: `/api/stories/recent?hours=24&heat=${heat}` })).json().stories as Story[];
      expect(hnIdsOf(page), heat).toEqual(hnIdsOf(all.filter((story) => heatLevel(story, nowMs) === heat)));
    }
    expect(hnIdsOf((await inject({ url: '/api/stories/trending?timeFilter=24h&heat=viral' })).json().stories)).toEqual([1]);
  });

  it('the SQL statement (which answers while the index loads) applies the same domain and heat', async () => {
    const nowMs = Date.now();
    for (const sort of ['trending', 'top', 'recent'] as const) {
      for (const filter of [{ domain: 'example.com' }, ...HEAT_LEVELS.map((heat) => ({ heat }))]) {
        const query = { minScore: 0, page: 1, limit: 50, hours: 24, timeFilter: '24h' as const, minVelocity: 0, ...filter };
        const fromSql = (await selectStoryPage(pool(), sort, query, nowMs)).rows.map((row) => row.hn_id);
        const params = new URLSearchParams({ hours: '24', timeFilter: '24h', ...filter });
        const fromMemory = hnIdsOf((await inject({ url: `/api/stories/${sort}?${params}` })).json().stories);
        expect(fromSql, `${sort} ${JSON.stringify(filter)}`).toEqual(fromMemory);
      }
    }
  });

  it('refuses a bad domain or heat level with a clear 400', async () => {
    const badDomain = await inject({ url: '/api/stories/top?domain=not%20a%20domain' });
    expect(badDomain.statusCode).toBe(400);
    expect(badDomain.json().message).toMatch(/domain must be a host name/);
    const badHeat = await inject({ url: '/api/stories/top?heat=lukewarm' });
    expect(badHeat.statusCode).toBe(400);
    expect(badHeat.json().message).toMatch(/heat must be one of viral, hot, rising, trending/);
    expect((await inject({ url: '/api/stories/top?showMuted=maybe' })).statusCode).toBe(400);
  });
});
