import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { storedItem } from '@/lib/storage';

/**
 * What this browser remembers of a person's reading (localStorage): the stories opened from the list, whether
 * opened stories are hidden, and the stories each list view showed last. Kept per browser, not in the account's
 * preferences: it is a habit of one device, like the browser's own visited links, and the spec's preferences
 * entity has no place for it. Reading it on the server is impossible, so the server renders, and the page
 * hydrates, as if nothing were remembered; the remembered state applies right after hydration.
 */
const OPENED_KEY = 'hn-trends:opened-stories';
const HIDE_OPENED_KEY = 'hn-trends:hide-opened';
const LAST_SHOWN_KEY = 'hn-trends:last-shown-lists';

/** Bounds, so the stored records never grow without end: the oldest entries go first. */
export const MAX_OPENED_STORIES = 1000;
export const MAX_REMEMBERED_VIEWS = 20;

function parse(raw: string | null): unknown {
  try {
    return JSON.parse(raw ?? 'null');
  } catch {
    return null;
  }
}

const read = (key: string): unknown => parse(storedItem(key));

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage may be off or full: then nothing is remembered, and the list reads as on a first visit.
  }
}

const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/**
 * A snapshot of one stored value for useSyncExternalStore: the same object for as long as the stored text stays
 * the same (React compares snapshots by identity), parsed again when it changes.
 */
function storedSnapshot<T>(key: string, fromStored: (stored: unknown) => T): () => T {
  let raw: string | null | undefined;
  let value: T;
  return () => {
    const now = storedItem(key);
    if (now !== raw || raw === undefined) {
      raw = now;
      value = fromStored(parse(now));
    }
    return value;
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab opening a story or flipping the switch updates this one too.
  if (listeners.size === 1) window.addEventListener('storage', changed);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', changed);
  };
}

const NOTHING_OPENED: ReadonlyMap<number, number> = new Map();

/** Story id → when it was opened (ms), from storage; unreadable entries are ignored. */
const openedStories = storedSnapshot<ReadonlyMap<number, number>>(OPENED_KEY, (stored) => {
  const entries = Array.isArray(stored)
    ? stored.filter((entry): entry is [number, number] => Array.isArray(entry) && Number.isInteger(entry[0]) && Number.isFinite(entry[1]))
    : [];
  return new Map(entries);
});

/** Remembers that a story was opened (its title or its comments), keeping the most recent MAX_OPENED_STORIES. */
export function recordOpened(storyId: number, nowMs = Date.now()): void {
  const opened = new Map(openedStories());
  opened.delete(storyId);
  opened.set(storyId, nowMs);
  write(OPENED_KEY, [...opened].slice(-MAX_OPENED_STORIES));
  changed();
}

/** The stories opened in this browser (id → when, ms); empty on the server and while hydrating. */
export function useOpenedStories(): ReadonlyMap<number, number> {
  return useSyncExternalStore(subscribe, openedStories, () => NOTHING_OPENED);
}

const hideOpened = storedSnapshot(HIDE_OPENED_KEY, (stored) => stored === true);

/** The "Hide stories I opened" switch of this browser (off on the server and while hydrating). */
export function useHideOpened(): [boolean, (hide: boolean) => void] {
  const hide = useSyncExternalStore(subscribe, hideOpened, () => false);
  const setHide = useCallback((next: boolean) => {
    write(HIDE_OPENED_KEY, next);
    changed();
  }, []);
  return [hide, setHide];
}

/**
 * The stories of a list as shown with the "Hide stories I opened" switch: `visible` leaves out, while it is on,
 * the stories opened before this list (`stories`, a new array for each load) was shown or before the switch was
 * turned on. A story opened now stays, in the visited colour, until the next load, so the list does not jump
 * under the reader.
 */
export function useOpenedStoriesShown<T extends { id: number }>(stories: readonly T[] | undefined) {
  const opened = useOpenedStories();
  const [hideOpened, setHideOpened] = useHideOpened();
  const [since, setSince] = useState(() => ({ stories, hideOpened, at: Date.now() }));
  if (since.stories !== stories || since.hideOpened !== hideOpened) setSince({ stories, hideOpened, at: Date.now() });
  const visible = hideOpened ? (stories ?? []).filter((story) => !((opened.get(story.id) ?? Infinity) < since.at)) : (stories ?? []);
  return { opened, hideOpened, setHideOpened, visible, hiddenCount: (stories?.length ?? 0) - visible.length };
}

interface ShownList {
  ids: number[];
  at: number;
}

function lastShownLists(): Record<string, ShownList> {
  const stored = read(LAST_SHOWN_KEY);
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
  const lists: Record<string, ShownList> = {};
  for (const [view, list] of Object.entries(stored as Record<string, unknown>)) {
    const { ids, at } = (list ?? {}) as Partial<ShownList>;
    if (Array.isArray(ids) && typeof at === 'number') lists[view] = { ids: ids.filter(Number.isInteger), at };
  }
  return lists;
}

/**
 * Which of `storyIds` were not on this view (`viewKey`: sort, window, min score and page) the last time this
 * browser showed it: the stories new since the last visit, and after each refresh, what the refresh brought.
 * The first showing of a view marks nothing (there is nothing to compare with). Each new list of ids (a
 * refresh, a return to the view) is compared with the one before and then remembered in its place, for the
 * MAX_REMEMBERED_VIEWS most recent views. Runs after rendering, so it never affects hydration.
 */
export function useNewSinceLastVisit(viewKey: string, storyIds: readonly number[] | undefined): ReadonlySet<number> {
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set());
  // React may run an effect twice for the same list (development's strict mode): the second run must not
  // compare the list with itself.
  const compared = useRef<readonly number[] | undefined>(undefined);

  useEffect(() => {
    if (!storyIds || compared.current === storyIds) return;
    compared.current = storyIds;
    const lists = lastShownLists();
    const before = lists[viewKey];
    const seen = new Set(before?.ids);
    setFresh(new Set(before ? storyIds.filter((id) => !seen.has(id)) : []));
    lists[viewKey] = { ids: [...storyIds], at: Date.now() };
    const kept = Object.entries(lists)
      .sort(([, a], [, b]) => b.at - a.at)
      .slice(0, MAX_REMEMBERED_VIEWS);
    write(LAST_SHOWN_KEY, Object.fromEntries(kept));
  }, [viewKey, storyIds]);

  return fresh;
}
