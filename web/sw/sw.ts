/**
 * The service worker, served at /sw.js (built by scripts/build-web.ts, which fills in the precache list). What it
 * keeps, for how long and why is described in docs/web.md, "Offline".
 *
 * - The app shell (index.html as /app-shell.html, every script, stylesheet and icon of the build) is precached; a
 *   navigation the network cannot answer gets the page as last seen (the home and story pages, rendered with their
 *   data), else the shell, whose app then reads the cached data below.
 * - Story lists, bookmarks, watched stories, story pages and the cards' statuses: network first, the cached copy
 *   after NETWORK_TIMEOUT_SECONDS or when offline. Keyword and trend data: stale-while-revalidate.
 * - Bookmark, watch, note, hide and mute changes that cannot reach the server are queued (IndexedDB) and replayed in
 *   order by Background Sync, when the page comes back online, or when the worker next starts; each outcome is
 *   told to the open pages (or kept for the next one).
 * - Nothing of the admin area, no answer with Set-Cookie, no failed answer is kept; signing out deletes the data.
 * - A new version waits until the page's "Reload" asks it to take over (SKIP_WAITING).
 */
import { Queue } from 'workbox-background-sync';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  APP_SHELL_PATH,
  CACHED_AT_HEADER,
  DATA_BUDGET_BYTES,
  DATA_CACHE_PREFIX,
  DATA_CACHES,
  describeWrite,
  ENTRY_MAX_BYTES,
  isQueueableWrite,
  NETWORK_TIMEOUT_SECONDS,
  OUTBOX_CACHE,
  OUTCOMES_KEY,
  QUEUED_HEADER,
  WRITE_QUEUE_NAME,
  type PageMessage,
  type WorkerMessage,
  type WriteOutcome,
} from '../src/lib/offline-protocol.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

const DAY_SECONDS = 24 * 60 * 60;
/** Header recording an entry's size, for the byte budget. */
const BYTES_HEADER = 'x-hnt-bytes';
/** Story pages warmed per bookmarks or watches answer, at most. */
const WARM_MAX_STORIES = 100;
/** Bookmark pages fetched ahead when page 1 arrives, at most. */
const WARM_MAX_BOOKMARK_PAGES = 8;

clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/**
 * What is kept of an answer: only a 200 from this origin without Set-Cookie, at most ENTRY_MAX_BYTES, stamped with
 * the time it was saved (the page's offline line says how old its data is) and its size (the byte budget).
 */
async function stamp(response: Response): Promise<Response | null> {
  if (response.status !== 200 || response.type !== 'basic' || response.redirected || response.headers.has('set-cookie')) return null;
  const body = await response.clone().arrayBuffer();
  if (body.byteLength > ENTRY_MAX_BYTES) return null;
  const headers = new Headers(response.headers);
  // The body is kept as decoded: the server's compression and length no longer describe it.
  headers.delete('content-encoding');
  headers.delete('content-length');
  headers.set(CACHED_AT_HEADER, String(Date.now()));
  headers.set(BYTES_HEADER, String(body.byteLength));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

const stampAnswers: WorkboxPlugin = {
  cacheWillUpdate: ({ response }) => stamp(response),
  cacheDidUpdate: async () => scheduleBudgetCheck(),
};

/** Entry and age limits of the caches filled outside a strategy (the cards' statuses, warmed story pages). */
const expirations = new Map<string, CacheExpiration>();
function expirationOf(cacheName: string, maxEntries: number): CacheExpiration {
  let expiration = expirations.get(cacheName);
  if (!expiration) expirations.set(cacheName, (expiration = new CacheExpiration(cacheName, { maxEntries, maxAgeSeconds: 30 * DAY_SECONDS })));
  return expiration;
}

/** Fetches `request` and keeps the answer under `key` (the request's URL unless given). */
async function fetchAndKeep(cacheName: string, maxEntries: number, request: Request, key: string = request.url, timeoutMs = NETWORK_TIMEOUT_SECONDS * 1_000): Promise<Response> {
  const response = await withTimeout(fetch(request), timeoutMs);
  const kept = await stamp(response.clone());
  if (kept) {
    await (await caches.open(cacheName)).put(key, kept);
    const expiration = expirationOf(cacheName, maxEntries);
    await expiration.updateTimestamp(key);
    void expiration.expireEntries();
    scheduleBudgetCheck();
  }
  return response;
}

let budgetTimer: ReturnType<typeof setTimeout> | undefined;
function scheduleBudgetCheck(): void {
  clearTimeout(budgetTimer);
  budgetTimer = setTimeout(() => void enforceBudget(), 1_000);
}

/** Deletes the oldest entries of the data caches until they hold DATA_BUDGET_BYTES at most together. */
async function enforceBudget(): Promise<void> {
  const entries: { cache: Cache; request: Request; bytes: number; savedAt: number }[] = [];
  for (const name of Object.values(DATA_CACHES)) {
    // Opening creates: a cache deleted by a sign-out stays deleted.
    if (!(await caches.has(name))) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      if (!response) continue;
      entries.push({ cache, request, bytes: Number(response.headers.get(BYTES_HEADER) ?? 0), savedAt: Number(response.headers.get(CACHED_AT_HEADER) ?? 0) });
    }
  }
  let total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  entries.sort((a, b) => a.savedAt - b.savedAt);
  for (const entry of entries) {
    if (total <= DATA_BUDGET_BYTES) break;
    await entry.cache.delete(entry.request);
    total -= entry.bytes;
  }
}

