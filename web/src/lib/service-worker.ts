/**
 * The page's side of the service worker (web/sw/sw.ts): registers it once the app runs, offers a new version
 * ("A new version is available - Reload") instead of letting an old shell be served for ever, asks it to send the
 * changes queued offline when the connection is back, and reports how they went. Loaded by boot.tsx after the
 * first render, in the production build only (lib/offline-data.ts empties the worker's caches).
 */
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Workbox } from 'workbox-window';
import { askWorker } from './offline-data';
import { OUTBOX_CACHE, OUTCOMES_KEY, SERVICE_WORKER_PATH, type WorkerMessage, type WriteOutcome } from './offline-protocol';
import { offerUpdate, setPendingWrites } from './offline-status';

/** How often an open page asks whether a new version is out (browsers also ask on each navigation). */
const UPDATE_CHECK_MS = 60 * 60_000;
/** After a try to send the queued changes leaves some, the next one waits this long, twice as long each time up to the most. */
const RESEND_FIRST_MS = 2_000;
const RESEND_MOST_MS = 60_000;

let started = false;

export function registerServiceWorker(queryClient: QueryClient): void {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  const workbox = new Workbox(SERVICE_WORKER_PATH, { scope: '/' });
  // A new version installed while this page runs an old one: offered, never forced (a form may be half-filled).
  workbox.addEventListener('waiting', () =>
    offerUpdate(() => {
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      workbox.messageSkipWaiting();
    }),
  );
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => onWorkerMessage(event.data, queryClient));
  window.addEventListener('online', () => void sendQueuedWrites(queryClient));
  void workbox
    .register()
    .then(async () => {
      await showKeptOutcomes(queryClient);
      // Changes queued on an earlier visit, where the browser has no Background Sync, go now.
      if (navigator.onLine) await sendQueuedWrites(queryClient);
      else await refreshPendingCount();
    })
    .catch(() => undefined);
  setInterval(() => void workbox.update().catch(() => undefined), UPDATE_CHECK_MS);
}

function onWorkerMessage(message: WorkerMessage, queryClient: QueryClient): void {
  if (message?.type === 'writes-queued') setPendingWrites(message.pending);
  else if (message?.type === 'writes-replayed') reportOutcomes(message.outcomes, queryClient);
}

/** Says how the queued changes went: all sent, or which were refused and why (a deleted story, a limit reached). */
function reportOutcomes(outcomes: WriteOutcome[], queryClient: QueryClient): void {
  void refreshPendingCount();
  // Everything on screen may have changed: the lists, the cards' statuses, the mutes.
  void queryClient.invalidateQueries();
  const refused = outcomes.filter((outcome) => !outcome.ok);
  const sent = outcomes.length - refused.length;
  if (refused.length === 0) {
    toast.success(`${sent} change${sent === 1 ? '' : 's'} made offline ${sent === 1 ? 'was' : 'were'} saved.`);
    return;
  }
  toast.error(`${refused.length} change${refused.length === 1 ? '' : 's'} made offline could not be saved`, {
    description: [...refused.map((outcome) => `${outcome.label}: ${outcome.message ?? `status ${outcome.status}`}`), ...(sent > 0 ? [`${sent} other${sent === 1 ? ' was' : 's were'} saved.`] : [])].join(' '),
    duration: 30_000,
  });
}

/** Outcomes the worker kept because no page was open when it sent the changes (Background Sync). */
async function showKeptOutcomes(queryClient: QueryClient): Promise<void> {
  if (typeof caches === 'undefined') return;
  const outbox = await caches.open(OUTBOX_CACHE);
  const kept = await outbox.match(OUTCOMES_KEY);
  if (!kept) return;
  await outbox.delete(OUTCOMES_KEY);
  const outcomes = (await kept.json().catch(() => [])) as WriteOutcome[];
  if (outcomes.length > 0) reportOutcomes(outcomes, queryClient);
}

let resendDelayMs = RESEND_FIRST_MS;
let resendTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Asks the worker to send the queued changes. Some may stay queued although the browser says it is online: the
 * connection comes back for the page before it does for the worker, or the server is busy (5xx, 429). They are tried
 * again, later each time, while the browser stays online; the next 'online' event starts over.
 */
async function sendQueuedWrites(queryClient: QueryClient): Promise<void> {
  clearTimeout(resendTimer);
  const answer = await askWorker<{ pending: number }>({ type: 'replay-writes' }, 30_000);
  if (answer) setPendingWrites(answer.pending);
  if (answer && answer.pending === 0) {
    resendDelayMs = RESEND_FIRST_MS;
    void queryClient.invalidateQueries();
    return;
  }
  if (!navigator.onLine) {
    resendDelayMs = RESEND_FIRST_MS;
    return;
  }
  resendTimer = setTimeout(() => void sendQueuedWrites(queryClient), resendDelayMs);
  resendDelayMs = Math.min(resendDelayMs * 2, RESEND_MOST_MS);
}

async function refreshPendingCount(): Promise<void> {
  const answer = await askWorker<{ pending: number }>({ type: 'pending-writes' }, 5_000);
  if (answer) setPendingWrites(answer.pending);
}

