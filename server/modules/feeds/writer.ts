import type { FeedFormat } from '#common/contracts/feeds.ts';

/**
 * The three feed formats, written by hand (docs/feeds.md, "Valid by construction"): RSS 2.0, Atom (RFC 4287) and
 * JSON Feed 1.1. Everything a feed holds goes through `xmlText`, `htmlData` or JSON.stringify, so no title can break
 * one; the tests (writer.test.ts, test/feeds.test.ts) parse every format as XML or JSON and check each format's
 * required elements.
 */

export interface FeedAuthor {
  name: string;
  url?: string;
}

export interface FeedItem {
  /** Stable across fetches and feeds: the Hacker News item's address, for a story. */
  id: string;
  title: string;
  /** Where the item leads (the article, or the discussion with link=comments). */
  url: string;
  /** The discussion's address (RSS <comments>, Atom rel=replies). */
  commentsUrl?: string;
  /** HTML, already safe (every value in it escaped); null for none (description=0). */
  html: string | null;
  /** Plain text of the same, for JSON Feed's content_text when there is no HTML. */
  text: string;
  published: Date;
  updated: Date;
  author: FeedAuthor | null;
  tags?: string[];
}

export interface FeedDocument {
  title: string;
  description: string;
  /** The page of the product showing the same list. */
  homeUrl: string;
  /** The feed's own address (rel=self). */
  selfUrl: string;
  /** When the feed's content last changed (the end of the ingestion cycle it reflects). */
  updated: Date;
  /** Said in the feed when its data is not current (Hacker News unreachable); null when it is. */
  note: string | null;
  /** The JSON Feed extension object (`_hn_trends`), documented in docs/feeds.md. */
  extension: Record<string, unknown>;
  items: FeedItem[];
}

const GENERATOR = 'HN Trends';

/**
 * Text as XML character data or an attribute value: the five special characters as entities, and the characters
 * XML 1.0 cannot hold at all (C0 controls other than tab, line feed and return, lone surrogates, U+FFFE and U+FFFF)
 * left out.
 */
export function xmlText(value: string): string {
  if (!NOT_PLAIN.test(value)) return value;
  const text = stripInvalidXml(value);
  // One pass over the text, copying the runs between the characters that become entities.
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 62) continue;
    const entity = code === 60 ? '&lt;' : code === 62 ? '&gt;' : code === 38 ? '&amp;' : code === 34 ? '&quot;' : code === 39 ? '&apos;' : null;
    if (entity === null) continue;
    out += text.slice(from, i) + entity;
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** The characters INVALID_XML may take out, and any surrogate (a lone one is left out; a pair, an emoji, is kept). */
// eslint-disable-next-line no-control-regex
const MAYBE_INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
/**
 * The characters a text needs more than copying for: the five that become entities, and those MAYBE_INVALID_XML
 * names. Most titles and addresses hold none.
 */
const NOT_PLAIN = new RegExp(`[<>&"']|${MAYBE_INVALID_XML.source}`);

/** Text without the characters XML 1.0 cannot hold (and JSON readers would choke on as lone surrogates). */
export function stripInvalidXml(value: string): string {
  return MAYBE_INVALID_XML.test(value) ? value.replace(INVALID_XML, '') : value;
}

/** HTML text: the same escaping as XML's (HTML reads &apos; too). */
export const htmlText = xmlText;

/**
 * HTML as XML character data: in a CDATA section, so its markup needs no entities (escaping a description's markup
 * cost more than the rest of its item), a `]]>` in it split across two sections, and the characters XML cannot hold
 * left out as everywhere.
 */
export function htmlData(html: string): string {
  const text = stripInvalidXml(html);
  return `<![CDATA[${text.includes(']]>') ? text.replaceAll(']]>', ']]]]><![CDATA[>') : text}]]>`;
}

/** RFC 3339 (Atom, JSON Feed): 2026-11-29T19:14:50Z. */
export function rfc3339(date: Date): string {
  const parts = utcParts(date);
  if (parts === null) return `${date.toISOString().slice(0, -5)}Z`;
  const { year, month, day, time } = parts;
  return `${year}-${twoDigits(month)}-${twoDigits(day)}T${time}Z`;
}

/** RFC 822 as RSS 2.0 wants it, with a four-digit year: Sun, 29 Nov 2026 19:14:50 GMT. */
export function rfc822(date: Date): string {
  const parts = utcParts(date);
  if (parts === null) return date.toUTCString();
  const { year, month, day, weekday, time } = parts;
  return `${WEEKDAYS[weekday]}, ${twoDigits(day)} ${MONTHS[month - 1]} ${year} ${time} GMT`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;
const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));

/**
 * A date's UTC calendar day, weekday and time of day (hh:mm:ss), worked out from its milliseconds: a feed writes two
 * dates an item, and the engine's own formatting cost more than the rest of the item. Null outside the years 1970 to
 * 9999, which the engine's formatting then writes.
 */
