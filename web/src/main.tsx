/**
 * The app's entry. It starts the app at once: a page the server rendered imports it when its app should start
 * (web/src/page-start.ts), every other page loads it with the page. It enables the full stylesheet (a rendered page
 * carries only its own rules), adds the head's links a rendered page leaves to the app (APP_HEAD_LINKS_ID) and
 * fetches the app, with the chunks of the page rendered, which boot.tsx waits for before it hydrates.
 */
import { APP_HEAD_LINKS_ID, APP_STATE_ELEMENT_ID, LANDING_PAGE_MARK, PRERENDERED_ATTRIBUTE } from './prerendered';
import { applyFullStylesheet } from './lib/full-stylesheet';
import './index.css';

// Fetched beside the app's code; the app waits for it before it draws (boot.tsx).
void applyFullStylesheet();
// The manifest (which makes the app installable) and the home-screen icon of a rendered page.
const headLinks = document.getElementById(APP_HEAD_LINKS_ID);
if (headLinks instanceof HTMLTemplateElement) document.head.append(headLinks.content);
void import('./boot');
// A page rendered with its answers hydrates only once its own chunks are here too: they download beside the app's,
// not after. The landing page's code is in the app's own chunk.
if (document.getElementById(APP_STATE_ELEMENT_ID) && document.getElementById('root')?.getAttribute(PRERENDERED_ATTRIBUTE) !== LANDING_PAGE_MARK) {
  // The story page has its own chunk; boot.tsx loads the navigation's too when someone is signed in.
  const story = window.location.pathname.startsWith('/stories/');
  void import('./app/signed-in-frame').then(({ preloadSignedInHome, StoryRoute }) => (story ? StoryRoute.preload() : preloadSignedInHome()));
}
