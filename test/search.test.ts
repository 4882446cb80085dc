import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '#common/contracts/stories.ts';
import { searchQuerySchema } from '#common/contracts/search.ts';
import { SEARCH_SORTS, SEARCH_TIME_RANGES, SEARCH_TOTAL_BOUND, type SearchSort } from '#common/rules/search.ts';
import { selectSearchResults, selectSuggestions } from '../server/modules/search/queries.ts';
import { signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { databaseFingerprint, seedStories, type SeedStory } from './support/seed.ts';

/** Advanced search: the spec's rules answered by the server over every stored story. */
let t: TestApp;
let reader: TestUser;
const NOW_SECONDS = 1_800_000_000;

const WORDS = ['Rust', 'rusty', 'trust', 'Python', 'compiler', 'GPU', '100%', 'snake_case', 'C:\\path', "O'Reilly", 'Ask HN:', 'data'];
const DOMAINS = ['github.com', 'rust-lang.org', 'example.com', 'oreilly.com', ''];
const AUTHORS = ['dang', 'pg', 'rustacean', 'o_reilly', 'tptacek'];

/** A fixed, varied set of stories: words with LIKE's own characters, ties on every sort column, dead and deleted ones. */
const SEEDED: SeedStory[] = Array.from({ length: 60 }, (_, index) => {
  const pick = <T,>(list: T[], salt: number) => list[(index * 7 + salt) % list.length]!;
  const domain = pick(DOMAINS, 1);
  return {
    hnId: 5000 + index,
    title: `${pick(WORDS, 0)} ${pick(WORDS, 3)} story ${index % 9}`,
    url: domain ? `https://${domain}/${index}` : '',
    by: pick(AUTHORS, 2),
    time: NOW_SECONDS - ((index * 3779) % (200 * 3600)),
    score: (index * 37) % 25,
    descendants: (index * 11) % 7,
    trendingScore: ((index * 13) % 5) / 2,
    dead: index % 17 === 5,
    deleted: index % 19 === 7,
  };
});

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW_SECONDS * 1000 });
  await seedStories(t.db.database.pool, SEEDED);
  reader = await signUp(t.app.server);
}, 120_000);
afterAll(async () => t?.close());

const search = (query: Record<string, string>, user: TestUser | null = reader) =>
  t.app.server.inject({ url: `/api/search/stories?${new URLSearchParams(query)}`, headers: user ? { cookie: user.cookie } : {} });

const SORT_FIELD: Record<SearchSort, (s: SeedStory) => number> = {
  score: (s) => s.score ?? 0,
  comments: (s) => s.descendants ?? 0,
  time: (s) => s.time,
  trending: (s) => s.trendingScore ?? 0,
};

/** The spec's client-side rules, as plain code over the same stories: what the server must answer. */
function expected(
  query: { q: string; domain: string; author: string; minScore: number; hours: string; sort: SearchSort; order: 'asc' | 'desc' },
  bound = SEARCH_TOTAL_BOUND,
) {
  const has = (value: string, text: string) => value.toLowerCase().includes(text.toLowerCase());
  const domainOf = (s: SeedStory) => (s.url ? new URL(s.url).hostname : '');
  const matches = SEEDED.filter(
    (s) =>
      !s.dead &&
      !s.deleted &&
      (!query.q || has(s.title!, query.q) || has(domainOf(s), query.q) || has(s.by!, query.q)) &&
      (!query.domain || has(domainOf(s), query.domain)) &&
      (!query.author || has(s.by!, query.author)) &&
      (s.score ?? 0) >= query.minScore &&
      (query.hours === 'all' || s.time >= NOW_SECONDS - Number(query.hours) * 3600),
  );
  const sign = query.order === 'asc' ? 1 : -1;
  // Trending ties break on score, as the trending list does; then on the stored id, which follows hnId here (seeded in order).
  const tieOnScore = query.sort === 'trending' ? SORT_FIELD.score : () => 0;
  matches.sort((a, b) => sign * (SORT_FIELD[query.sort](a) - SORT_FIELD[query.sort](b) || tieOnScore(a) - tieOnScore(b) || a.hnId - b.hnId));
  // Matches are counted up to the bound.
  return { hnIds: matches.slice(0, 100).map((s) => s.hnId), totalCount: Math.min(matches.length, bound) };
}

