import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEARCH_SORTS, SEARCH_TIME_RANGES, type SearchSort } from '#common/rules/search.ts';
import type { SearchQuery } from '#common/contracts/search.ts';
import { StoryListIndex, type IndexedStory } from './list-index.ts';
import { titleWords } from './title-vocabulary.ts';
import { compileMutes } from '#common/rules/mutes.ts';

const NOW_MS = Date.UTC(2026, 10, 28, 12);
const NOW_SECONDS = NOW_MS / 1000;

// Few distinct words, domains and authors, with characters that are special elsewhere (%, _, quotes, a backslash)
// and letters whose lowercase differs, so texts are shared, overlap and tie.
const WORDS = ['Rust', 'rusty', 'trust', 'GPU', '100%', 'snake_case', "O'Reilly", 'C:\\path', 'Ünïcode', 'data', 'ai'];
const DOMAINS = ['github.com', 'rust-lang.org', 'example.com', ''];
/** For exact domains: a domain's subdomains are its own, a domain merely ending with its name is not. */
const NAMED_DOMAINS = [...DOMAINS, 'blog.github.com', 'a.b.github.com', 'notgithub.com', 'GitHub.com'];
const AUTHORS = ['dang', 'pg', 'rustacean', 'o_reilly'];

const storyArbitrary = fc.record({
  title: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((words) => words.join(' ')),
  domain: fc.constantFrom(...DOMAINS),
  by: fc.constantFrom(...AUTHORS),
  time: fc.integer({ min: 0, max: 400 }).map((hours) => NOW_SECONDS - hours * 3600),
  score: fc.integer({ min: 0, max: 6 }),
  descendants: fc.integer({ min: 0, max: 3 }),
  trendingScore: fc.constantFrom(0, 0.5, 2),
  visible: fc.integer({ min: 0, max: 5 }).map((n) => n !== 0),
});
type Fields = Omit<IndexedStory, 'id' | 'hnId' | 'url' | 'synthetic' | 'predictionProbability' | 'scoreVelocity' | 'commentsVelocity' | 'riseScore'>;
const indexed = (id: number, fields: Fields): IndexedStory => ({ id, hnId: id, url: '', synthetic: false, predictionProbability: null, scoreVelocity: 0, commentsVelocity: 0, riseScore: 0, ...fields });

const text = fc.oneof(
  fc.constant(''),
  fc.constantFrom(...WORDS, ...DOMAINS, ...AUTHORS).chain((word) =>
    fc.tuple(fc.nat({ max: word.length }), fc.nat({ max: word.length })).map(([a, b]) => word.slice(Math.min(a, b), Math.max(a, b))),
  ),
  fc.string({ maxLength: 3 }),
);
const queryArbitrary: fc.Arbitrary<SearchQuery> = fc.record({
  q: text,
  domain: text,
  author: text,
  minScore: fc.integer({ min: 0, max: 7 }),
  hours: fc.constantFrom(...SEARCH_TIME_RANGES),
  sort: fc.constantFrom(...SEARCH_SORTS),
  order: fc.constantFrom('asc' as const, 'desc' as const),
  limit: fc.integer({ min: 1, max: 8 }),
});

