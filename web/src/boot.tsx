/**
 * Starts the app: hydrates a page the server sent already rendered (the landing page, or the signed-in home with
 * the answers it was rendered from), or renders into the root. Loaded by main.tsx.
 */
import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from './app/app';
import { prefetchAppState, prefetchSignedInHome } from './app/prefetch';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { preloadSignedInHome, preloadStoryPage } from './app/signed-in-frame';
import { readSiteCredit, setSiteCredit, SITE_CREDIT_KEY } from './app/layout/site-credit';
import { unpackPageState } from './features/story-page/packed-history';
import { applyFullStylesheet } from './lib/full-stylesheet';
import { listenForInstallOffer } from './lib/install-prompt';
import { notePageData } from './lib/offline-status';
import { dehydratedStateOf, type PageState } from './lib/page-state';
import { CURRENT_USER_KEY } from './lib/session';
import { APP_READY_ATTRIBUTE, APP_STATE_ELEMENT_ID, LANDING_PAGE_MARK, PRERENDERED_ATTRIBUTE } from './prerendered';

const container = document.getElementById('root')!;
const prerendered = container.hasAttribute(PRERENDERED_ATTRIBUTE);
const landing = container.getAttribute(PRERENDERED_ATTRIBUTE) === LANDING_PAGE_MARK;
const stateElement = document.getElementById(APP_STATE_ELEMENT_ID);
const queryClient = createQueryClient();
// A page the server rendered comes with the answers it was rendered from: the app starts from the same data, so its
// first render is the page on screen, with nothing left to ask for.
if (stateElement) {
  const state = dehydratedStateOf(JSON.parse(stateElement.textContent ?? '[]') as PageState);
  // A story page's snapshots come packed: the cache holds them as the API answers them.
  unpackPageState(state);
  hydrate(queryClient, state);
  // A page the service worker kept, opened offline: the status line says how old its data is.
  notePageData((state.queries ?? []).map((query) => query.state.dataUpdatedAt));
}
// A prerendered page is on screen already and needs no answer to hydrate; answers arriving in the middle of
// hydration would make React finish it in one blocking pass, so it asks once hydration is under way (its effects).
// The credit in the page's head: at once for a page rendered here; after hydration for the landing page, built
// without it (a page the server rendered has it among its answers).
const credit = readSiteCredit(document);
const creditLater = prerendered && queryClient.getQueryData(SITE_CREDIT_KEY) === undefined ? credit : null;
if (credit && !prerendered) setSiteCredit(queryClient, credit);
if (!prerendered) {
  prefetchAppState(queryClient);
  if (window.location.pathname === '/') prefetchSignedInHome(queryClient);
}
/**
 * Marks the root once every part of the page runs (app/page-ready.tsx): after the first render, or after each part
 * of a page the server sent rendered has hydrated, whose buttons do nothing before that. The page's start script
 * (page-start.ts) then gives the app what was done before it ran; browser tests wait for it before they press anything.
 */
function markReady() {
  container.setAttribute(APP_READY_ATTRIBUTE, '');
}

/** Work that waits until the app runs on the page, so that it never competes with the page's own first requests. */
function AfterFirstCommit() {
  useEffect(() => {
    if (creditLater) setSiteCredit(queryClient, creditLater);
    // The service worker (offline reading, queued changes, new versions). Not in development, where Vite serves the
    // sources.
    if (import.meta.env.PROD) void import('./lib/service-worker').then(({ registerServiceWorker }) => registerServiceWorker(queryClient));
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <Providers client={queryClient}>
      {/* Renders nothing, so the server's markup (which lacks it) still matches. */}
      <AfterFirstCommit />
      {/* The same tree as web/src/prerender.tsx (which gives the Router the path to render), so hydration matches. */}
      <Router>
        <App prerenderedForVisitor={landing} onReady={markReady} />
      </Router>
    </Providers>
  </StrictMode>
);

async function start() {
  // A rendered page has only its own rules until the full stylesheet applies; what the app draws may need the rest.
  await applyFullStylesheet();
  // The signed-in home's code is in chunks of its own (main.tsx started fetching them): hydration must find it
  // loaded, as the server rendered it, or it would show a fallback in its place.
  if (stateElement && !landing) {
    // The story page's server render (/stories/{id}) needs its own chunk, and the navigation's for someone signed in.
    if (window.location.pathname.startsWith('/stories/')) await preloadStoryPage(Boolean(queryClient.getQueryData(CURRENT_USER_KEY)));
    else await preloadSignedInHome();
  }
  // As a transition, the first render (or hydration) yields to the browser every few milliseconds instead of
  // holding the main thread until the whole page is done, so a tap or a scroll is never kept waiting long.
  startTransition(() => {
    if (prerendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}
listenForInstallOffer();
void start();
