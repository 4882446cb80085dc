/**
 * The landing page is rendered to HTML when the web app is built (scripts/build-web.ts runs
 * web/src/prerender.tsx) and saved as a second page, `landing.html`, whose root element carries this attribute.
 * The server sends it for `/` to visitors without a session cookie; the app hydrates it instead of rendering
 * from nothing, so the page's text paints before any JavaScript has run.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The file the build writes next to index.html. */
export const LANDING_HTML_FILE = 'landing.html';

/** The root element of index.html, which the build fills in. */
export const EMPTY_ROOT = '<div id="root"></div>';

export function prerenderedRoot(markup: string): string {
  return `<div id="root" ${PRERENDERED_ATTRIBUTE}>${markup}</div>`;
}

/** index.html's root with the loading screen in it; not marked prerendered, so the app replaces it. */
export function loadingRoot(markup: string): string {
  return `<div id="root">${markup}</div>`;
}
