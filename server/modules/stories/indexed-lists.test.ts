import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STORY_LIST_SORTS } from '#common/contracts/stories.ts';
import { storyCard, storyEnd } from './indexed-lists.ts';
import { StoryListIndex, type IndexedStory } from './list-index.ts';
import { pageFieldsJsonEnd, presentPageFields, presentStory } from './presenter.ts';

const NOW_MS = Date.UTC(2026, 10, 29, 12);
const NOW_SECONDS = NOW_MS / 1000;

const story = (id: number, title: string, fields: Partial<IndexedStory> = {}): IndexedStory => ({
  id,
  hnId: 40_000_000 + id,
  title,
  url: `https://example.com/${id}?a=1&b="2"`,
  score: 100 + id,
  descendants: id,
  by: 'author',
  time: NOW_SECONDS - id * 3_600,
  domain: 'example.com',
  scoreVelocity: 1.5,
  commentsVelocity: 0.25,
  trendingScore: 3,
  riseScore: 0,
  visible: true,
  synthetic: false,
  predictionProbability: null,
  ...fields,
});

/** What the lists' statements present for the same story (presenter.ts), as JSON. */
const presented = (s: IndexedStory, muted = false) =>
  JSON.stringify({
    ...presentStory(
      {
        id: s.id,
        hn_id: s.hnId,
        title: s.title,
        url: s.url,
        score: s.score,
        descendants: s.descendants,
        by: s.by,
        time: s.time,
        domain: s.domain,
        score_velocity: s.scoreVelocity,
        comments_velocity: s.commentsVelocity,
        trending_score: s.trendingScore,
        synthetic: s.synthetic,
        prediction_probability: s.predictionProbability,
      },
      NOW_MS,
    ),
    ...(muted ? { muted: true } : {}),
  });

describe("a story's card", () => {
  const stories = [
    story(1, 'Plain title'),
    story(2, 'Escapes: <b> & "quotes" \\ back\\slash'),
    story(3, 'A title that says "timeAgo":"\u0000" itself'),
    story(4, 'Emoji 🚀 and right-to-left: שלום עולם', { synthetic: true }),
    story(5, 'Control \u0000 and \u2028 characters', { predictionProbability: 0.87 }),
    story(6, 'A prediction not to trend', { predictionProbability: 0.02 }),
  ];
  const index = new StoryListIndex(storyCard);
  index.apply(stories);

  /** A page of the top list (the stories' scores are 100 + id: the highest id first). */
  const topPage = (of: StoryListIndex, page: number, limit: number) => of.page('top', { minScore: 0, page, limit, timeFilter: 'month', minVelocity: 0 }, NOW_MS);

  it('with its age written in, is the JSON the lists present, to the byte', () => {
    const found = topPage(index, 1, 10);
    expect(index.idsOf(found.slots)).toEqual([6, 5, 4, 3, 2, 1]);
    const bytes = index.cardsOf(found.slots, storyEnd(NOW_MS), undefined, { head: '[', tail: ']' });
    expect(bytes.toString()).toBe(`[${[...stories].reverse().map((s) => presented(s)).join(',')}]`);
  });

  it('joins a page of cards in order, and marks the ones asked', () => {
    const found = topPage(index, 2, 3);
    const bytes = index.cardsOf(found.slots, storyEnd(NOW_MS), new Set([found.slots[1]!]), { head: '[', tail: ']' });
    const cards = JSON.parse(bytes.toString()) as { id: number; timeAgo: string; muted?: boolean }[];
    expect(cards.map((s) => s.id)).toEqual([3, 2, 1]);
    expect(cards.map((s) => s.timeAgo)).toEqual(['3 hours ago', '2 hours ago', '1 hour ago']);
    expect(cards.map((s) => s.muted ?? false)).toEqual([false, true, false]);
  });

  it('follows a change to the story, and leaves out one no longer visible', () => {
    const changing = new StoryListIndex(storyCard);
    changing.apply([story(7, 'Before')]);
    changing.apply([story(7, 'After', { score: 999 })]);
    expect(JSON.parse(changing.cardsOf(topPage(changing, 1, 10).slots, storyEnd(NOW_MS)).toString())).toMatchObject({ title: 'After', score: 999 });
    changing.apply([story(7, 'After', { visible: false })]);
    expect(topPage(changing, 1, 10).slots).toHaveLength(0);
  });
});

