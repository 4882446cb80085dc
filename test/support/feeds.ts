import { JSDOM } from 'jsdom';

/**
 * Feed validation for tests: the rules of RSS 2.0, Atom (RFC 4287) and JSON Feed 1.1 that a reader or a validator
 * checks, as a list of problems (empty: valid, with nothing a validator would warn about that we can check here).
 * The XML goes through a strict XML parser (jsdom's, saxes): any well-formedness error is a problem.
 */

const { DOMParser } = new JSDOM('').window;

/** The parts of the DOM read here (the server's TypeScript has no DOM types). */
interface Element {
  tagName: string;
  namespaceURI: string | null;
  textContent: string | null;
  children: ArrayLike<Element>;
  getAttribute(name: string): string | null;
}
interface Document {
  documentElement: Element;
  getElementsByTagName(name: string): ArrayLike<Element>;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
const RFC822 = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const ABSOLUTE_URL = /^https?:\/\/[^\s]+$/;

const RSS_CHANNEL = new Set(['title', 'link', 'description', 'language', 'copyright', 'managingEditor', 'webMaster', 'pubDate', 'lastBuildDate', 'category', 'generator', 'docs', 'cloud', 'ttl', 'image', 'rating', 'textInput', 'skipHours', 'skipDays', 'item', 'atom:link']);
const RSS_ITEM = new Set(['title', 'link', 'description', 'author', 'category', 'comments', 'enclosure', 'guid', 'pubDate', 'source', 'dc:creator']);
const ATOM_FEED = new Set(['author', 'category', 'contributor', 'generator', 'icon', 'id', 'link', 'logo', 'rights', 'subtitle', 'title', 'updated', 'entry']);
const ATOM_ENTRY = new Set(['author', 'category', 'content', 'contributor', 'id', 'link', 'published', 'rights', 'source', 'summary', 'title', 'updated']);

export function parseXml(text: string): Document | string {
  const document = new DOMParser().parseFromString(text, 'application/xml') as Document;
  const error = document.getElementsByTagName('parsererror')[0];
  return error ? `not well-formed XML: ${error.textContent ?? ''}` : document;
}

const children = (element: Element) => Array.from(element.children);
const childText = (element: Element, name: string) => children(element).find((child) => child.tagName === name)?.textContent ?? null;

export function rssProblems(text: string): string[] {
  const parsed = parseXml(text);
  if (typeof parsed === 'string') return [parsed];
  const problems: string[] = [];
  const rss = parsed.documentElement;
  if (rss.tagName !== 'rss' || rss.getAttribute('version') !== '2.0') problems.push('the root is not <rss version="2.0">');
  const channels = children(rss).filter((child) => child.tagName === 'channel');
  if (channels.length !== 1) return [...problems, 'an RSS feed has exactly one <channel>'];
  const channel = channels[0]!;
  for (const name of ['title', 'link', 'description']) if (childText(channel, name) === null) problems.push(`the channel has no <${name}>`);
  for (const child of children(channel)) if (!RSS_CHANNEL.has(child.tagName)) problems.push(`unknown channel element <${child.tagName}>`);
  const self = children(channel).find((child) => child.tagName === 'atom:link' && child.getAttribute('rel') === 'self');
  if (!self || self.getAttribute('href') === null || self.getAttribute('type') !== 'application/rss+xml') problems.push('the channel has no atom:link rel=self of type application/rss+xml');
  if (self && self.namespaceURI !== 'http://www.w3.org/2005/Atom') problems.push('atom:link is not in the Atom namespace');
  const build = childText(channel, 'lastBuildDate');
  if (build !== null && !RFC822.test(build)) problems.push(`lastBuildDate is not RFC 822: ${build}`);
  const link = childText(channel, 'link');
  if (link !== null && !ABSOLUTE_URL.test(link)) problems.push(`the channel link is not an absolute URL: ${link}`);
  for (const [index, item] of children(channel).filter((child) => child.tagName === 'item').entries()) {
    for (const element of children(item)) if (!RSS_ITEM.has(element.tagName)) problems.push(`item ${index}: unknown element <${element.tagName}>`);
    if (childText(item, 'title') === null && childText(item, 'description') === null) problems.push(`item ${index} has neither title nor description`);
    const pubDate = childText(item, 'pubDate');
    if (pubDate !== null && !RFC822.test(pubDate)) problems.push(`item ${index}: pubDate is not RFC 822: ${pubDate}`);
    const guid = children(item).find((element) => element.tagName === 'guid');
    if (!guid || !guid.textContent) problems.push(`item ${index} has no guid`);
    else if (guid.getAttribute('isPermaLink') !== 'false' && !ABSOLUTE_URL.test(guid.textContent)) problems.push(`item ${index}: a permalink guid is not a URL`);
    const itemLink = childText(item, 'link');
    if (itemLink !== null && !ABSOLUTE_URL.test(itemLink)) problems.push(`item ${index}: link is not an absolute URL: ${itemLink}`);
  }
  return problems;
}

export function atomProblems(text: string): string[] {
  const parsed = parseXml(text);
  if (typeof parsed === 'string') return [parsed];
  const problems: string[] = [];
  const feed = parsed.documentElement;
  if (feed.tagName !== 'feed' || feed.namespaceURI !== 'http://www.w3.org/2005/Atom') return ['the root is not an Atom <feed>'];
  for (const name of ['id', 'title', 'updated']) {
    if (children(feed).filter((element) => element.tagName === name).length !== 1) problems.push(`the feed has not exactly one <${name}>`);
  }
  for (const element of children(feed)) if (!ATOM_FEED.has(element.tagName)) problems.push(`unknown feed element <${element.tagName}>`);
  const updated = childText(feed, 'updated');
  if (updated !== null && !RFC3339.test(updated)) problems.push(`feed updated is not RFC 3339: ${updated}`);
  const links = children(feed).filter((element) => element.tagName === 'link');
  if (!links.some((link) => link.getAttribute('rel') === 'self' && ABSOLUTE_URL.test(link.getAttribute('href') ?? ''))) problems.push('the feed has no link rel=self');
  const feedAuthor = children(feed).some((element) => element.tagName === 'author' && childText(element, 'name'));
  const id = childText(feed, 'id');
  if (id !== null && !/^[a-z][a-z0-9+.-]*:/i.test(id)) problems.push('the feed id is not an IRI');
  for (const [index, entry] of children(feed).filter((element) => element.tagName === 'entry').entries()) {
    for (const element of children(entry)) if (!ATOM_ENTRY.has(element.tagName)) problems.push(`entry ${index}: unknown element <${element.tagName}>`);
    for (const name of ['id', 'title', 'updated']) {
      if (children(entry).filter((element) => element.tagName === name).length !== 1) problems.push(`entry ${index} has not exactly one <${name}>`);
    }
    for (const name of ['updated', 'published']) {
      const value = childText(entry, name);
      if (value !== null && !RFC3339.test(value)) problems.push(`entry ${index}: ${name} is not RFC 3339: ${value}`);
    }
    const entryLinks = children(entry).filter((element) => element.tagName === 'link');
    const hasContent = children(entry).some((element) => element.tagName === 'content');
    if (!hasContent && !entryLinks.some((link) => (link.getAttribute('rel') ?? 'alternate') === 'alternate')) problems.push(`entry ${index} has neither content nor an alternate link`);
    if (!feedAuthor && !children(entry).some((element) => element.tagName === 'author')) problems.push(`entry ${index} has no author, nor has the feed`);
    const entryId = childText(entry, 'id');
    if (entryId !== null && !/^[a-z][a-z0-9+.-]*:/i.test(entryId)) problems.push(`entry ${index}: id is not an IRI`);
  }
  return problems;
}

const JSON_FEED_TOP = new Set(['version', 'title', 'home_page_url', 'feed_url', 'description', 'user_comment', 'next_url', 'icon', 'favicon', 'authors', 'language', 'expired', 'hubs', 'items']);
const JSON_FEED_ITEM = new Set(['id', 'url', 'external_url', 'title', 'content_html', 'content_text', 'summary', 'image', 'banner_image', 'date_published', 'date_modified', 'authors', 'tags', 'language', 'attachments']);

export function jsonFeedProblems(text: string): string[] {
  let feed: Record<string, unknown>;
  try {
    feed = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    return [`not JSON: ${String(error)}`];
  }
  const problems: string[] = [];
  if (feed.version !== 'https://jsonfeed.org/version/1.1') problems.push('version is not https://jsonfeed.org/version/1.1');
  if (typeof feed.title !== 'string' || feed.title === '') problems.push('title is required');
  if (!Array.isArray(feed.items)) return [...problems, 'items is required'];
  for (const key of Object.keys(feed)) if (!JSON_FEED_TOP.has(key) && !key.startsWith('_')) problems.push(`unknown top-level field ${key}`);
  for (const key of ['home_page_url', 'feed_url']) if (feed[key] !== undefined && !ABSOLUTE_URL.test(String(feed[key]))) problems.push(`${key} is not a URL`);
  if ('author' in feed) problems.push('author is deprecated in 1.1: authors');
  problems.push(...authorsProblems(feed.authors, 'feed'));
  for (const [index, raw] of (feed.items as unknown[]).entries()) {
    const item = raw as Record<string, unknown>;
    for (const key of Object.keys(item)) if (!JSON_FEED_ITEM.has(key) && !key.startsWith('_')) problems.push(`item ${index}: unknown field ${key}`);
    if (typeof item.id !== 'string' || item.id === '') problems.push(`item ${index}: id must be a non-empty string`);
    if (typeof item.content_html !== 'string' && typeof item.content_text !== 'string') problems.push(`item ${index}: content_html or content_text is required`);
    for (const key of ['date_published', 'date_modified']) {
      if (item[key] !== undefined && !RFC3339.test(String(item[key]))) problems.push(`item ${index}: ${key} is not RFC 3339`);
    }
    for (const key of ['url', 'external_url']) if (item[key] !== undefined && !ABSOLUTE_URL.test(String(item[key]))) problems.push(`item ${index}: ${key} is not a URL`);
    if ('author' in item) problems.push(`item ${index}: author is deprecated in 1.1: authors`);
    problems.push(...authorsProblems(item.authors, `item ${index}`));
  }
  return problems;
}

function authorsProblems(authors: unknown, where: string): string[] {
  if (authors === undefined) return [];
  if (!Array.isArray(authors)) return [`${where}: authors must be an array`];
  return authors.flatMap((author: Record<string, unknown>) =>
    typeof author.name !== 'string' && typeof author.url !== 'string' ? [`${where}: an author needs a name or a url`] : [],
  );
}

/** The problems of a feed in its format. */
export function feedProblems(format: 'rss' | 'atom' | 'json', text: string): string[] {
  return format === 'rss' ? rssProblems(text) : format === 'atom' ? atomProblems(text) : jsonFeedProblems(text);
}

/** The items' ids and titles, as a reader reads them, in any format. */
export function feedEntries(format: 'rss' | 'atom' | 'json', text: string): { id: string; title: string; link: string; html: string | null }[] {
  if (format === 'json') {
    const feed = JSON.parse(text) as { items: { id: string; title: string; url: string; content_html?: string }[] };
    return feed.items.map((item) => ({ id: item.id, title: item.title, link: item.url, html: item.content_html ?? null }));
  }
  const document = parseXml(text);
  if (typeof document === 'string') throw new Error(document);
  const items = Array.from(document.getElementsByTagName(format === 'rss' ? 'item' : 'entry'));
  return items.map((item) => ({
    id: childText(item, format === 'rss' ? 'guid' : 'id') ?? '',
    title: childText(item, 'title') ?? '',
    link: format === 'rss' ? (childText(item, 'link') ?? '') : (children(item).find((element) => element.tagName === 'link' && element.getAttribute('rel') === 'alternate')?.getAttribute('href') ?? ''),
    html: childText(item, format === 'rss' ? 'description' : 'content'),
  }));
}