const networkFirst = (cacheName: string, maxEntries: number, maxAgeSeconds: number, plugins: WorkboxPlugin[] = []) =>
  new NetworkFirst({
    cacheName,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [stampAnswers, new ExpirationPlugin({ maxEntries, maxAgeSeconds, purgeOnQuotaError: true }), ...plugins],
  });

/** The API paths that are never kept: the admin area, sign-in and sign-out, exports, anything not listed below. */
const NEVER_KEPT = /^\/api\/(?:admin|auth\/(?!me$)|login|logout|callback|user\/export)/;
const sameOriginApi = (url: URL, pattern: RegExp) => url.origin === self.location.origin && !NEVER_KEPT.test(url.pathname) && pattern.test(url.pathname);

/**
 * The pages the server renders with their data (the home, a story's page): kept, so that offline they open as last
 * seen, the app starting from the data in them. The admin area is never kept (it is no such page anyway).
 */
const KEPT_PAGE = /^\/(?:stories\/\d+)?$/;
const PAGES_MAX_ENTRIES = 8;

// Pages: the network, else (offline, or no answer within 8 s) the kept page, else the precached shell.
registerRoute(
  new NavigationRoute(
    async ({ request, url }) => {
      const kept = KEPT_PAGE.test(url.pathname);
      try {
        if (!kept) return await withTimeout(fetch(request), 8_000);
        return await fetchAndKeep(DATA_CACHES.pages, PAGES_MAX_ENTRIES, request, url.href, 8_000);
      } catch (error) {
        const page = (kept ? await caches.match(url.href, { cacheName: DATA_CACHES.pages }) : undefined) ?? (await matchPrecache(APP_SHELL_PATH));
        if (page) return page;
        throw error;
      }
    },
    { denylist: [/^\/api\//, /^\/admin/] },
  ),
);

registerRoute(({ url }) => sameOriginApi(url, /^\/api\/(?:auth\/me|user\/preferences|user\/mutes|maintenance-status|announcements)$/), networkFirst(DATA_CACHES.session, 10, 30 * DAY_SECONDS));

// Story lists (/api/stories/top?..., /api/stories/recent?...): the last three viewed.
registerRoute(({ url }) => sameOriginApi(url, /^\/api\/stories\/[a-z-]+$/) && url.pathname !== '/api/stories/freshness', networkFirst(DATA_CACHES.lists, 3, 7 * DAY_SECONDS));

/** After a bookmarks or watches answer: its stories' pages, and the other pages of bookmarks, fetched into the cache. */
const warmSavedStories: WorkboxPlugin = {
  cacheDidUpdate: async ({ request, event }) => {
    const url = new URL(request.url);
    const response = await (await caches.open(DATA_CACHES.saved)).match(request);
    if (!response) return;
    const data = (await response.json()) as { bookmarks?: { story: { id: number } }[]; watches?: { storyId: number }[]; page?: number; totalPages?: number };
    const storyIds = [...(data.bookmarks ?? []).map((bookmark) => bookmark.story.id), ...(data.watches ?? []).map((watch) => watch.storyId)];
    const work: Promise<unknown>[] = [warmStories(storyIds.slice(0, WARM_MAX_STORIES))];
    if (url.pathname === '/api/bookmarks' && data.page === 1) {
      for (let page = 2; page <= Math.min(data.totalPages ?? 1, WARM_MAX_BOOKMARK_PAGES); page++) {
        const next = new URL(url);
        next.searchParams.set('page', String(page));
        work.push(warmBookmarkPage(next));
      }
    }
    const all = Promise.allSettled(work);
    try {
      event?.waitUntil(all);
    } catch {
      // The event is over: the work goes on while the worker runs.
    }
  },
};

/** Another page of bookmarks, and its stories' pages. */
async function warmBookmarkPage(url: URL): Promise<void> {
  const response = await fetchAndKeep(DATA_CACHES.saved, SAVED_MAX_ENTRIES, new Request(url, { credentials: 'include' }));
  if (!response.ok) return;
  const data = (await response.json()) as { bookmarks?: { story: { id: number } }[] };
  await warmStories((data.bookmarks ?? []).map((bookmark) => bookmark.story.id));
}

/** Fetches the story pages not kept yet (or kept over an hour ago) into the stories cache. */
async function warmStories(storyIds: number[]): Promise<void> {
  const cache = await caches.open(DATA_CACHES.stories);
  for (const id of storyIds) {
    const request = new Request(`/api/stories/${id}/history`, { credentials: 'include' });
    const kept = await cache.match(request);
    if (kept && Date.now() - Number(kept.headers.get(CACHED_AT_HEADER) ?? 0) < 60 * 60_000) continue;
    await fetchAndKeep(DATA_CACHES.stories, STORIES_MAX_ENTRIES, request).catch(() => undefined);
  }
}

const SAVED_MAX_ENTRIES = 60;
const STORIES_MAX_ENTRIES = 150;
const savedStrategy = networkFirst(DATA_CACHES.saved, SAVED_MAX_ENTRIES, 30 * DAY_SECONDS, [warmSavedStories]);
const storyStrategy = networkFirst(DATA_CACHES.stories, STORIES_MAX_ENTRIES, 30 * DAY_SECONDS);
registerRoute(({ url }) => sameOriginApi(url, /^\/api\/(?:bookmarks|story-watches)$/), savedStrategy);
registerRoute(({ url }) => sameOriginApi(url, /^\/api\/(?:bookmarks|content-flags)\/check\/\d+$/), networkFirst(DATA_CACHES.saved, 60, 30 * DAY_SECONDS));
registerRoute(({ url }) => sameOriginApi(url, /^\/api\/stories\/\d+\/(?:history|notes)$/), storyStrategy);

/**
 * Stale-while-revalidate answers from the cache on every visit, online too: the page's offline line would then
 * say "saved 5 minutes ago" on a page that is up to date a moment later. Online, the copy goes without its stamp.
 */
const unstampedWhileOnline: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse || !self.navigator.onLine) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.delete(CACHED_AT_HEADER);
    return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};

