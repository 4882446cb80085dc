import { describe, expect, it } from 'vitest';
import { FEED_FORMATS } from '#common/contracts/feeds.ts';
import type { Story } from '#common/contracts/stories.ts';
import { feedEntries, feedProblems } from '#test/support/feeds.ts';
import { staleNote, storyItem } from './service.ts';
import { rfc3339, rfc822, stripInvalidXml, writeFeed, xmlText, type FeedDocument } from './writer.ts';

const story = (overrides: Partial<Story> = {}): Story => ({
  id: 7,
  hnId: 4242,
  title: 'A story',
  url: 'https://example.com/a?b=1&c=2',
  score: 120,
  descendants: 45,
  by: 'alice',
  time: 1_800_000_000,
  timeAgo: '1 hour ago',
  domain: 'example.com',
  scoreVelocity: 1,
  commentsVelocity: 1,
  trendingScore: 1,
  ...overrides,
});

const document = (stories: Story[], overrides: Partial<FeedDocument> = {}): FeedDocument => ({
  title: 'HN Trends: Trending <stories> & more',
  description: 'Trending "stories"',
  homeUrl: 'https://trends.example/',
  selfUrl: 'https://trends.example/feeds/trending.rss?points=1&count=5',
  updated: new Date(1_800_000_600_000),
  note: null,
  extension: { about: 'https://trends.example/feeds', stale: false },
  items: stories.map((s) => storyItem(s, 'https://trends.example', 'url', true)),
  ...overrides,
});

/** Titles a feed must carry through as they are: markup characters, entities, emoji, right-to-left text. */
const HARD_TITLES = [
  'Show HN: <script>alert("x")</script> & friends',
  'Ask HN: Is A&amp;B < C > D? \'quoted\'',
  'Rust 🦀 and emoji 👩‍👩‍👧 in titles',
  'עברית: כותרת מימין לשמאל',
  'مرحبا بالعالم – العربية',
  ']]> CDATA end and <![CDATA[ start',
  'Tab\tand line\nbreak',
];

describe('escaping', () => {
  it('escapes the five XML characters', () => {
    expect(xmlText(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });

  it('leaves out what XML 1.0 cannot hold, keeps emoji (surrogate pairs) and right-to-left text', () => {
    expect(stripInvalidXml('a\u0000b\u0008c\u000bd\u001fe\ufffff')).toBe('abcdef');
    expect(stripInvalidXml('lone \ud800 high and \udc00 low')).toBe('lone  high and  low');
    expect(stripInvalidXml('🦀 עברית\t\n\r')).toBe('🦀 עברית\t\n\r');
  });

  it('writes RFC 822 and RFC 3339 dates', () => {
    const date = new Date(Date.UTC(2026, 10, 29, 7, 4, 5, 678));
    expect(rfc822(date)).toBe('Sun, 29 Nov 2026 07:04:05 GMT');
    expect(rfc3339(date)).toBe('2026-11-29T07:04:05Z');
  });
});

describe.each(FEED_FORMATS)('%s', (format) => {
  it('is valid with hard titles, and they round-trip as they were', () => {
    const stories = HARD_TITLES.map((title, index) => story({ id: index + 1, hnId: 100 + index, title, by: index === 2 ? '' : 'bob' }));
    const body = writeFeed(document(stories), format);
    expect(feedProblems(format, body)).toEqual([]);
    const entries = feedEntries(format, body);
    expect(entries.map((entry) => entry.title)).toEqual(HARD_TITLES);
    expect(entries.map((entry) => entry.id)).toEqual(stories.map((s) => `https://news.ycombinator.com/item?id=${s.hnId}`));
  });

  it('is valid with no items, with a control character in a title, and with description=0', () => {
    expect(feedProblems(format, writeFeed(document([]), format))).toEqual([]);
    const body = writeFeed(document([story({ title: 'bell\u0007 title' })]), format);
    expect(feedProblems(format, body)).toEqual([]);
    expect(feedEntries(format, body)[0]!.title).toBe('bell title');
    const bare = document([story()]);
    bare.items = [storyItem(story(), 'https://trends.example', 'comments', false)];
    const plain = writeFeed(bare, format);
    expect(feedProblems(format, plain)).toEqual([]);
    expect(plain).not.toContain('Points:');
    expect(feedEntries(format, plain)[0]!.link).toBe('https://news.ycombinator.com/item?id=4242');
  });

  it('carries the description HTML as it is, a CDATA end and markup included, without what XML cannot hold', () => {
    const html = '<p>A <a href="https://example.com/?a=1&amp;b=2">link</a> and ]]> and <![CDATA[ x ]]]]> \u0001</p>';
    const item = { ...storyItem(story(), 'https://trends.example', 'url', true), html };
    const body = writeFeed({ ...document([]), items: [item] }, format);
    expect(feedProblems(format, body)).toEqual([]);
    expect(feedEntries(format, body)[0]!.html).toBe(html.replace('\u0001', ''));
  });

  it('never lets a story URL that is not http(s) be a link', () => {
    const body = writeFeed(document([story({ url: 'javascript:alert(1)' })]), format);
    expect(feedProblems(format, body)).toEqual([]);
    expect(body).not.toContain('javascript:');
  });

  it('says when Hacker News is unreachable, and is valid then too', () => {
    const note = staleNote({ asOf: 1_800_000_000, unreachableSince: 1_800_000_060 }, 1_800_000_060 + 301);
    expect(note).toContain('unreachable since 2027-01-15T08:01:00Z');
    const body = writeFeed(document([story()], { note, extension: { stale: true, note } }), format);
    expect(feedProblems(format, body)).toEqual([]);
    expect(body).toContain('unreachable since 2027-01-15T08:01:00Z');
  });

  it('keeps 20 items under 50 KB with long titles and URLs', () => {
    const long = Array.from({ length: 20 }, (_, index) => story({ id: index, hnId: 40_000_000 + index, title: 'T'.repeat(80), url: `https://example.com/${'p'.repeat(200)}` }));
    expect(Buffer.byteLength(writeFeed(document(long), format))).toBeLessThan(50 * 1024);
  });
});

describe('the stale note', () => {
  it('is there only after five minutes of Hacker News unreachable', () => {
    expect(staleNote({ asOf: 100, unreachableSince: null }, 10_000)).toBeNull();
    expect(staleNote({ asOf: 100, unreachableSince: 1000 }, 1300)).toBeNull();
    expect(staleNote({ asOf: 100, unreachableSince: 1000 }, 1301)).not.toBeNull();
    expect(staleNote({ asOf: null, unreachableSince: 1000 }, 1301)).not.toContain('as of');
  });
});
