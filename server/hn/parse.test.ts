import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities, domainOf, parseItem } from './parse.ts';

describe('decodeHtmlEntities', () => {
  it('decodes the entities the Hacker News API puts in titles', () => {
    expect(decodeHtmlEntities('Rust&#x27;s new &quot;borrow&quot; checker &amp; you')).toBe('Rust\'s new "borrow" checker & you');
    expect(decodeHtmlEntities('a &lt;b&gt; &#39;c&#39; &hellip;')).toBe("a <b> 'c' \u2026");
  });

  it('leaves unknown entities and plain text alone', () => {
    expect(decodeHtmlEntities('AT&T &unknown; 100%')).toBe('AT&T &unknown; 100%');
    fc.assert(fc.property(fc.string().filter((s) => !s.includes('&')), (s) => decodeHtmlEntities(s) === s));
  });
});

describe('domainOf', () => {
  it('takes the host without www.', () => {
    expect(domainOf('https://www.example.com/a?b=c')).toBe('example.com');
    expect(domainOf('http://blog.Example.org')).toBe('blog.example.org');
    expect(domainOf('https://wwwx.com/')).toBe('wwwx.com');
  });

  it('is empty for text posts, odd schemes and garbage', () => {
    expect(domainOf('')).toBe('');
    expect(domainOf('item?id=1')).toBe('');
    expect(domainOf('javascript:alert(1)')).toBe('');
    fc.assert(fc.property(fc.string(), (s) => typeof domainOf(s) === 'string'));
  });
});

describe('parseItem', () => {
  const story = { id: 1, type: 'story', by: 'pg', time: 1_600_000_000, title: 'Hello &amp; welcome', url: 'https://www.a.com/x', score: 10, descendants: 3 };

  it('reads a story', () => {
    expect(parseItem(story, false)).toEqual({
      kind: 'story',
      hnId: 1,
      title: 'Hello & welcome',
      url: 'https://www.a.com/x',
      domain: 'a.com',
      by: 'pg',
      time: 1_600_000_000,
      score: 10,
      descendants: 3,
      dead: false,
      deleted: false,
    });
  });

  it('stores an Ask HN post without url as an empty url and domain', () => {
    const parsed = parseItem({ id: 2, type: 'story', by: 'x', time: 1, title: 'Ask HN: Why?', score: 5, text: 'body' }, false);
    expect(parsed).toMatchObject({ kind: 'story', url: '', domain: '', descendants: 0 });
  });

  it('keeps only web addresses as urls', () => {
    expect(parseItem({ ...story, url: 'javascript:alert(1)' }, false)).toMatchObject({ kind: 'story', url: '', domain: '' });
    expect(parseItem({ ...story, url: 'data:text/html,<b>x</b>' }, false)).toMatchObject({ url: '' });
    expect(parseItem({ ...story, url: 'HTTPS://Example.com/A' }, false)).toMatchObject({ url: 'HTTPS://Example.com/A', domain: 'example.com' });
  });

  it('skips jobs, polls and comments', () => {
    expect(parseItem({ id: 3, type: 'job', title: 'Hiring', time: 1 }, false)).toEqual({ kind: 'skip', hnId: 3, reason: 'job' });
    expect(parseItem({ id: 4, type: 'poll', title: 'Poll', time: 1 }, false)).toEqual({ kind: 'skip', hnId: 4, reason: 'poll' });
    expect(parseItem({ id: 5, type: 'comment', time: 1 }, false)).toMatchObject({ kind: 'skip' });
  });

  it('skips stories that are dead or deleted on first sight, but keeps known ones marked', () => {
    expect(parseItem({ ...story, dead: true }, false)).toEqual({ kind: 'skip', hnId: 1, reason: 'dead' });
    expect(parseItem({ id: 1, deleted: true, type: 'story', time: 1 }, false)).toEqual({ kind: 'skip', hnId: 1, reason: 'deleted' });
    expect(parseItem({ ...story, dead: true }, true)).toMatchObject({ kind: 'story', dead: true });
    expect(parseItem({ id: 1, deleted: true, type: 'story', time: 1 }, true)).toMatchObject({ kind: 'story', deleted: true });
  });

  it('treats null and unreadable answers as missing, to be retried', () => {
    expect(parseItem(null, false)).toEqual({ kind: 'missing', reason: 'null item' });
    expect(parseItem({ id: 'x' }, false)).toMatchObject({ kind: 'missing' });
    expect(parseItem({ id: 9, type: 'story' }, false)).toMatchObject({ kind: 'missing' });
  });

  it('never throws, whatever the API sends', () => {
    fc.assert(fc.property(fc.anything(), fc.boolean(), (raw, known) => typeof parseItem(raw, known).kind === 'string'));
  });
});
