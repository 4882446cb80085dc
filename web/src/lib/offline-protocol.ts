/**
 * What the page and the service worker (web/sw/sw.ts) agree on: the worker's address, its caches' names, the
 * headers it adds and the messages they exchange. Plain data only: the worker's build imports it too.
 */

/** Served by server/web.ts with `cache-control: no-cache`, so a new build's worker is found on the next visit. */
export const SERVICE_WORKER_PATH = '/sw.js';
/** The app's empty page (index.html), precached: the worker answers offline navigations with it. */
export const APP_SHELL_PATH = '/app-shell.html';
export const MANIFEST_PATH = '/manifest.webmanifest';

/**
 * The caches of data (everything but the precached shell). They hold a person's own answers, so signing out or a
 * different account signing in deletes them all. Each has an entry limit and an age limit, and all together a byte
 * budget (DATA_BUDGET_BYTES).
 */
export const DATA_CACHES = {
  /** The pages the server renders with their data in them: the home (each view of the list) and story pages. */
  pages: 'hnt-data-pages',
  /** Who is signed in, their preferences and mutes, the maintenance status, announcements. */
  session: 'hnt-data-session',
  /** The last three story lists viewed. */
  lists: 'hnt-data-lists',
  /** Bookmarks and watched stories (each page viewed) and the statuses of the cards (bookmarked, watched...). */
  saved: 'hnt-data-saved',
  /** Story pages: every bookmarked or watched story's, and the last ones opened. */
  stories: 'hnt-data-stories',
  /** Keyword and trend data, stale-while-revalidate. */
  keywords: 'hnt-data-keywords',
} as const;
export const DATA_CACHE_PREFIX = 'hnt-data-';
/** The results of queued writes that no open page could be told about, shown by the next page. */
export const OUTBOX_CACHE = 'hnt-outbox';
export const OUTCOMES_KEY = '/__write-outcomes';
/** Workbox's queue of writes made offline (IndexedDB), replayed in order. */
export const WRITE_QUEUE_NAME = 'hnt-writes';

/**
 * The data caches together stay under this (the precached shell, about 1 MB, is counted by the build, which
 * refuses to pass PRECACHE_MAX_BYTES): the whole of the site's storage stays under 5 MB.
 */
export const DATA_BUDGET_BYTES = 3_500_000;
export const PRECACHE_MAX_BYTES = 1_500_000;
/** A single answer larger than this is not kept. */
export const ENTRY_MAX_BYTES = 400_000;

/** On an answer the worker took from its cache: when it was saved (ms since the epoch). */
export const CACHED_AT_HEADER = 'x-hnt-cached-at';
/** On the worker's own 202 answer to a write it queued. */
export const QUEUED_HEADER = 'x-hnt-queued';

/** How long the network gets before a cached list, story or status answers instead. */
export const NETWORK_TIMEOUT_SECONDS = 3;

export interface WriteOutcome {
  /** What the change was, in words ('Bookmark story 12'). */
  label: string;
  ok: boolean;
  status: number;
  /** The server's message for a refused change. */
  message?: string;
}

/** Messages from the worker to its pages. */
export type WorkerMessage = { type: 'writes-queued'; pending: number } | { type: 'writes-replayed'; outcomes: WriteOutcome[] };

/** Messages from a page to the worker; each is answered on the port sent with it. */
export type PageMessage = { type: 'SKIP_WAITING' } | { type: 'replay-writes' } | { type: 'clear-personal-data' } | { type: 'pending-writes' };

/** Describes a queued write for the person: method and path of the API, as the worker sees it. */
export function describeWrite(method: string, pathname: string): string {
  const story = /\/(\d+)(?:\/notes)?$/.exec(pathname)?.[1];
  const target = story ? ` (story ${story})` : '';
  if (pathname.startsWith('/api/bookmarks')) return method === 'DELETE' ? `Remove bookmark${target}` : 'Bookmark a story';
  if (pathname.startsWith('/api/story-watches')) return method === 'DELETE' ? `Stop watching${target}` : 'Watch a story';
  if (pathname.endsWith('/notes')) return method === 'DELETE' ? `Delete note${target}` : `Save note${target}`;
  if (pathname.startsWith('/api/user/mutes')) return method === 'DELETE' ? 'Remove a muting rule' : 'Hide or mute';
  return `${method} ${pathname}`;
}

/** The writes the worker queues when the network is gone: bookmark, watch, note, hide and mute changes. */
export function isQueueableWrite(method: string, pathname: string): boolean {
  if (method === 'POST') return /^\/api\/(?:bookmarks|story-watches|user\/mutes|stories\/\d+\/notes)$/.test(pathname);
  if (method === 'PUT') return /^\/api\/stories\/\d+\/notes$/.test(pathname);
  if (method === 'DELETE') return /^\/api\/(?:bookmarks\/\d+|story-watches\/\d+|user\/mutes\/\d+|stories\/\d+\/notes)$/.test(pathname);
  return false;
}