/** The spec's rules written plainly over the stories as they now stand (`terms` and `exact`: SearchOptions). */
function expectedSearch(stories: Map<number, Fields>, query: SearchQuery, { terms = [], exact = false }: { terms?: string[]; exact?: boolean } = {}): { ids: number[]; totalCount: number } {
  const has = (value: string, part: string) => value.toLowerCase().includes(part.toLowerCase());
  const holds = (s: Fields, text: string) => !text || has(s.title, text) || has(s.domain, text) || has(s.by, text);
  const domainOf = (s: Fields) => s.domain.toLowerCase();
  const domainMatches = (s: Fields) => !query.domain || (exact ? domainOf(s) === query.domain.toLowerCase() || domainOf(s).endsWith(`.${query.domain.toLowerCase()}`) : has(s.domain, query.domain));
  const authorMatches = (s: Fields) => !query.author || (exact ? s.by.toLowerCase() === query.author.toLowerCase() : has(s.by, query.author));
  const keys: Record<SearchSort, (s: Fields & { id: number }) => number[]> = {
    score: (s) => [s.score, s.id],
    comments: (s) => [s.descendants, s.id],
    time: (s) => [s.time, s.id],
    trending: (s) => [s.trendingScore, s.score, s.id],
  };
  const matches = [...stories]
    .map(([id, s]) => ({ id, ...s }))
    .filter(
      (s) =>
        s.visible &&
        [query.q, ...terms].every((text) => holds(s, text)) &&
        domainMatches(s) &&
        authorMatches(s) &&
        s.score >= query.minScore &&
        (query.hours === 'all' || s.time >= NOW_SECONDS - Number(query.hours) * 3600),
    )
    .sort((a, b) => {
      const [ka, kb] = [keys[query.sort](a), keys[query.sort](b)];
      const differs = ka.findIndex((value, i) => value !== kb[i]);
      const descending = differs === -1 ? 0 : kb[differs]! - ka[differs]!;
      return query.order === 'asc' ? -descending : descending;
    });
  return { ids: matches.slice(0, query.limit).map((s) => s.id), totalCount: matches.length };
}

/** The visible stories' title words containing a text, the most used first, ties by the word: at most 5. */
/** A search's answer with its stories' ids in place of their slots, as the expectations are written. */
function searchIds(index: StoryListIndex, ...args: Parameters<StoryListIndex['search']>) {
  const { slots, ...rest } = index.search(...args);
  return { ids: index.idsOf(slots), ...rest };
}

function expectedSuggestions(stories: Map<number, Fields>, q: string): string[] {
  const counts = new Map<string, number>();
  for (const story of stories.values()) {
    if (!story.visible) continue;
    for (const word of titleWords(story.title.toLowerCase())) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts]
    .filter(([word]) => word.includes(q.toLowerCase()))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 5)
    .map(([word]) => word);
}

/** Stories stored in batches, later batches changing some of the earlier stories, as ingestion cycles do. */
const historyArbitrary = fc.array(
  fc.array(fc.tuple(fc.integer({ min: 1, max: 40 }), storyArbitrary), { minLength: 1, maxLength: 25 }),
  { minLength: 1, maxLength: 4 },
);

