/**
 * The browser's offer to install the app (Chromium's `beforeinstallprompt`, fired once the manifest, icons and
 * service worker meet its install criteria): kept, so the account menu can show "Install app" and open the browser's
 * own dialog when it is chosen. Listened to from the app's start (boot.tsx), as the event may come early.
 */
import { useSyncExternalStore } from 'react';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function listenForInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini bar stays away: the menu item offers it instead.
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    notify();
  });
}

/** Opens the browser's install dialog; the offer is used up either way. */
export async function install(): Promise<void> {
  const current = offer;
  if (!current) return;
  offer = null;
  notify();
  await current.prompt();
  await current.userChoice.catch(() => undefined);
}

/** Whether the browser offers to install the app now (false on the server and during hydration). */
export function useInstallOffer(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offer !== null,
    () => false,
  );
}
