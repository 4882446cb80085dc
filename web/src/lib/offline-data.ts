/**
 * The data the service worker keeps for a person (web/sw/sw.ts), deleted when they sign out or another account
 * signs in: nothing of one person is there for the next. Small and free of Workbox, so the app's shell imports it.
 */
import { storedItem } from './storage';
import { DATA_CACHE_PREFIX, OUTBOX_CACHE, type PageMessage } from './offline-protocol';
import { setPendingWrites } from './offline-status';

/** Whose data the caches hold (their account id); another account signing in empties them first. */
const OFFLINE_ACCOUNT_KEY = 'hnt.offline-account';
/** The longest a sign-out waits for the worker to send what is queued and empty its caches. */
const CLEAR_WAIT_MS = 3_000;

/** Sends a message to the worker controlling this page; its answer, or null without one within `timeoutMs`. */
export function askWorker<T>(message: PageMessage, timeoutMs: number): Promise<T | null> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<T>) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/**
 * Deletes every kept answer and queued change (after sending what the connection allows): before signing out, so
 * nothing of this person is there for the next one.
 */
export async function clearPersonalData(): Promise<void> {
  try {
    localStorage.removeItem(OFFLINE_ACCOUNT_KEY);
  } catch {
    // No storage: nothing kept there.
  }
  if (typeof caches === 'undefined') return;
  await askWorker({ type: 'clear-personal-data' }, CLEAR_WAIT_MS);
  // Also without a worker in control (its caches outlive it).
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(DATA_CACHE_PREFIX) || name === OUTBOX_CACHE).map((name) => caches.delete(name)));
  setPendingWrites(0);
}

/**
 * Called with whoever is signed in (null for a visitor): when the caches were filled for another account (a session
 * that ended without Sign Out, then someone else signed in), they are emptied before anything of theirs is shown.
 */
export function checkCachedAccount(userId: string | null): void {
  const cachedFor = storedItem(OFFLINE_ACCOUNT_KEY);
  if (userId === null) {
    if (cachedFor !== null) void clearPersonalData();
    return;
  }
  if (cachedFor === userId) return;
  const remember = () => {
    try {
      localStorage.setItem(OFFLINE_ACCOUNT_KEY, userId);
    } catch {
      // No storage: checked again next time.
    }
  };
  if (cachedFor === null) remember();
  else void clearPersonalData().then(remember);
}
