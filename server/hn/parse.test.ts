import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AUTHOR_LENGTH, MAX_TITLE_LENGTH, decodeHtmlEntities, domainOf, parseItem, storableLine } from './parse.ts';

const NOW = 1_700_000_000;
/** What parseItem needs to know besides the answer: the id asked for, whether we hold it, and now. */
const asked = (id: number, known = false) => ({ id, known, nowSeconds: NOW });

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
    expect(parseItem(story, asked(1))).toEqual({
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
      synthetic: false,
    });
  });

  it("keeps the replay's synthetic mark: only a boolean true counts, anything else is no item", () => {
    expect(parseItem({ ...story, synthetic: true }, asked(1))).toMatchObject({ kind: 'story', synthetic: true });
    expect(parseItem({ ...story, synthetic: false }, asked(1))).toMatchObject({ kind: 'story', synthetic: false });
    for (const synthetic of ['true', 1, null, {}]) {
      expect(parseItem({ ...story, synthetic }, asked(1))).toEqual({ kind: 'missing', reason: expect.stringContaining('synthetic') });
    }
  });

  it('stores an Ask HN post without url as an empty url and domain', () => {
    const parsed = parseItem({ id: 2, type: 'story', by: 'x', time: 1, title: 'Ask HN: Why?', score: 5, text: 'body' }, asked(2));
    expect(parsed).toMatchObject({ kind: 'story', url: '', domain: '', descendants: 0 });
  });

  it('keeps only web addresses as urls', () => {
    expect(parseItem({ ...story, url: 'javascript:alert(1)' }, asked(1))).toMatchObject({ kind: 'story', url: '', domain: '' });
    expect(parseItem({ ...story, url: 'data:text/html,<b>x</b>' }, asked(1))).toMatchObject({ url: '' });
    expect(parseItem({ ...story, url: 'HTTPS://Example.com/A' }, asked(1))).toMatchObject({ url: 'HTTPS://Example.com/A', domain: 'example.com' });
  });

  it('skips jobs, polls and comments', () => {
    expect(parseItem({ id: 3, type: 'job', title: 'Hiring', time: 1 }, asked(3))).toEqual({ kind: 'skip', hnId: 3, reason: 'job' });
    expect(parseItem({ id: 4, type: 'poll', title: 'Poll', time: 1 }, asked(4))).toEqual({ kind: 'skip', hnId: 4, reason: 'poll' });
    expect(parseItem({ id: 5, type: 'comment', time: 1 }, asked(5))).toMatchObject({ kind: 'skip' });
  });

  it('skips stories that are dead or deleted on first sight, but keeps known ones marked', () => {
    expect(parseItem({ ...story, dead: true }, asked(1))).toEqual({ kind: 'skip', hnId: 1, reason: 'dead' });
    expect(parseItem({ id: 1, deleted: true, type: 'story', time: 1 }, asked(1))).toEqual({ kind: 'skip', hnId: 1, reason: 'deleted' });
    expect(parseItem({ ...story, dead: true }, asked(1, true))).toMatchObject({ kind: 'story', dead: true });
    expect(parseItem({ id: 1, deleted: true, type: 'story', time: 1 }, asked(1, true))).toMatchObject({ kind: 'story', deleted: true });
  });

  it('treats null and unreadable answers as missing, to be retried', () => {
    expect(parseItem(null, asked(1))).toEqual({ kind: 'missing', reason: 'null item' });
    expect(parseItem({ id: 'x' }, asked(1))).toMatchObject({ kind: 'missing' });
    expect(parseItem({ id: 9, type: 'story' }, asked(9))).toMatchObject({ kind: 'missing' });
  });

  it('never throws, whatever the API sends', () => {
    fc.assert(fc.property(fc.anything(), fc.boolean(), (raw, known) => typeof parseItem(raw, asked(1, known)).kind === 'string'));
  });

  it('strips what PostgreSQL cannot store and bounds the text fields', () => {
    expect(parseItem({ ...story, title: 'Hello\u0000 &amp; wel\uD800come', by: 'p\u0000g' }, asked(1))).toMatchObject({ title: 'Hello & welcome', by: 'pg' });
    // An entity can spell a lone surrogate too.
    expect(parseItem({ ...story, title: 'a&#xD800;b' }, asked(1))).toMatchObject({ title: 'ab' });
    expect(parseItem({ ...story, title: 'line\none\tand two' }, asked(1))).toMatchObject({ title: 'line one and two' });
    const long = parseItem({ ...story, title: 'x'.repeat(100_000), by: 'y'.repeat(1000) }, asked(1));
    expect(long).toMatchObject({ title: 'x'.repeat(MAX_TITLE_LENGTH), by: 'y'.repeat(MAX_AUTHOR_LENGTH) });
  });

  it('drops urls with control characters or of impossible length, keeping the story', () => {
    expect(parseItem({ ...story, url: 'https://a.com/\u0000x' }, asked(1))).toMatchObject({ kind: 'story', url: '', domain: '' });
    expect(parseItem({ ...story, url: `https://a.com/${'a'.repeat(100_000)}` }, asked(1))).toMatchObject({ kind: 'story', url: '' });
  });

  it('refuses counts and ids beyond the columns, non-integers and answers about another item; clamps negatives', () => {
    expect(parseItem({ ...story, score: 2 ** 31 }, asked(1))).toMatchObject({ kind: 'missing', reason: expect.stringContaining('score') });
    expect(parseItem({ ...story, descendants: 2 ** 32 }, asked(1))).toMatchObject({ kind: 'missing', reason: expect.stringContaining('descendants') });
    expect(parseItem({ ...story, score: 1.5 }, asked(1))).toMatchObject({ kind: 'missing' });
    expect(parseItem({ ...story, id: 2 ** 31 }, asked(1))).toMatchObject({ kind: 'missing' });
    expect(parseItem({ ...story, id: 7 }, asked(1))).toMatchObject({ kind: 'missing', reason: 'answer is about item 7' });
    expect(parseItem({ ...story, score: -5, descendants: -1 }, asked(1))).toMatchObject({ kind: 'story', score: 0, descendants: 0 });
  });

  it('stamps a time in the future beyond the tolerance as now', () => {
    expect(parseItem({ ...story, time: NOW + 60 }, asked(1))).toMatchObject({ time: NOW + 60 });
    expect(parseItem({ ...story, time: NOW + 10 * 365 * 86400 }, asked(1))).toMatchObject({ kind: 'story', time: NOW + 300 });
    expect(parseItem({ ...story, time: -1 }, asked(1))).toMatchObject({ kind: 'missing' });
  });

  it('always gives text PostgreSQL can store, within bounds', () => {
    // Plain strings mixed with the characters that matter: NUL, lone surrogates, pairs, controls, entities.
    const awkward = fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\u{1F600}', '\n', '&#xD800;', '&amp;', 'x'.repeat(400));
    const text = fc.array(fc.oneof(awkward, fc.string())).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, text, (title, by) => {
        const item = parseItem({ ...story, title, by }, asked(1));
        if (item.kind !== 'story') return true;
        // eslint-disable-next-line no-control-regex
        return !/[\u0000\p{Cs}]/u.test(item.title + item.by) && item.title.length <= MAX_TITLE_LENGTH && item.by.length <= MAX_AUTHOR_LENGTH;
      }),
    );
  });
});

describe('storableLine', () => {
  it('never ends in half a surrogate pair when cut', () => {
    expect(storableLine('ab\u{1F600}', 3)).toBe('ab');
    expect(storableLine('ab\u{1F600}', 4)).toBe('ab\u{1F600}');
  });
});
