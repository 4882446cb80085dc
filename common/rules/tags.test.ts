import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISCUSSION_COMMENTS, POPULAR_SCORE, STORY_TAGS, STORY_TAG_LABELS, storyTags, type StoryTag } from './tags.ts';

const QUIET = { score: 0, descendants: 0 };

describe('storyTags (part 1 §4)', () => {
  it.each<[string, string, StoryTag[]]>([
    ['Ask HN prefix', 'Ask HN: How do you take notes?', ['ask']],
    ['Ask HN in capitals', 'ASK HN: anything', ['ask']],
    ['Ask HN without a space after the colon', 'ask hn:anything', ['ask']],
    ['Ask HN without the colon', 'Ask HN how do you take notes', []],
    ['Ask HN after a leading space', ' Ask HN: anything', []],
    ['Ask HN later in the title', 'Why I stopped reading Ask HN: threads', []],
    ['Show HN prefix', 'Show HN: My new tool', ['show']],
    ['Show HN in mixed case', 'sHoW hN: tool', ['show']],
    ['Show HN without the colon', 'Show HN my tool', []],
    ['other HN prefixes', 'Tell HN: something', []],
  ])('%s', (_, title, expected) => {
    expect(storyTags({ title, ...QUIET })).toEqual(expected);
  });

  it('tags Popular above 300 points only', () => {
    expect(POPULAR_SCORE).toBe(300);
    expect(storyTags({ title: 'x', score: 300, descendants: 0 })).toEqual([]);
    expect(storyTags({ title: 'x', score: 301, descendants: 0 })).toEqual(['popular']);
  });

  it('tags Discussion above 100 comments only', () => {
    expect(DISCUSSION_COMMENTS).toBe(100);
    expect(storyTags({ title: 'x', score: 0, descendants: 100 })).toEqual([]);
    expect(storyTags({ title: 'x', score: 0, descendants: 101 })).toEqual(['discussion']);
  });

  it('returns several tags in a fixed order', () => {
    expect(storyTags({ title: 'Show HN: x', score: 301, descendants: 101 })).toEqual(['show', 'popular', 'discussion']);
  });

  it('labels every tag as the spec writes it', () => {
    expect(STORY_TAG_LABELS).toEqual({ ask: 'Ask HN', show: 'Show HN', popular: 'Popular', discussion: 'Discussion' });
  });

  it('returns distinct tags in STORY_TAGS order, each exactly when its condition holds', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.constantFrom('Ask HN: ', 'show hn: ').chain((prefix) => fc.string().map((rest) => prefix + rest))),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 500 }),
        (title, score, descendants) => {
          const tags = storyTags({ title, score, descendants });
          expect(tags).toEqual(STORY_TAGS.filter((tag) => tags.includes(tag)));
          expect(tags.includes('popular')).toBe(score > POPULAR_SCORE);
          expect(tags.includes('discussion')).toBe(descendants > DISCUSSION_COMMENTS);
          expect(tags.includes('ask')).toBe(title.toLowerCase().startsWith('ask hn:'));
        },
      ),
    );
  });
});
