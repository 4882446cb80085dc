import { describe, expect, it } from 'vitest';
import { formatCount, pluralise } from './plural.ts';

describe('pluralise', () => {
  it.each([
    [1, 'point'],
    [0, 'points'],
    [2, 'points'],
    [-1, 'points'],
    [1.5, 'points'],
  ])('%d → %s', (count, expected) => {
    expect(pluralise(count, 'point')).toBe(expected);
  });

  it('uses the given plural when adding an s is wrong', () => {
    expect(pluralise(1, 'story', 'stories')).toBe('story');
    expect(pluralise(3, 'story', 'stories')).toBe('stories');
  });
});

describe('formatCount', () => {
  it('puts the count before its noun', () => {
    expect(formatCount(1, 'comment')).toBe('1 comment');
    expect(formatCount(0, 'comment')).toBe('0 comments');
    expect(formatCount(12, 'story', 'stories')).toBe('12 stories');
  });

  it('groups thousands', () => {
    expect(formatCount(1234, 'point')).toBe('1,234 points');
  });
});
