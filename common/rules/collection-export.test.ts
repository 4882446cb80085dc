import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, escapeMarkup, exportFileName, markdownText, safeLink, toBookmarksHtml, toCsv, toJson, toMarkdown, toOpml, type ExportCollection, type ExportStory } from './collection-export.ts';

const story = (overrides: Partial<ExportStory> = {}): ExportStory => ({
  hnId: 42,
  title: 'Rust 2.0 released',
  url: 'https://example.com/rust',
  domain: 'example.com',
  by: 'alice',
  score: 120,
  descendants: 33,
  time: 1_700_000_000,
  ...overrides,
});
const collection = (stories: ExportStory[], overrides: Partial<ExportCollection> = {}): ExportCollection => ({
  name: 'Reading list',
  description: null,
  updatedAt: '2026-11-29T10:00:00.000Z',
  items: stories.map((s) => ({ story: s, addedAt: '2026-11-28T09:00:00.000Z' })),
  ...overrides,
});

/** A minimal RFC 4180 reader, to check that any cell reads back as written (after the formula guard). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('CSV', () => {
  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['line\nbreak', '"line\nbreak"'],
  ])('cell %j → %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('numbers are written as they are, a negative one too', () => {
    expect(csvCell(-3)).toBe('-3');
  });

  it('writes a header and one row a story, with the discussion page', () => {
    const rows = parseCsv(toCsv(collection([story(), story({ hnId: 7, title: '=cmd|calc', url: '' })])));
    expect(rows[0]).toEqual(['title', 'url', 'discussion', 'domain', 'author', 'points', 'comments', 'submitted', 'added']);
    expect(rows[1]).toEqual(['Rust 2.0 released', 'https://example.com/rust', 'https://news.ycombinator.com/item?id=42', 'example.com', 'alice', '120', '33', '2023-11-14T22:13:20.000Z', '2026-11-28T09:00:00.000Z']);
    expect(rows[2]![0]).toBe("'=cmd|calc");
    expect(rows[2]![1]).toBe('https://news.ycombinator.com/item?id=7');
  });

  it('any title reads back whole, and never starts a formula', () => {
    fc.assert(
      fc.property(fc.string(), (title) => {
        const cell = parseCsv(toCsv(collection([story({ title })])))[1]![0]!;
        expect(/^[=+\-@\t\r]/.test(cell)).toBe(false);
        expect(cell === title || cell === `'${title}`).toBe(true);
      }),
    );
  });
});

describe('HTML bookmarks and OPML', () => {
  it('escapes titles, names and addresses', () => {
    const html = toBookmarksHtml(
      collection([story({ title: '<script>alert(1)</script> & "quotes"', url: 'https://example.com/?a=1&b="2"' })], { name: '<b>Mine</b>', description: 'x<y' }),
    );
    expect(html).toContain('<!DOCTYPE NETSCAPE-Bookmark-file-1>');
    expect(html).toContain('<H3 LAST_MODIFIED="1795946400">&lt;b&gt;Mine&lt;/b&gt;</H3>');
    expect(html).toContain('<DD>x&lt;y');
    expect(html).toContain('<A HREF="https://example.com/?a=1&amp;b=&quot;2&quot;" ADD_DATE="1795856400">&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;</A>');
    expect(html).not.toContain('<script>');
  });

  it('never links to anything but http(s): a javascript: address becomes the discussion page', () => {
    expect(safeLink({ url: 'javascript:alert(1)', hnId: 9 })).toBe('https://news.ycombinator.com/item?id=9');
    expect(toBookmarksHtml(collection([story({ url: 'javascript:alert(1)', hnId: 9 })]))).not.toContain('javascript:');
  });

  it('OPML is escaped XML, control characters dropped', () => {
    const opml = toOpml(collection([story({ title: 'a "b" <c>\u0001' })], { name: 'R&D' }));
    expect(opml).toContain('<title>R&amp;D</title>');
    expect(opml).toContain('<outline type="link" text="a &quot;b&quot; &lt;c&gt;" url="https://example.com/rust"/>');
  });

  it('escapeMarkup leaves no markup character of any text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(/[<>"']|&(?!amp;|lt;|gt;|quot;|#39;)/.test(escapeMarkup(text))).toBe(false);
      }),
    );
  });
});

describe('Markdown', () => {
  it('lists each story as a link with its details and discussion', () => {
    expect(toMarkdown(collection([story()], { description: 'Things to *read*' }))).toBe(
      '# Reading list\n\nThings to \\*read\\*\n\n- [Rust 2.0 released](<https://example.com/rust>) (120 points, 33 comments, by alice; [discussion](<https://news.ycombinator.com/item?id=42>))\n',
    );
  });

  it('a title cannot close its link or start HTML; an address cannot close its brackets', () => {
    expect(markdownText('a](http://evil) <img src=x>')).toBe('a\\]\\(http://evil\\) \\<img src=x\\>');
    const md = toMarkdown(collection([story({ title: 'x](javascript:alert(1))', url: 'https://e.com/a b)<c>' })]));
    expect(md).toContain('[x\\]\\(javascript:alert\\(1\\)\\)](<https://e.com/a%20b%29%3Cc%3E>)');
  });
});

describe('JSON', () => {
  it('holds every story with its links, and parses back', () => {
    const parsed = JSON.parse(toJson(collection([story()], { description: 'd' })));
    expect(parsed).toEqual({
      name: 'Reading list',
      description: 'd',
      updatedAt: '2026-11-29T10:00:00.000Z',
      stories: [
        {
          title: 'Rust 2.0 released',
          url: 'https://example.com/rust',
          discussion: 'https://news.ycombinator.com/item?id=42',
          hnId: 42,
          domain: 'example.com',
          author: 'alice',
          points: 120,
          comments: 33,
          submitted: '2023-11-14T22:13:20.000Z',
          added: '2026-11-28T09:00:00.000Z',
        },
      ],
    });
  });
});

describe('exportFileName', () => {
  it.each([
    ['Reading list', 'csv', 'Reading-list.csv'],
    ['../../etc/passwd', 'json', 'etcpasswd.json'],
    ['"quoted"; name', 'html', 'quoted-name.html'],
    ['日本', 'markdown', 'collection.md'],
  ] as const)('%j as %s → %j', (name, format, expected) => {
    expect(exportFileName(name, format)).toBe(expected);
  });
});
