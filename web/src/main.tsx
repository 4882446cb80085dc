/**
 * The entry point is kept tiny. A page the server sent rendered (the landing page, the signed-in home, a story page)
 * reads and navigates without any script: its text is there and its links are links. Its app (the buttons, the
 * filters, live updates) starts when the person first uses the page (a touch, a click, a key, the mouse or the
 * wheel), or once the page has been loaded 10 s and the browser is idle; not while it loads: on a slow phone,
 * downloading and running the app would hold up the page they came to read. What they do before it runs is held for
 * it (held-input.ts). A page with something only the app can show (START_AT_ONCE_ATTRIBUTE: a newcomer's
 * onboarding, an announcement), and a page without rendered content (every other route), start the app at once.
 */
import { APP_STATE_ELEMENT_ID, LANDING_PAGE_MARK, PRERENDERED_ATTRIBUTE, START_AT_ONCE_ATTRIBUTE } from './prerendered';
import { holdInput, releaseHeldInput } from './held-input';
import { applyFullStylesheet } from './lib/full-stylesheet';
import './index.css';

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

const root = document.getElementById('root');

const start = () => {
  // Fetched beside the app's code; the app waits for it before it draws (boot.tsx).
  void applyFullStylesheet();
  void import('./boot').then(({ appReady }) => appReady.then(releaseHeldInput));
  // A page rendered with its answers hydrates only once its own chunks are here too: they download beside the app's,
  // not after. The landing page's code is in the app's own chunk.
  if (document.getElementById(APP_STATE_ELEMENT_ID) && root?.getAttribute(PRERENDERED_ATTRIBUTE) !== LANDING_PAGE_MARK) {
    // The story page has its own chunk; boot.tsx loads the navigation's too when someone is signed in.
    const story = window.location.pathname.startsWith('/stories/');
    void import('./app/signed-in-frame').then(({ preloadSignedInHome, StoryRoute }) => (story ? StoryRoute.preload() : preloadSignedInHome()));
  }
};

if (root?.hasAttribute(PRERENDERED_ATTRIBUTE) && !root.hasAttribute(START_AT_ONCE_ATTRIBUTE)) {
  holdInput();
  onFirstUseOrLater(start);
} else {
  start();
}
