/**
 * When the app starts on a page the server rendered (the landing page, the signed-in home, a story page). Such a
 * page reads, links and navigates without any script, so its app does not start while it loads: on a slow phone,
 * downloading and running the app would hold up the page the person came to read. It starts when the person first
 * uses the page (a touch, a click, a key, the mouse, the wheel), or once the page has been loaded 10 s and the
 * browser is idle. What they do before it runs is held for it (held-input.ts) and given to it once it runs. A page
 * with something only the app can show (START_AT_ONCE_ATTRIBUTE: a newcomer's onboarding, an announcement) starts
 * it at once.
 *
 * This script is the page's only one while it loads: scripts/build-web.ts builds it into the page template, inline
 * at the end of the body, so the page needs no request for it. It starts the app by importing the app's entry
 * (web/src/main.tsx), whose address its element carries (APP_ENTRY_ATTRIBUTE).
 */
import { holdInput, releaseHeldInput } from './held-input';
import { APP_ENTRY_ATTRIBUTE, APP_READY_ATTRIBUTE, START_AT_ONCE_ATTRIBUTE } from './prerendered';

/** What shows someone is using the page. Listened to passively: none of them is delayed by the listening. */
const FIRST_USE_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'scroll', 'focusin'] as const;

/**
 * How long after the page's load the app starts when nobody has used the page yet: a page left open still gets
 * its live parts (auto-refresh, keyword alerts) well within their first minute.
 */
const START_AFTER_LOAD_MS = 10_000;
/** The longest wait for an idle moment after that. */
const IDLE_WAIT_LIMIT_MS = 2000;

/** Runs `run` once: on the first use of the page, or a while after it loaded, in an idle moment. */
function onFirstUseOrLater(run: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, start, { capture: true });
    run();
  };
  for (const type of FIRST_USE_EVENTS) window.addEventListener(type, start, { capture: true, passive: true });
  const later = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: IDLE_WAIT_LIMIT_MS });
      else start();
    }, START_AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** Settles when the app marks the root as running (web/src/boot.tsx). */
function whenAppRuns(root: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!root.hasAttribute(APP_READY_ATTRIBUTE)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { attributes: true, attributeFilter: [APP_READY_ATTRIBUTE] });
  });
}

const entry = document.currentScript?.getAttribute(APP_ENTRY_ATTRIBUTE);
const root = document.getElementById('root');
if (entry && root) {
  const start = () => void import(/* @vite-ignore */ entry);
  if (root.hasAttribute(START_AT_ONCE_ATTRIBUTE)) start();
  else {
    holdInput();
    void whenAppRuns(root).then(releaseHeldInput);
    onFirstUseOrLater(start);
  }
}
