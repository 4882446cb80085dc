import { describe, expect, it } from 'vitest';
import { feedQueryHider, feedQueryKeeps, feedQueryKey, longestTerm, parseFeedQuery, type FeedQuery } from './feed-query.ts';

const parsed = (q: string): FeedQuery => {
  const result = parseFeedQuery(q);
  if ('error' in result) throw new Error(result.error);
  return result;
};

describe('parseFeedQuery', () => {
  it.each([
    ['rust', { groups: [['rust']], exclusions: [] }],
    ['Rust  Compiler', { groups: [['rust', 'compiler']], exclusions: [] }],
    ['rust OR go', { groups: [['rust'], ['go']], exclusions: [] }],
    ['rust or go', { groups: [['rust', 'or', 'go']], exclusions: [] }],
    ['"show hn" OR "ask  hn"', { groups: [['show hn'], ['ask hn']], exclusions: [] }],
    ['rust -crypto', { groups: [['rust']], exclusions: [{ kind: 'word', value: 'crypto' }] }],
    ['-"web3 now" llm', { groups: [['llm']], exclusions: [{ kind: 'word', value: 'web3 now' }] }],
    ['-domain:WWW.Medium.com', { groups: [], exclusions: [{ kind: 'domain', value: 'medium.com' }] }],
    ['-site:example.org -author:@PG', { groups: [], exclusions: [{ kind: 'domain', value: 'example.org' }, { kind: 'author', value: 'pg' }] }],
    ['-crypto -crypto', { groups: [], exclusions: [{ kind: 'word', value: 'crypto' }] }],
    ['C++ -', { groups: [['c++', '-']], exclusions: [] }],
    ['', { groups: [], exclusions: [] }],
    ['עברית 🦀', { groups: [['עברית', '🦀']], exclusions: [] }],
  ])('%j', (q, expected) => {
    expect(parseFeedQuery(q)).toEqual(expected);
  });

  it.each([
    ['"unclosed', 'quote'],
    ['OR rust', 'OR'],
    ['rust OR', 'OR'],
    ['rust OR OR go', 'OR'],
    ['rust OR -go', 'OR'],
    ['""', 'empty phrase'],
    ['-domain:nodot', 'domain'],
    ['-author:b@d', 'author'],
    ['-"!!!"', 'letter or digit'],
    ['x'.repeat(301), 'at most 300'],
    [Array.from({ length: 31 }, (_, i) => `w${i}`).join(' '), 'at most 30'],
    [Array.from({ length: 11 }, (_, i) => `w${i}`).join(' OR '), 'at most 10 groups'],
  ])('refuses %j with a message', (q, message) => {
    const result = parseFeedQuery(q);
    expect('error' in result && result.error).toContain(message);
  });
});

describe('what a query keeps', () => {
  const story = (title: string, domain = 'example.com', by = 'alice') => ({ id: 1, title, domain, by });
  it.each([
    ['rust', story('Rust 2.0 is out'), true],
    ['rust', story('Trust nobody'), true],
    ['rust', story('Go 2.0'), false],
    ['rust', story('Go 2.0', 'rust-lang.org'), true],
    ['rust', story('Go 2.0', 'example.com', 'rustacean'), true],
    ['rust compiler', story('A Rust web server'), false],
    ['rust compiler', story('The Rust compiler'), true],
    ['rust OR zig', story('Zig 0.14'), true],
    ['"show hn"', story('Show HN: a thing'), true],
    ['"show hn"', story('Show me HN'), false],
    ['rust -crypto', story('Rust for crypto'), false],
    ['rust -crypto', story('Rust for cryptography'), true],
    ['-domain:medium.com', story('Anything', 'blog.medium.com'), false],
    ['-domain:medium.com', story('Anything', 'notmedium.com'), true],
    ['-author:pg', story('Essay', 'paulgraham.com', 'PG'), false],
    ['', story('Anything'), true],
  ])('%j on %j: %s', (q, input, kept) => {
    const query = parsed(q);
    expect(feedQueryKeeps(query, input)).toBe(kept);
    expect(feedQueryHider(query).mutes(input)).toBe(!kept);
  });

  it('the hider also applies a person\'s own rules', () => {
    const own = { size: 1, hidesId: () => false, mutes: (s: { by: string }) => s.by === 'bob' };
    const hider = feedQueryHider(parsed('rust'), { alsoHides: own });
    expect(hider.mutes(story('Rust', 'example.com', 'bob'))).toBe(true);
    expect(hider.mutes(story('Rust', 'example.com', 'alice'))).toBe(false);
  });

  it('keys a query the same however it is spelled', () => {
    expect(feedQueryKey(parsed('go OR rust -b -a'))).toBe(feedQueryKey(parsed('rust OR go -a -b')));
    expect(feedQueryKey(parsed('rust'))).not.toBe(feedQueryKey(parsed('-rust')));
  });

  it('looks a group up by its longest term', () => {
    expect(longestTerm(['go', 'compiler', 'x'])).toBe('compiler');
  });
});