function utcParts(date: Date): { year: number; month: number; day: number; weekday: number; time: string } | null {
  const ms = date.getTime();
  if (!(ms >= 0 && ms < 253_402_300_800_000)) return null;
  const days = Math.floor(ms / DAY_MS);
  const seconds = Math.floor((ms - days * DAY_MS) / 1000);
  // The civil date of a count of days since 1970-01-01 (Howard Hinnant's days_from_civil, inverted).
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const time = `${twoDigits(Math.floor(seconds / 3600))}:${twoDigits(Math.floor(seconds / 60) % 60)}:${twoDigits(seconds % 60)}`;
  // 1 January 1970 was a Thursday.
  return { year, month, day, weekday: (days + 4) % 7, time };
}

export function writeFeed(feed: FeedDocument, format: FeedFormat): string {
  if (format === 'rss') return writeRss(feed);
  if (format === 'atom') return writeAtom(feed);
  return writeJsonFeed(feed);
}

const element = (name: string, value: string) => `<${name}>${xmlText(value)}</${name}>`;

function withNote(text: string, note: string | null): string {
  return note === null ? text : `${note} ${text}`;
}

export function writeRss(feed: FeedDocument): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    element('title', feed.title),
    element('link', feed.homeUrl),
    element('description', withNote(feed.description, feed.note)),
    `<atom:link href="${xmlText(feed.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    '<language>en</language>',
    element('lastBuildDate', rfc822(feed.updated)),
    '<docs>https://www.rssboard.org/rss-specification</docs>',
    element('generator', GENERATOR),
    '<ttl>5</ttl>',
  ];
  for (const item of feed.items) {
    out.push('<item>', element('title', item.title), element('link', item.url));
    if (item.html !== null) out.push(`<description>${htmlData(item.html)}</description>`);
    out.push(element('pubDate', rfc822(item.published)));
    if (item.author) out.push(element('dc:creator', item.author.name));
    if (item.commentsUrl) out.push(element('comments', item.commentsUrl));
    for (const tag of item.tags ?? []) out.push(element('category', tag));
    out.push(`<guid isPermaLink="${/^https?:\/\//.test(item.id) ? 'true' : 'false'}">${xmlText(item.id)}</guid>`, '</item>');
  }
  out.push('</channel>', '</rss>');
  return out.join('\n') + '\n';
}

export function writeAtom(feed: FeedDocument): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    element('id', feed.selfUrl),
    `<title type="text">${xmlText(feed.title)}</title>`,
    `<subtitle type="text">${xmlText(withNote(feed.description, feed.note))}</subtitle>`,
    element('updated', rfc3339(feed.updated)),
    `<link rel="self" type="application/atom+xml" href="${xmlText(feed.selfUrl)}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlText(feed.homeUrl)}"/>`,
    `<author><name>${GENERATOR}</name></author>`,
    `<generator>${GENERATOR}</generator>`,
  ];
  for (const item of feed.items) {
    out.push('<entry>', element('id', item.id), `<title type="text">${xmlText(item.title)}</title>`, `<link rel="alternate" type="text/html" href="${xmlText(item.url)}"/>`);
    if (item.commentsUrl) out.push(`<link rel="replies" type="text/html" href="${xmlText(item.commentsUrl)}"/>`);
    const published = rfc3339(item.published);
    out.push(element('published', published), element('updated', item.updated === item.published ? published : rfc3339(item.updated)));
    if (item.author) out.push(`<author><name>${xmlText(item.author.name)}</name>${item.author.url ? element('uri', item.author.url) : ''}</author>`);
    for (const tag of item.tags ?? []) out.push(`<category term="${xmlText(tag)}"/>`);
    if (item.html !== null) out.push(`<content type="html">${htmlData(item.html)}</content>`);
    out.push('</entry>');
  }
  out.push('</feed>');
  return out.join('\n') + '\n';
}

export function writeJsonFeed(feed: FeedDocument): string {
  const clean = (value: string) => stripInvalidXml(value);
  const body = {
    version: 'https://jsonfeed.org/version/1.1',
    title: clean(feed.title),
    home_page_url: feed.homeUrl,
    feed_url: feed.selfUrl,
    description: clean(withNote(feed.description, feed.note)),
    language: 'en',
    authors: [{ name: GENERATOR }],
    _hn_trends: feed.extension,
    items: feed.items.map((item) => {
      // Filled in order, optional members only when present (spreading objects into each item cost more).
      const out: Record<string, unknown> = { id: item.id, url: item.url };
      if (item.commentsUrl && item.commentsUrl !== item.url) out.external_url = item.commentsUrl;
      out.title = clean(item.title);
      if (item.html === null) out.content_text = clean(item.text);
      else out.content_html = clean(item.html);
      const published = rfc3339(item.published);
      out.date_published = published;
      out.date_modified = item.updated === item.published ? published : rfc3339(item.updated);
      if (item.author) out.authors = [item.author.url ? { name: clean(item.author.name), url: item.author.url } : { name: clean(item.author.name) }];
      if (item.tags && item.tags.length > 0) out.tags = item.tags.map(clean);
      return out;
    }),
  };
  return JSON.stringify(body);
}