const fragment = fc.oneof(
  fc.constant(''),
  fc.constantFrom(...WORDS, ...DOMAINS, ...AUTHORS).chain((word) =>
    fc.tuple(fc.nat({ max: word.length }), fc.nat({ max: word.length })).map(([a, b]) => word.slice(Math.min(a, b), Math.max(a, b))),
  ),
  fc.string({ maxLength: 3 }),
);

/** Searches of every kind, their texts trimmed as the server trims them, without the characters it refuses. */
const searchQueries = fc
  .record({
    q: fragment,
    domain: fragment,
    author: fragment,
    minScore: fc.integer({ min: 0, max: 30 }),
    hours: fc.constantFrom(...SEARCH_TIME_RANGES),
    sort: fc.constantFrom(...SEARCH_SORTS),
    order: fc.constantFrom('asc' as const, 'desc' as const),
  })
  .map((query) => ({ ...query, q: query.q.trim(), domain: query.domain.trim(), author: query.author.trim() }))
  // eslint-disable-next-line no-control-regex -- NUL is the character the server refuses
  .filter((query) => ![query.q, query.domain, query.author].some((value) => /[\u0000\r\n]/.test(value)));

describe('GET /api/search/stories', () => {
  it('is for signed-in people', async () => {
    expect((await search({ q: 'rust' }, null)).statusCode).toBe(401);
  });

  it('matches title, domain and author case-insensitively, as substrings, leaving out dead and deleted stories', async () => {
    const response = await search({ q: 'RUST' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { stories: Story[]; totalCount: number };
    const want = expected({ q: 'RUST', domain: '', author: '', minScore: 0, hours: 'all', sort: 'score', order: 'desc' });
    expect(body.stories.map((s) => s.hnId)).toEqual(want.hnIds);
    expect(body.totalCount).toBe(want.totalCount);
    // "trust" contains "rust": a substring match, as the spec's rule says.
    expect(body.stories.some((s) => s.title.includes('trust'))).toBe(true);
  });

  it("takes %, _, quotes and backslashes literally, in texts of two letters (found by their pair) too", async () => {
    for (const q of ['100%', 'snake_case', "O'Reilly", 'C:\\path', '%', '_', '\\', '%_', "O'", '\\p', 'RU', 'Ru']) {
      const body = (await search({ q })).json() as { stories: Story[]; totalCount: number };
      const want = expected({ q, domain: '', author: '', minScore: 0, hours: 'all', sort: 'score', order: 'desc' });
      expect({ q, ids: body.stories.map((s) => s.hnId), total: body.totalCount }).toEqual({ q, ids: want.hnIds, total: want.totalCount });
    }
  });

  // A parallel plan's worker processes took 50 ms to start for a two-letter count of 2 ms (docs/search.md).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('runs on PostgreSQL connections that make no parallel plans', async () => {
    const setting = await t.db.database.pool.query<{ max_parallel_workers_per_gather: string }>('SHOW max_parallel_workers_per_gather');
    expect(setting.rows[0]?.max_parallel_workers_per_gather).toBe('0');
  });

  it('answers as a plain filter and sort of the same stories would, for any text, filters, sort and order', async () => {
    await fc.assert(
      fc.asyncProperty(searchQueries, async (query) => {
        const response = await search({ ...query, minScore: String(query.minScore) });
        expect(response.statusCode).toBe(200);
        const body = response.json() as { stories: Story[]; totalCount: number };
        const want = expected(query);
        expect(body.stories.map((s) => s.hnId)).toEqual(want.hnIds);
        expect(body.totalCount).toBe(want.totalCount);
      }),
      { numRuns: 60 },
    );
  });

  it('answers the same under any bound of the count, for any page size', async () => {
    // Small bounds, so both branches run: the counted matches (under the bound) and the walk of the sort's order.
    // Every title holds "story", so those texts are frequent whatever the bound.
    const queries = fc
      .tuple(searchQueries, fc.option(fc.constantFrom('story', 'STORY 3', 'tor'), { nil: undefined }))
      .map(([query, frequent]) => (frequent ? { ...query, q: frequent } : query));
    await fc.assert(
      fc.asyncProperty(queries, fc.integer({ min: 1, max: 45 }), fc.integer({ min: 1, max: 12 }), async (query, bound, limit) => {
        const parsed = searchQuerySchema.parse({ ...query, minScore: String(query.minScore), limit: String(limit) });
        const { rows, totalCount } = await selectSearchResults(t.db.database.pool, parsed, NOW_SECONDS * 1000, bound);
        const want = expected(query, bound);
        expect(rows.map((row) => Number(row.hn_id))).toEqual(want.hnIds.slice(0, limit));
        expect(totalCount).toBe(want.totalCount);
      }),
      { numRuns: 150 },
    );
  });

  it('returns at most `limit` stories but counts every match up to the bound', async () => {
    const body = (await search({ limit: '3' })).json() as { stories: Story[]; totalCount: number };
    expect(body.stories).toHaveLength(3);
    expect(body.totalCount).toBe(SEEDED.filter((s) => !s.dead && !s.deleted).length);
  });

  it('counts every match from memory, follows the stories as they change, and says when SQL bounded its count', async () => {
    const pool = t.db.database.pool;
    await pool.query(
      `INSERT INTO stories (hn_id, title, time, score) SELECT 100000 + g, 'Bulk story ' || g, $1, 1 FROM generate_series(1, 1100) AS g`,
      [NOW_SECONDS],
    );
    try {
      // As a cycle's end does: the index reads what changed.
      t.app.services.get('stories').invalidate();
      const body = (await search({ q: 'BULK', limit: '2' })).json() as { stories: Story[]; totalCount: number; totalCountBounded: boolean };
      expect({ total: body.totalCount, bounded: body.totalCountBounded, shown: body.stories.length }).toEqual({ total: 1100, bounded: false, shown: 2 });
      // The statement that answers while the index loads stops counting at the bound, and says so.
      const bySql = await selectSearchResults(pool, searchQuerySchema.parse({ q: 'BULK' }), NOW_SECONDS * 1000);
      expect(bySql.totalCount).toBe(SEARCH_TOTAL_BOUND);
      await pool.query(`UPDATE stories SET title = 'Renamed heap ' || hn_id WHERE hn_id BETWEEN 100001 AND 100010`);
      t.app.services.get('stories').invalidate();
      expect((await search({ q: 'bulk' })).json().totalCount).toBe(1090);
      expect((await search({ q: 'renamed HEAP' })).json().totalCount).toBe(10);
    } finally {
      await pool.query('UPDATE stories SET deleted = true WHERE hn_id > 100000');
      t.app.services.get('stories').invalidate();
    }
    expect((await search({ q: 'bulk' })).json().totalCount).toBe(0);
  });

  it('refuses bad parameters with a message and changes nothing', async () => {
    const before = await databaseFingerprint(t.db.database.pool, ['sessions', 'rate_limits']);
    for (const [query, message] of [
      [{ sort: 'popularity' }, 'sort must be one of score, comments, time, trending'],
      [{ order: 'up' }, 'order must be one of desc, asc'],
      [{ hours: '12' }, 'hours must be one of all, 1, 6, 24, 168'],
      [{ minScore: '-1' }, 'minScore must be at least 0'],
      [{ minScore: 'lots' }, 'minScore must be a whole number'],
      [{ limit: '101' }, 'limit must be at most 100'],
      [{ q: 'x'.repeat(201) }, 'q must be at most 200 characters'],
      [{ domain: 'a\u0000b' }, 'domain contains a character that cannot be stored (a NUL or an unpaired surrogate)'],
      [{ q: 'two\nlines' }, 'q must be one line'],
    ] as const) {
      const response = await search(query as Record<string, string>);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await databaseFingerprint(t.db.database.pool, ['sessions', 'rate_limits'])).toBe(before);
  });
});

