/**
 * The feed of what a page shows (docs/feeds.md): the web app's feed buttons and the /feeds page build their
 * addresses here, so a button gives the feed of the very list, search or keyword on screen.
 */
import { FAST_RISERS_MIN_VELOCITY, sortEndpoint, type StorySort } from './sorts.ts';
import type { SearchFilters } from './search.ts';
import type { TimeFilter } from './time-windows.ts';

export const FEED_FORMAT_NAMES = { rss: 'RSS 2.0', atom: 'Atom', json: 'JSON Feed 1.1' } as const;
export type FeedFormatName = keyof typeof FEED_FORMAT_NAMES;

/** Each format's media type (JSON Feed's own, not application/json). */
export const FEED_FORMAT_MEDIA_TYPES: Readonly<Record<FeedFormatName, string>> = {
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
  json: 'application/feed+json',
};

/** A person's private feeds, at /feeds/private/<token>/<name>.<format> (docs/feeds.md, "Private feeds"). */
export const PRIVATE_FEEDS = ['bookmarks', 'watches', 'alerts', 'predictions'] as const;
export type PrivateFeed = (typeof PRIVATE_FEEDS)[number];

/** A feed's address without its format: the path (add `.rss`, `.atom` or `.json`) and its query ('' for none). */
export interface FeedAddress {
  path: string;
  query: string;
}

/** The address of one format of a feed, on `origin` ('' for a path only). */
export function feedUrl(address: FeedAddress, format: FeedFormatName, origin = ''): string {
  return `${origin}${address.path}.${format}${address.query ? `?${address.query}` : ''}`;
}

/** The feed's time window parameter is left out at its default, as the list's own default. */
const DEFAULT_FEED_TIME_FILTER: TimeFilter = '3d';

/** The feed of a story list as its filter bar shows it: the sort, its window, min score and domain. */
export function listFeedAddress(filters: { sort: StorySort; timeFilter: TimeFilter; minScore: number; domain?: string }): FeedAddress {
  const params = new URLSearchParams();
  if (filters.timeFilter !== DEFAULT_FEED_TIME_FILTER) params.set('timeFilter', filters.timeFilter);
  if (filters.minScore > 0) params.set('points', String(filters.minScore));
  if (filters.domain) params.set('domain', filters.domain);
  if (filters.sort === 'fast-risers') params.set('minVelocity', String(FAST_RISERS_MIN_VELOCITY));
  return { path: `/feeds/${sortEndpoint(filters.sort)}`, query: params.toString() };
}

/**
 * A search's text as a feed's q: the search finds its text as one piece (any part of the title, domain or author),
 * and so does a quoted phrase in q. A single plain word needs no quotes.
 */
export function searchTextAsFeedQuery(text: string): string {
  const trimmed = text.trim().replace(/"/g, ' ').replace(/\s+/g, ' ').trim();
  if (trimmed === '') return '';
  return /^[\p{L}\p{N}_.+#]+$/u.test(trimmed) && trimmed !== 'OR' ? trimmed : `"${trimmed}"`;
}

/** The feed of an advanced search as the page shows it. */
export function searchFeedAddress(filters: SearchFilters): FeedAddress {
  const params = new URLSearchParams();
  const q = searchTextAsFeedQuery(filters.q);
  if (q) params.set('q', q);
  if (filters.domain.trim()) params.set('domain', filters.domain.trim());
  if (filters.author.trim()) params.set('author', filters.author.trim());
  if (filters.minScore > 0) params.set('points', String(filters.minScore));
  if (filters.hours !== 'all') params.set('hours', filters.hours);
  params.set('sort', filters.sort);
  if (filters.order !== 'desc') params.set('order', filters.order);
  return { path: '/feeds/search', query: params.toString() };
}

/**
 * The feed of a keyword's stories, or null for a keyword no path segment can carry (one with a slash or a
 * backslash: the server refuses an encoded one).
 */
export function keywordFeedAddress(keyword: string): FeedAddress | null {
  const name = keyword.trim().toLowerCase();
  if (name === '' || name.length > 100 || /[/\\]/.test(name)) return null;
  return { path: `/feeds/keywords/${encodeURIComponent(name)}`, query: '' };
}
