/**
 * The entry point is kept tiny. A page the server sent rendered (the landing page, the signed-in home, a story page)
 * reads and navigates without any script: its text is there and its links are links. Its app (the buttons, the
 * filters, live updates, a newcomer's onboarding) starts when the person first uses the page (a touch, a click, a
 * key, the mouse or the wheel), or once the page has been loaded 10 s and the browser is idle; not while it loads:
 * on a slow phone, downloading and running the app would hold up the page they came to read. A page with something
 * only the app can show (START_AT_ONCE_ATTRIBUTE: a newcomer's onboarding, an announcement) starts it at once. A click on a control, or a choice in a field, made before the app runs is held and given to it once it
 * does. A page without
 * rendered content (every other route) starts the app at once.
 */
import { APP_STATE_ELEMENT_ID, LANDING_PAGE_MARK, PRERENDERED_ATTRIBUTE, START_AT_ONCE_ATTRIBUTE } from './prerendered';
import './index.css';

/** What shows someone is using the page. Listened to passively: none of them is delayed by the listening. */
const FIRST_USE_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'scroll', 'focusin'] as const;

/** Controls the app handles: a click on one before the app runs would otherwise do nothing. Links work without it. */
const APP_CONTROL = 'button, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="menuitem"], input[type="checkbox"], input[type="radio"]';

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

/** The controls clicked before the app ran, in order. */
const heldClicks: HTMLElement[] = [];

function holdClick(event: MouseEvent): void {
  const control = event.target instanceof Element ? event.target.closest<HTMLElement>(APP_CONTROL) : null;
  if (!control) return;
  event.preventDefault();
  event.stopPropagation();
  heldClicks.push(control);
  document.documentElement.style.cursor = 'progress';
}

/** The fields changed before the app ran, each with its last value. */
const heldValues = new Map<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, string>();

function holdValue(event: Event): void {
  const field = event.target;
  const isField = field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && field.type !== 'checkbox' && field.type !== 'radio');
  if (isField) heldValues.set(field, field.value);
}

/**
 * Gives each held value to the app as if typed or chosen now: set through the element's own setter (the app tracks
 * the value it last saw, and hydration may have put its own back), then announced as input and change.
 */
function releaseHeldValues(): void {
  document.removeEventListener('input', holdValue, true);
  document.removeEventListener('change', holdValue, true);
  for (const [field, value] of heldValues) {
    if (!field.isConnected) continue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
  heldValues.clear();
}

/**
 * Gives each held click to the app, as a press and a click: some controls act on the press (a menu's button opens on
 * pointerdown, a tab on mousedown), others on the click. Hydration keeps the page's elements, so a control clicked
 * before is the one the app now handles, unless the app had to draw it again.
 */
function releaseHeldClicks(): void {
  document.removeEventListener('click', holdClick, true);
  document.documentElement.style.removeProperty('cursor');
  for (const control of heldClicks.splice(0)) {
    if (!control.isConnected) continue;
    const press = { bubbles: true, cancelable: true, composed: true, button: 0, view: window };
    control.dispatchEvent(new PointerEvent('pointerdown', { ...press, pointerType: 'mouse', isPrimary: true }));
    control.dispatchEvent(new MouseEvent('mousedown', press));
    control.dispatchEvent(new PointerEvent('pointerup', { ...press, pointerType: 'mouse', isPrimary: true }));
    control.dispatchEvent(new MouseEvent('mouseup', press));
    control.click();
  }
}

const start = () => {
  void import('./boot').then(({ appReady }) =>
    appReady.then(() => {
      releaseHeldValues();
      releaseHeldClicks();
    }),
  );
  // A page rendered with its answers hydrates only once its own chunks are here too: they download beside the app's,
  // not after. The landing page's code is in the app's own chunk.
  const root = document.getElementById('root');
  if (document.getElementById(APP_STATE_ELEMENT_ID) && root?.getAttribute(PRERENDERED_ATTRIBUTE) !== LANDING_PAGE_MARK) {
    // The story page has its own chunk; boot.tsx loads the navigation's too when someone is signed in.
    const story = window.location.pathname.startsWith('/stories/');
    void import('./app/signed-in-frame').then(({ preloadSignedInHome, StoryRoute }) => (story ? StoryRoute.preload() : preloadSignedInHome()));
  }
};

const rendered = document.getElementById('root');
if (rendered?.hasAttribute(PRERENDERED_ATTRIBUTE) && !rendered.hasAttribute(START_AT_ONCE_ATTRIBUTE)) {
  document.addEventListener('click', holdClick, true);
  document.addEventListener('input', holdValue, true);
  document.addEventListener('change', holdValue, true);
  onFirstUseOrLater(start);
} else {
  start();
}