describe('StoryListIndex.search', () => {
  it('answers as a plain filter and sort of the stories as they now stand, after any changes', () => {
    fc.assert(
      fc.property(historyArbitrary, fc.array(queryArbitrary, { minLength: 1, maxLength: 8 }), (batches, queries) => {
        const index = new StoryListIndex();
        const stories = new Map<number, Fields>();
        for (const batch of batches) {
          index.apply(batch.map(([id, fields]) => indexed(id, fields)));
          for (const [id, fields] of batch) stories.set(id, fields);
        }
        for (const query of queries) expect(searchIds(index, query, NOW_MS), JSON.stringify(query)).toEqual({ ...expectedSearch(stories, query), hiddenCount: 0 });
      }),
      { numRuns: 300 },
    );
  });

  it('suggests the visible stories\' title words containing the text, the most used first, after any changes', () => {
    fc.assert(
      fc.property(historyArbitrary, fc.constantFrom('ru', 'RUST', 'st', 'at', 'snake_', 'ünï', 'ca', 'zz'), (batches, q) => {
        const index = new StoryListIndex();
        const stories = new Map<number, Fields>();
        for (const batch of batches) {
          index.apply(batch.map(([id, fields]) => indexed(id, fields)));
          for (const [id, fields] of batch) stories.set(id, fields);
        }
        expect(index.suggestions(q, 5)).toEqual(expectedSuggestions(stories, q));
      }),
      { numRuns: 300 },
    );
  });

  it('answers the same when the first load\'s texts come after the lists, with changes arriving in between', () => {
    fc.assert(
      fc.property(historyArbitrary, historyArbitrary, fc.nat(), fc.array(queryArbitrary, { minLength: 1, maxLength: 8 }), (loaded, changes, cut, queries) => {
        const index = new StoryListIndex();
        const stories = new Map<number, Fields>();
        for (const [id, fields] of loaded.flat()) stories.set(id, fields);
        const first = [...stories].map(([id, fields]) => indexed(id, fields));
        index.apply(first, { detailsLater: true });
        expect(index.complete).toBe(false);
        // Some texts are added, then changes come (new stories, changed titles and visibility), then the rest of
        // the texts as they were read at load: older than the changes.
        const at = cut % (first.length + 1);
        index.addLoadedDetails(first.slice(0, at));
        for (const batch of changes) {
          index.apply(batch.map(([id, fields]) => indexed(id, fields)));
          for (const [id, fields] of batch) stories.set(id, fields);
        }
        index.addLoadedDetails(first.slice(at));
        index.finishLoadingDetails();
        expect(index.complete).toBe(true);
        for (const query of queries) expect(searchIds(index, query, NOW_MS), JSON.stringify(query)).toEqual({ ...expectedSearch(stories, query), hiddenCount: 0 });
        for (const q of ['ru', 'ST', 'ünï']) expect(index.suggestions(q, 5), q).toEqual(expectedSuggestions(stories, q));
      }),
      { numRuns: 200 },
    );
  });

  it('counts every match, however many', () => {
    const index = new StoryListIndex();
    index.apply(Array.from({ length: 3000 }, (_, i) => indexed(i + 1, { title: `Story ${i}`, domain: 'example.com', by: 'pg', time: NOW_SECONDS - i, score: i % 7, descendants: 0, trendingScore: 0, visible: true })));
    const query: SearchQuery = { q: 'story', domain: '', author: '', minScore: 0, hours: 'all', sort: 'score', order: 'desc', limit: 100 };
    expect(searchIds(index, query, NOW_MS).totalCount).toBe(3000);
    expect(searchIds(index, { ...query, q: 'st', minScore: 6 }, NOW_MS).totalCount).toBe(428);
    expect(searchIds(index, { ...query, q: '' }, NOW_MS).ids).toHaveLength(100);
  });
});

