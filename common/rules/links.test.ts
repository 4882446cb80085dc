import { describe, expect, it } from 'vitest';
import { itemPageUrl, storyLinkUrl, withWebsiteScheme } from './links.ts';

describe('story links', () => {
  it('points to the source site item page by hnId', () => {
    expect(itemPageUrl(26312345)).toBe('https://news.ycombinator.com/item?id=26312345');
  });

  it('links a story to its url, or to its item page when the url is empty', () => {
    expect(storyLinkUrl({ url: 'https://example.com/post', hnId: 1 })).toBe('https://example.com/post');
    expect(storyLinkUrl({ url: '', hnId: 42 })).toBe('https://news.ycombinator.com/item?id=42');
  });
});

describe('withWebsiteScheme', () => {
  it.each([
    ['alice.example', 'https://alice.example'],
    ['alice.example/blog?x=1', 'https://alice.example/blog?x=1'],
    ['localhost:8080/me', 'https://localhost:8080/me'],
    ['https://alice.example', 'https://alice.example'],
    ['HTTP://alice.example', 'HTTP://alice.example'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['ftp://alice.example', 'ftp://alice.example'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(withWebsiteScheme(input)).toBe(expected);
  });
});