// Keyword and trend data: the kept copy at once, refreshed behind it.
registerRoute(
  ({ url }) => sameOriginApi(url, /^\/api\/(?:keywords\/|predictions\/trends$)/),
  new StaleWhileRevalidate({
    cacheName: DATA_CACHES.keywords,
    plugins: [stampAnswers, new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: DAY_SECONDS, purgeOnQuotaError: true }), unstampedWhileOnline],
  }),
);

/**
 * The cards' statuses are asked with POST (the ids in the body): kept under a key made of the URL and the body's
 * digest, network first like the lists they belong to.
 */
registerRoute(
  ({ url }) => sameOriginApi(url, /^\/api\/(?:story-statuses|bookmarks|story-watches|story-notes|content-flags)\/check-batch$/),
  async ({ request }) => {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(await request.clone().text()));
    const key = `${request.url}?body=${[...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
    try {
      return await fetchAndKeep(DATA_CACHES.saved, SAVED_MAX_ENTRIES, request, key);
    } catch (error) {
      const kept = await caches.match(key, { cacheName: DATA_CACHES.saved });
      if (kept) return kept;
      throw error;
    }
  },
  'POST',
);

/** Rejects when `promise` has not settled within `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('network timeout')), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error instanceof Error ? error : new Error(String(error)))),
    );
  });
}

// ---- Writes made offline ----

const writes = new Queue(WRITE_QUEUE_NAME, { maxRetentionTime: 7 * 24 * 60, onSync: () => replayWrites() });

