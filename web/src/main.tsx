/**
 * The entry point is kept tiny. When the HTML already holds the page (the prerendered landing page for
 * visitors, the signed-in home the server rendered), the browser paints it first and the app's code runs after:
 * the page reads at once, and hydrating it does not hold up that first paint. An empty page starts the app at once;
 * its chunks download meanwhile, as the build lists them as modulepreload links in the HTML (scripts/build-web.ts).
 */
import { APP_STATE_ELEMENT_ID, PRERENDERED_ATTRIBUTE } from './prerendered';
import './index.css';

/** Longest wait for the paint: browsers without paint timing, or a page in a background tab. */
const PAINT_WAIT_LIMIT_MS = 300;

function afterFirstContentfulPaint(run: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    clearTimeout(limit);
    run();
  };
  const limit = setTimeout(start, PAINT_WAIT_LIMIT_MS);
  let observer: PerformanceObserver | undefined;
  try {
    observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) start();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing here: the time limit starts the app.
  }
}

const boot = () => {
  void import('./boot');
  // The signed-in home hydrates only once its own chunks are here too: they download beside the app's, not after.
  if (document.getElementById(APP_STATE_ELEMENT_ID)) {
    // The story page has its own chunk; boot.tsx loads the navigation's too when someone is signed in.
    const story = window.location.pathname.startsWith('/stories/');
    void import('./app/signed-in-frame').then(({ preloadSignedInHome, StoryRoute }) => (story ? StoryRoute.preload() : preloadSignedInHome()));
  }
};
if (document.getElementById('root')?.hasAttribute(PRERENDERED_ATTRIBUTE)) afterFirstContentfulPaint(boot);
else boot();
