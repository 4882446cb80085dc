import { describe, expect, it } from 'vitest';
import { parseFeedQuery } from './feed-query.ts';
import { feedUrl, keywordFeedAddress, listFeedAddress, searchFeedAddress, searchTextAsFeedQuery } from './feed-links.ts';
import { DEFAULT_SEARCH_FILTERS } from './search.ts';

describe('the Feed buttons give the feed of what is on screen', () => {
  it.each([
    [{ sort: 'trending', timeFilter: '3d', minScore: 0 }, '/feeds/trending.rss'],
    [{ sort: 'score', timeFilter: '24h', minScore: 100 }, '/feeds/top.rss?timeFilter=24h&points=100'],
    [{ sort: 'time', timeFilter: '1h', minScore: 0, domain: 'github.com' }, '/feeds/recent.rss?timeFilter=1h&domain=github.com'],
    [{ sort: 'fast-risers', timeFilter: '3d', minScore: 0 }, '/feeds/fast-risers.rss?minVelocity=5'],
    [{ sort: 'comments', timeFilter: 'week', minScore: 0 }, '/feeds/comments.rss?timeFilter=week'],
  ] as const)('list %j', (filters, url) => {
    expect(feedUrl(listFeedAddress(filters), 'rss')).toBe(url);
  });

  it('searches: every filter, the sort always (the feed sorts by time by default)', () => {
    expect(feedUrl(searchFeedAddress(DEFAULT_SEARCH_FILTERS), 'atom', 'https://x.example')).toBe('https://x.example/feeds/search.atom?sort=score');
    const url = feedUrl(searchFeedAddress({ q: 'rust lang', domain: 'github', author: 'pg', minScore: 5, hours: '24', sort: 'time', order: 'asc' }), 'json');
    expect(url).toBe('/feeds/search.json?q=%22rust+lang%22&domain=github&author=pg&points=5&hours=24&sort=time&order=asc');
  });

  it.each([
    ['rust', 'rust', [['rust']]],
    ['rust lang', '"rust lang"', [['rust lang']]],
    ['-crypto', '"-crypto"', [['-crypto']]],
    ['OR', '"OR"', [['or']]],
    ['say "hi"', '"say hi"', [['say hi']]],
    ['C++', 'C++', [['c++']]],
    ['  ', '', []],
  ])('a search text %j is the feed q %j, read back as one piece', (text, q, groups) => {
    expect(searchTextAsFeedQuery(text)).toBe(q);
    const parsed = parseFeedQuery(q);
    expect('groups' in parsed && parsed.groups).toEqual(groups);
  });

  it('keywords: lower case, encoded; none for a keyword with a slash', () => {
    expect(feedUrl(keywordFeedAddress('Node.js')!, 'rss')).toBe('/feeds/keywords/node.js.rss');
    expect(feedUrl(keywordFeedAddress('machine learning')!, 'json')).toBe('/feeds/keywords/machine%20learning.json');
    expect(keywordFeedAddress('CI/CD')).toBeNull();
    expect(keywordFeedAddress(' ')).toBeNull();
  });
});
