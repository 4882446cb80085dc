/**
 * What the status line above the page shows (components/app-status-bar.tsx): whether the browser is offline, how
 * old the data on screen is when the service worker answered from its cache, how many changes wait to be sent,
 * and whether a new version of the app is ready. Filled by lib/api.ts (each answer) and lib/service-worker.ts.
 */
import { useSyncExternalStore } from 'react';

export interface OfflineStatus {
  online: boolean;
  /** When the oldest cached answer shown since the last fresh one was saved (ms since the epoch); null when all is fresh. */
  savedAt: number | null;
  /** Changes made offline, waiting for the connection. */
  pendingWrites: number;
  /** Takes the new version (set when one is waiting). */
  reloadToUpdate: (() => void) | null;
}

/** On the server and during hydration: nothing to say (the server's markup has no status line). */
const SERVER_STATUS: OfflineStatus = { online: true, savedAt: null, pendingWrites: 0, reloadToUpdate: null };

let status: OfflineStatus = { ...SERVER_STATUS, online: typeof navigator === 'undefined' || navigator.onLine !== false };
const listeners = new Set<() => void>();

function update(change: Partial<OfflineStatus>): void {
  const next = { ...status, ...change };
  if ((Object.keys(change) as (keyof OfflineStatus)[]).every((key) => next[key] === status[key])) return;
  status = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('online', onConnection);
    window.addEventListener('offline', onConnection);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', onConnection);
      window.removeEventListener('offline', onConnection);
    }
  };
}

function onConnection(): void {
  update({ online: navigator.onLine });
}

export function useOfflineStatus(): OfflineStatus {
  return useSyncExternalStore(
    subscribe,
    () => status,
    () => SERVER_STATUS,
  );
}

export function getOfflineStatus(): OfflineStatus {
  return status;
}

/**
 * Notes one answer of the API: `cachedAt` is the service worker's stamp on an answer it took from its cache, null on
 * one from the server. A fresh answer while online means the page is current again.
 */
export function noteAnswer(cachedAt: string | null): void {
  if (cachedAt === null) {
    if (status.savedAt !== null && typeof navigator !== 'undefined' && navigator.onLine) update({ savedAt: null });
    return;
  }
  const savedAt = Number(cachedAt);
  if (!Number.isFinite(savedAt)) return;
  update({ savedAt: status.savedAt === null ? savedAt : Math.min(status.savedAt, savedAt) });
}

/** A page rendered with its data older than this was not just sent by the server: the worker kept it. */
const KEPT_PAGE_AGE_MS = 5 * 60_000;

/**
 * Notes the data a page came rendered with (its queries' times): a page the service worker kept (the home or a
 * story page opened offline) says how old it is, as an answer from its cache does.
 */
export function notePageData(updatedAts: readonly number[]): void {
  const known = updatedAts.filter((time) => time > 0);
  if (known.length === 0) return;
  const newest = Math.max(...known);
  if (Date.now() - newest > KEPT_PAGE_AGE_MS) noteAnswer(String(newest));
}

export function setPendingWrites(pendingWrites: number): void {
  update({ pendingWrites });
}

export function offerUpdate(reload: () => void): void {
  update({ reloadToUpdate: reload });
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function ageText(savedAt: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - savedAt) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}