describe("a page's cards", () => {
  const fieldsArbitrary = fc.record({
    title: fc.constantFrom('Plain', 'Emoji 🚀', 'Quotes "and" \\ slashes', 'שלום'),
    score: fc.nat(6),
    descendants: fc.nat(3),
    hoursAgo: fc.nat(100),
    trendingScore: fc.constantFrom(0, 1.5),
    riseScore: fc.constantFrom(0, 2),
    visible: fc.nat(5).map((n) => n !== 0),
  });
  type Fields = typeof fieldsArbitrary extends fc.Arbitrary<infer T> ? T : never;
  const storyOf = (id: number, { hoursAgo, ...fields }: Fields) => story(id, fields.title, { ...fields, time: NOW_SECONDS - hoursAgo * 3_600 });
  const batchArbitrary = fc.array(fc.tuple(fc.integer({ min: 1, max: 60 }), fieldsArbitrary), { maxLength: 30 });

  it('are the JSON the lists present for the stories the page finds, to the byte, after loading, laying out and changes', () => {
    fc.assert(
      fc.property(
        batchArbitrary,
        fc.array(batchArbitrary, { maxLength: 3 }),
        fc.constantFrom(...STORY_LIST_SORTS),
        fc.integer({ min: 1, max: 7 }),
        // Cards sealed with the page's ages (copied in runs), with other ages (each ending written), or not sealed.
        fc.constantFrom(undefined, 0, 5 * 3_600_000, 40 * 86_400_000),
        fc.array(fc.nat(60), { maxLength: 4 }),
        (loaded, batches, sort, limit, sealedBefore, muted) => {
        const index = new StoryListIndex(storyCard, sealedBefore === undefined ? undefined : () => storyEnd(NOW_MS - sealedBefore));
        const current = new Map(loaded.map(([id, fields]) => [id, storyOf(id, fields)]));
        // As the first load: the orders first, the cards after, then laid out in the top order.
        index.apply([...current.values()], { detailsLater: true });
        index.addLoadedDetails([...current.values()]);
        index.finishLoadingDetails();
        for (const batch of batches) {
          const changed = batch.map(([id, fields]) => storyOf(id, fields));
          for (const s of changed) current.set(s.id, s);
          index.apply(changed);
        }
        const query = { minScore: 1, limit, timeFilter: 'month' as const, minVelocity: 0 };
        const frame = { head: '[', tail: ']' };
        for (let page = 1; page <= Math.ceil(current.size / limit); page++) {
          const found = index.page(sort, { ...query, page }, NOW_MS);
          const ids = index.idsOf(found.slots);
          const marked = new Set(Array.from(found.slots).filter((_, i) => muted.includes(ids[i]!)));
          const expected = `[${ids.map((id) => presented(current.get(id)!, muted.includes(id))).join(',')}]`;
          expect(index.cardsOf(found.slots, storyEnd(NOW_MS), marked, frame).toString(), `${sort} page ${page}`).toBe(expected);
        }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("a page's fields after its cards", () => {
  it('are the bytes JSON.stringify writes for them', () => {
    const whole = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(whole, whole, fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 500 }), whole, (count, totalCount, page, limit, hiddenCount) => {
        expect(`{${pageFieldsJsonEnd(count, totalCount, page, limit, hiddenCount)}`).toBe(JSON.stringify(presentPageFields(count, totalCount, page, limit, hiddenCount)));
      }),
    );
  });
});
