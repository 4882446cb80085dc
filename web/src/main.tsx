/**
 * The entry point is kept tiny. When the HTML already holds the page (the prerendered landing page for
 * visitors), the browser paints it first and the app's code runs after: the page reads at once, and hydrating it
 * does not hold up that first paint. The app's chunks download meanwhile, as the build lists them as modulepreload
 * links in the HTML (scripts/build-web.ts). An empty page starts the app at once.
 */
import { PRERENDERED_ATTRIBUTE } from './prerendered';
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

const boot = () => void import('./boot');
if (document.getElementById('root')?.hasAttribute(PRERENDERED_ATTRIBUTE)) afterFirstContentfulPaint(boot);
else boot();
