import { useSyncExternalStore } from 'react';

const nothingToSubscribe = () => () => undefined;

/**
 * False while the server renders a page and while the app hydrates it, true from the render right after (and on
 * every render the app makes itself). For controls nobody sees until they use the page: the page the server sends
 * leaves them out, which makes it lighter to send, parse and lay out, and the app adds them as soon as it runs. Any
 * use of a page starts its app (page-start.ts), and a click made before it runs waits for it (held-input.ts).
 */
export function useAppRunning(): boolean {
  return useSyncExternalStore(nothingToSubscribe, () => true, () => false);
}