let replaying: Promise<void> | null = null;
/** Replays the queued writes in order; one run at a time. Rejects (the queue keeps the rest) while the network is gone. */
function replayWrites(): Promise<void> {
  replaying ??= replayQueue().finally(() => {
    replaying = null;
  });
  return replaying;
}

async function replayQueue(): Promise<void> {
  const outcomes: WriteOutcome[] = [];
  try {
    for (let entry = await writes.shiftRequest(); entry; entry = await writes.shiftRequest()) {
      let response: Response;
      try {
        response = await fetch(entry.request.clone());
      } catch (error) {
        await writes.unshiftRequest(entry);
        throw error;
      }
      // The server is down or busy: the change stays first in the queue, for the next try.
      if (response.status >= 500 || response.status === 408 || response.status === 429) {
        await writes.unshiftRequest(entry);
        throw new Error(`the server answered ${response.status}`);
      }
      const label = (entry.metadata as { label?: string } | undefined)?.label ?? describeWrite(entry.request.method, new URL(entry.request.url).pathname);
      outcomes.push({ label, ok: response.ok, status: response.status, ...(response.ok ? {} : { message: await serverMessage(response) }) });
    }
  } finally {
    if (outcomes.length > 0) await report(outcomes);
  }
}

async function serverMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: the status says it.
  }
  return response.statusText || `status ${response.status}`;
}

/** Tells the open pages; with none open, keeps the outcomes for the next page (OUTCOMES_KEY). */
async function report(outcomes: WriteOutcome[]): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window' });
  if (pages.length > 0) {
    broadcast({ type: 'writes-replayed', outcomes }, pages);
    return;
  }
  const outbox = await caches.open(OUTBOX_CACHE);
  const earlier = (await (await outbox.match(OUTCOMES_KEY))?.json().catch(() => [])) as WriteOutcome[] | undefined;
  await outbox.put(OUTCOMES_KEY, Response.json([...(earlier ?? []), ...outcomes]));
}

function broadcast(message: WorkerMessage, pages: readonly Client[]): void {
  for (const page of pages) page.postMessage(message);
}

// Queued while the network is gone, or while earlier changes wait (so none overtakes another). The request is sent
// as the page made it (cookies, JSON body): the browser adds this origin to the replay, as the server's origin
// check asks.
for (const method of ['POST', 'PUT', 'DELETE'] as const) {
  registerRoute(
    ({ url, request }) => url.origin === self.location.origin && isQueueableWrite(request.method, url.pathname),
    async ({ request }) => {
      const copy = request.clone();
      const waiting = (await writes.size()) > 0;
      if (!waiting) {
        try {
          return await fetch(request);
        } catch {
          // Offline: queued below.
        }
      }
      const pathname = new URL(copy.url).pathname;
      await writes.pushRequest({ request: copy, metadata: { label: describeWrite(copy.method, pathname) } });
      broadcast({ type: 'writes-queued', pending: await writes.size() }, await self.clients.matchAll({ type: 'window' }));
      if (waiting) void replayWrites().catch(() => undefined);
      return Response.json({ queued: true }, { status: 202, headers: { [QUEUED_HEADER]: '1' } });
    },
    method,
  );
}

// ---- Messages from the pages ----

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as PageMessage;
  const answer = (value: unknown) => event.ports[0]?.postMessage(value);
  if (message?.type === 'SKIP_WAITING') {
    void self.skipWaiting();
    return;
  }
  const work = (async () => {
    if (message?.type === 'replay-writes') {
      await replayWrites().catch(() => undefined);
      answer({ pending: await writes.size() });
    } else if (message?.type === 'pending-writes') {
      answer({ pending: await writes.size() });
    } else if (message?.type === 'clear-personal-data') {
      // Whatever can still reach the server goes first: the changes were the person's own.
      await replayWrites().catch(() => undefined);
      await clearPersonalData();
      answer({ cleared: true });
    }
  })();
  event.waitUntil(work);
});

/** Deletes every data cache, the outcomes kept and the queued writes (signing out, or another account). */
async function clearPersonalData(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(DATA_CACHE_PREFIX) || name === OUTBOX_CACHE).map((name) => caches.delete(name)));
  while (await writes.shiftRequest()) {
    // Emptied one by one: the queue has no clear().
  }
}