describe('StoryListIndex.search without its count (the feeds)', () => {
  it('finds the same page as the counted search, whether it walks the order or marks the candidates', () => {
    // Enough stories that frequent texts have more candidates than are marked (the order is walked), rare ones fewer.
    const stories = new Map<number, Fields>();
    fc.sample(storyArbitrary, { numRuns: 6000, seed: 7 }).forEach((fields, i) => stories.set(i + 1, { ...fields, score: fields.score * 40 + (i % 40) }));
    const index = new StoryListIndex();
    index.apply([...stories].map(([id, fields]) => indexed(id, fields)));
    const queries = fc.sample(
      queryArbitrary.map((query) => ({ ...query, minScore: query.minScore * 30, limit: query.limit * 12 })),
      { numRuns: 400, seed: 11 },
    );
    const mutes = compileMutes([{ kind: 'word', value: 'gpu' }, { kind: 'domain', value: 'example.com' }]);
    for (const query of queries) {
      const counted = searchIds(index, query, NOW_MS);
      expect(searchIds(index, query, NOW_MS, undefined, { counted: false }).ids, JSON.stringify(query)).toEqual(counted.ids);
      expect(searchIds(index, query, NOW_MS, mutes, { counted: false }).ids, JSON.stringify(query)).toEqual(searchIds(index, query, NOW_MS, mutes).ids);
    }
  });

  it('finds the same page when a walk gives up: a min score that leaves most of another order out', () => {
    // 40,000 stories; a tenth at 200 points, of which one in a hundred says "alpha", as do many stories under the min
    // score. Walking the trending order reads every story to find those few, so the walk stops and the stories at the
    // min score are marked instead.
    const index = new StoryListIndex();
    index.apply(
      Array.from({ length: 40_000 }, (_, i) => {
        const high = i % 10 === 0;
        const title = (high && i % 1000 === 0) || i % 10 === 1 ? `Story ${i} alpha` : `Story ${i} beta`;
        return indexed(i + 1, { title, domain: 'example.com', by: 'pg', time: NOW_SECONDS - i, score: high ? 200 : 1, descendants: 0, trendingScore: i, visible: true });
      }),
    );
    for (const sort of ['trending', 'comments', 'time'] as const) {
      const query: SearchQuery = { q: 'alpha', domain: '', author: '', minScore: 100, hours: 'all', sort, order: 'desc', limit: 100 };
      const counted = searchIds(index, query, NOW_MS);
      expect(counted.ids).toHaveLength(40);
      expect(searchIds(index, query, NOW_MS, undefined, { counted: false }).ids, sort).toEqual(counted.ids);
    }
  });

  it("finds an exact domain's and author's stories, and every one of more terms, as a plain filter, after any changes", () => {
    const namedStory = storyArbitrary.chain((fields) => fc.record({ domain: fc.constantFrom(...NAMED_DOMAINS), by: fc.constantFrom(...AUTHORS, 'Dang', 'dangling') }).map((names) => ({ ...fields, ...names })));
    const history = fc.array(fc.array(fc.tuple(fc.integer({ min: 1, max: 40 }), namedStory), { minLength: 1, maxLength: 25 }), { minLength: 1, maxLength: 4 });
    const exactQuery = fc.record({
      query: queryArbitrary.chain((query) =>
        fc.record({ domain: fc.constantFrom('', 'github.com', 'GITHUB.com', 'b.github.com', 'example.com', 'hub.com'), author: fc.constantFrom('', 'dang', 'DANG', 'pg', 'dan') }).map((names) => ({ ...query, ...names })),
      ),
      terms: fc.array(text, { maxLength: 3 }),
    });
    fc.assert(
      fc.property(history, fc.array(exactQuery, { minLength: 1, maxLength: 8 }), (batches, queries) => {
        const index = new StoryListIndex();
        const stories = new Map<number, Fields>();
        for (const batch of batches) {
          index.apply(batch.map(([id, fields]) => indexed(id, fields)));
          for (const [id, fields] of batch) stories.set(id, fields);
        }
        for (const { query, terms } of queries) {
          const expected = expectedSearch(stories, query, { terms, exact: true });
          expect(searchIds(index, query, NOW_MS, undefined, { terms, exact: true }), JSON.stringify({ query, terms })).toEqual({ ...expected, hiddenCount: 0 });
          expect(searchIds(index, query, NOW_MS, undefined, { terms, exact: true, counted: false }).ids, JSON.stringify({ query, terms })).toEqual(expected.ids);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('finds the same exact domain and author page when it walks the order as when it marks their stories', () => {
    // Thousands of stories per domain and author, more than are marked: the order is walked, each story's domain and
    // author read from its text.
    const stories = new Map<number, Fields>();
    const domains = ['github.com', 'blog.github.com', 'notgithub.com'];
    for (let i = 0; i < 10_000; i++) {
      stories.set(i + 1, { title: `Story ${i} ${i % 7 === 0 ? 'alpha' : 'beta'}`, domain: domains[i % 3]!, by: i % 2 === 0 ? 'dang' : 'dangling', time: NOW_SECONDS - i * 60, score: (i * 37) % 100, descendants: i % 13, trendingScore: (i * 11) % 17, visible: i % 50 !== 0 });
    }
    const index = new StoryListIndex();
    index.apply([...stories].map(([id, fields]) => indexed(id, fields)));
    for (const sort of SEARCH_SORTS) {
      for (const [domain, author, terms] of [['github.com', '', []], ['', 'dang', []], ['github.com', 'dang', ['alpha']], ['hub.com', '', []]] as const) {
        for (const minScore of [0, 90]) {
          const query: SearchQuery = { q: '', domain, author, minScore, hours: 'all', sort, order: 'desc', limit: 50 };
          const options = { terms: [...terms], exact: true };
          const expected = expectedSearch(stories, query, options).ids;
          expect(searchIds(index, query, NOW_MS, undefined, { ...options, counted: false }).ids, JSON.stringify(query)).toEqual(expected);
          expect(searchIds(index, query, NOW_MS, undefined, options).ids, JSON.stringify(query)).toEqual(expected);
        }
      }
    }
  });
});
