/**
 * Server-side entry, built for Node (scripts/build-web.ts): the pages' first markup, rendered to HTML. The build
 * renders the landing page and the loading screen once; the server (server/web.ts) renders the signed-in home
 * for each request.
 */
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app/app';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { preloadSignedInHome, preloadStoryPage } from './app/signed-in-frame';
import { fillStoryPage } from './app/story-page-state';
import { withPackedHistory } from './features/story-page/packed-history';
import { loadSignedInHome } from './app/signed-in-home-state';
import { loadLanding } from './app/landing-state';
import { LoadingScreen } from './components/loading-screen';
import { pageStateOf } from './lib/page-state';
import type { FirstScreen } from './features/stories';
import { keepRenderedSpriteSymbols, SpriteSymbols, withUnusedIconsLeftOut } from './components/sprite-icon';
import { PREFERENCES_KEY, type Preferences } from './features/preferences/api';
import { CURRENT_USER_KEY, type CurrentUser } from './lib/session';
import { ANNOUNCEMENTS_KEY } from './features/announcements/api';
import { setSiteCredit as putSiteCredit } from './app/layout/site-credit';
import { DRAWN_ICONS_PROPERTY, drawnIconSheet } from './components/drawn-icons';
import {
  LANDING_PAGE_MARK,
  loadingRoot,
  prerenderedRoot,
  renderedRootWithState,
  type ApiCall,
  type SignedInHomeState,
  type SiteCredit,
  type StoryPageAnswers,
  type StylesheetPageValues,
} from './prerendered';

/**
 * `/` as the tree boot.tsx hydrates (which gives the Router the browser's path and query string), so the markup
 * matches. `search` is the page's query string, where the story list keeps its view.
 */
function homeApp(options: { client?: QueryClient; prerenderedForVisitor?: boolean; search?: string; path?: string }): ReactNode {
  return (
    <StrictMode>
      <Providers client={options.client}>
        <Router ssrPath={options.path ?? '/'} ssrSearch={options.search ?? ''}>
          <App prerenderedForVisitor={options.prerenderedForVisitor} />
        </Router>
      </Providers>
    </StrictMode>
  );
}

// The icon sprite is the same on every page: rendered here once, for every page this module renders.
keepRenderedSpriteSymbols(renderToStaticMarkup(<SpriteSymbols />));

/** A rendered page's sheet of drawn icons holds only the icons the page draws, as its sprite does. */
export const stylesheetPageValues: StylesheetPageValues = {
  [DRAWN_ICONS_PROPERTY]: (valuesOf) => drawnIconSheet(valuesOf('data-icon')),
};

/** The markup of a page of the app, with the icons it does not draw left out of its sprite. */
function pageMarkup(app: ReactNode): string {
  return withUnusedIconsLeftOut(renderToString(app));
}

/** The footer's credit, from the server's configuration: none when the build renders the landing page. */
let siteCredit: SiteCredit | null = null;

export function setSiteCredit(credit: SiteCredit): void {
  siteCredit = credit;
}

/** A query cache for a page rendered per request: its answers, and the credit, go in the page with it. */
function pageClient() {
  const client = createQueryClient();
  if (siteCredit) putSiteCredit(client, siteCredit);
  return client;
}

/**
 * The chunks of the pages rendered per request (the signed-in home, the story page), loaded as a render thread
 * starts rather than by the first page of each kind.
 */
export function preloadRenderedPages(): Promise<unknown> {
  return Promise.all([preloadSignedInHome(), preloadStoryPage(true)]);
}

/** The app as a visitor without a session sees it at `/`, before its answers: what the build writes. */
export function renderLandingRoot(): string {
  return prerenderedRoot(pageMarkup(homeApp({ prerenderedForVisitor: true })), { mark: LANDING_PAGE_MARK });
}

/** The landing page's answers, asked of the API as a visitor: the same for every visitor. */
export async function loadLandingState(call: ApiCall): Promise<unknown> {
  const client = pageClient();
  await loadLanding(client, call);
  return dehydrate(client);
}

/** The landing page rendered from the answers loadLandingState gathered, which go in the page too. */
export function renderLanding(state: unknown): string {
  const client = createQueryClient();
  hydrate(client, state as DehydratedState);
  return renderedRootWithState(pageMarkup(homeApp({ client, prerenderedForVisitor: true })), pageStateOf(state as DehydratedState), { mark: LANDING_PAGE_MARK });
}

/**
 * Every other page: 'Loading...' as the HTML holds it, so something paints before the app's code has arrived.
 * The app renders the same screen first (while it checks who is signed in) and replaces it.
 */
export function renderLoadingRoot(): string {
  return loadingRoot(renderToString(<LoadingScreen />));
}

/**
 * What `/` for someone signed in renders from, asked of the API as them (`call` carries their cookie): who they
 * are, their preferences, and the page of story cards its query string (`search`) names, with its statuses: as many
 * cards as the `screen` the page is for shows.
 */
export async function loadSignedInHomeState(call: ApiCall, search: string, screen: FirstScreen): Promise<SignedInHomeState> {
  const client = pageClient();
  const audience = await loadSignedInHome(client, call, search, screen);
  if (audience === 'visitor' || audience === 'maintenance') return { audience };
  const darkMode = client.getQueryData<Preferences>(PREFERENCES_KEY)?.darkMode ?? false;
  return { audience, state: dehydrate(client), darkMode };
}

/**
 * `/` for someone signed in: the navigation, filters and the page of story cards rendered from the answers
 * loadSignedInHomeState gathered, which go in the page too, for the app to start from.
 */
export async function renderSignedInHome(state: unknown, search: string): Promise<string> {
  const client = createQueryClient();
  hydrate(client, state as DehydratedState);
  await preloadSignedInHome();
  const user = client.getQueryData<CurrentUser>(CURRENT_USER_KEY);
  const announcements = client.getQueryData<unknown[]>(ANNOUNCEMENTS_KEY) ?? [];
  const startAtOnce = user?.onboardingCompleted === false || announcements.length > 0;
  return renderedRootWithState(pageMarkup(homeApp({ client, search })), pageStateOf(state as DehydratedState), { startAtOnce });
}

/**
 * `/stories/{id}` for anyone (the page is public), rendered from its answers as JSON text (the server gathers them
 * on its HTTP thread and hands them over as text, which crosses threads as one copy): the answers go in the page
 * too, as the query cache holds them but for the history's snapshots, which stay packed as they came
 * (features/story-page/packed-history.ts), with the footer's credit.
 */
export async function renderStoryPage(answers: string, storyId: number): Promise<string> {
  const client = pageClient();
  const given = JSON.parse(answers) as StoryPageAnswers;
  fillStoryPage(client, storyId, given);
  const state = dehydrate(client);
  await preloadStoryPage(Boolean(client.getQueryData(CURRENT_USER_KEY)));
  return renderedRootWithState(pageMarkup(homeApp({ client, path: `/stories/${storyId}` })), pageStateOf(withPackedHistory(state, storyId, given.history)));
}