describe('GET /api/search/suggestions', () => {
  const suggest = (q: string, user: TestUser | null = reader) =>
    t.app.server.inject({ url: `/api/search/suggestions?${new URLSearchParams({ q })}`, headers: user ? { cookie: user.cookie } : {} });

  it('offers up to 5 title words longer than 3 characters containing the text, the most used first', async () => {
    const response = await suggest('RU');
    expect(response.statusCode).toBe(200);
    const { suggestions } = response.json() as { suggestions: string[] };
    // Counted over visible stories, as the vocabulary the trigger keeps.
    const counts = new Map<string, number>();
    for (const story of SEEDED.filter((s) => !s.dead && !s.deleted)) {
      const words = new Set(story.title!.toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length > 3));
      for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    const want = [...counts].filter(([word]) => word.includes('ru')).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([word]) => word).slice(0, 5);
    expect(suggestions).toEqual(want);
    expect(suggestions).toContain('rusty');
    // "gpu" is 3 characters: too short to offer.
    expect((await suggest('gp')).json()).toEqual({ suggestions: [] });
  });

  it('offers, by SQL while the index loads, the most used of many matching words, ties by the word, as a plain filter of the vocabulary would', async () => {
    // 600 words containing "quux", used by 1 to 300 stories (each count twice): texts matching hundreds of words,
    // ten, or a hundred by two letters. Each answer equals a plain filter of every word.
    const words = Array.from({ length: 600 }, (_, i) => `quux${String(i).padStart(3, '0')}`);
    const pool = t.db.database.pool;
    await pool.query('INSERT INTO title_words (word, stories) SELECT * FROM unnest($1::text[], $2::int[])', [words, words.map((_, i) => 1 + ((i * 37) % 300))]);
    try {
      const vocabulary = (await pool.query<{ word: string; stories: number }>('SELECT word, stories FROM title_words')).rows;
      // Two letters: 'ux' and 'qu' are common (their pair holds more words than are read, so the vocabulary is
      // walked), 'x5', 'x0' and '99' are not (their pair's words are read and sorted).
      for (const q of ['QUUX', 'ux', 'Qu', 'quux59', 'x5', 'x0', '99']) {
        const want = vocabulary
          .filter((entry) => entry.word.includes(q.toLowerCase()) && entry.word.length > 3)
          .sort((a, b) => b.stories - a.stories || (a.word < b.word ? -1 : 1))
          .slice(0, 5)
          .map((entry) => entry.word);
        // However many of the most used words are read first: none match, some, or five.
        for (const walk of [1, 5, 40, 700]) expect(await selectSuggestions(pool, q, walk), `${q}, walk ${walk}`).toEqual(want);
      }
    } finally {
      await pool.query(`DELETE FROM title_words WHERE word LIKE 'quux%'`);
    }
  });

  it('follows stories as they change: a new title adds its words, a deleted story takes its words away', async () => {
    const pool = t.db.database.pool;
    // The words of each pair of letters, as the vocabulary holds them now: what two-letter suggestions read.
    const expectPairsOfVocabulary = async () => {
      const vocabulary = (await pool.query<{ word: string }>('SELECT word FROM title_words')).rows.map((row) => row.word);
      const want = vocabulary.flatMap((word) => [...new Set([...word].slice(1).map((character, i) => [...word][i] + character))].map((pair) => `${pair} ${word}`));
      const held = (await pool.query<{ entry: string }>(`SELECT pair || ' ' || word AS entry FROM title_word_pairs`)).rows.map((row) => row.entry);
      expect(held.sort()).toEqual(want.sort());
    };
    expect((await suggest('zygo')).json()).toEqual({ suggestions: [] });
    expect((await suggest('yg')).json()).toEqual({ suggestions: [] });
    // Each change is offered once a cycle has finished, as a story list shows it (the index reads what changed then);
    // the SQL vocabulary, which answers while the index loads, follows at once.
    const expectOffered = async (texts: string[], suggestions: string[]) => {
      t.app.services.get('stories').invalidate();
      for (const q of texts) {
        expect((await suggest(q)).json(), q).toEqual({ suggestions });
        expect(await selectSuggestions(pool, q), q).toEqual(suggestions);
      }
      await expectPairsOfVocabulary();
    };
    await seedStories(pool, [{ hnId: 9001, title: 'Zygote builds', time: NOW_SECONDS }]);
    await expectOffered(['zygo', 'yG'], ['zygote']);
    await pool.query(`UPDATE stories SET title = 'Zygomatic bones' WHERE hn_id = 9001`);
    await expectOffered(['zygo', 'yg'], ['zygomatic']);
    await pool.query(`UPDATE stories SET deleted = true WHERE hn_id = 9001`);
    await expectOffered(['zygo', 'yg'], []);
  });

  it('takes wildcard and quote characters in two letters literally', async () => {
    for (const q of ['%%', '_u', "'r", '\\r']) expect((await suggest(q)).json(), q).toEqual({ suggestions: [] });
  });

  it('needs 2 characters and a signed-in caller', async () => {
    expect((await suggest('r')).statusCode).toBe(400);
    expect((await suggest('r')).json().message).toContain('q must be at least 2 characters');
    expect((await suggest('ru', null)).statusCode).toBe(401);
  });
});
