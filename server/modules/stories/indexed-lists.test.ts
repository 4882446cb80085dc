import { describe, expect, it } from 'vitest';
import { storyCard, storyEnd } from './indexed-lists.ts';
import { StoryListIndex, type IndexedStory } from './list-index.ts';
import { presentStory } from './presenter.ts';

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
const presented = (s: IndexedStory) =>
  JSON.stringify(
    presentStory(
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
  );

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

  it('with its age written in, is the JSON the lists present, to the byte', () => {
    for (const s of stories) {
      const { bytes, count } = index.cardsOf([s.id], storyEnd(NOW_MS));
      expect(count).toBe(1);
      expect(bytes.toString()).toBe(presented(s));
      expect(bytes.length).toBe(Buffer.byteLength(presented(s)));
    }
  });

  it('joins a page of cards in order, marks the ones asked, and leaves out stories it does not hold', () => {
    const { bytes, count } = index.cardsOf([3, 99, 1, 5], storyEnd(NOW_MS), new Set([1]), { head: '[', tail: (n) => `,${n}]` });
    expect(count).toBe(3);
    const parsed = JSON.parse(bytes.toString()) as unknown[];
    expect(parsed.pop()).toBe(3);
    const cards = parsed as { id: number; timeAgo: string; muted?: boolean }[];
    expect(cards.map((s) => s.id)).toEqual([3, 1, 5]);
    expect(cards.map((s) => s.timeAgo)).toEqual(['3 hours ago', '1 hour ago', '5 hours ago']);
    expect(cards.map((s) => s.muted ?? false)).toEqual([false, true, false]);
  });

  it('follows a change to the story, and leaves out one no longer visible', () => {
    const changing = new StoryListIndex(storyCard);
    changing.apply([story(7, 'Before')]);
    changing.apply([story(7, 'After', { score: 999 })]);
    expect(JSON.parse(changing.cardsOf([7], storyEnd(NOW_MS)).bytes.toString())).toMatchObject({ title: 'After', score: 999 });
    changing.apply([story(7, 'After', { visible: false })]);
    expect(changing.cardsOf([7], storyEnd(NOW_MS))).toEqual({ bytes: Buffer.alloc(0), count: 0 });
  });
});
