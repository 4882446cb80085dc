import type { CurrentUser, Preferences } from '#common/contracts/accounts.ts';
import type { PackedStoryHistory } from '#common/rules/packed-history.ts';
import type { FirstScreen } from './features/stories/first-screen.ts';

/**
 * Pages rendered to HTML before the browser runs any script. The landing page is rendered when the web app is
 * built (scripts/build-web.ts runs web/src/prerender.tsx) and saved as a second page, `landing.html`; the
 * signed-in home is rendered by the server per request. Their root element carries this attribute, and the app
 * hydrates it instead of rendering from nothing, so the page's text paints before any JavaScript has run.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** Set on the root by the app once it runs (web/src/boot.tsx): a rendered page's controls work from then on. */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/** The file the build writes next to index.html. */
export const LANDING_HTML_FILE = 'landing.html';

/** The root element of index.html, which the build fills in. */
export const EMPTY_ROOT = '<div id="root"></div>';

/**
 * PRERENDERED_ATTRIBUTE's value on the landing page, the page for visitors (signed-in pages leave it empty): the app
 * shows it while it checks who is asking, rather than 'Loading...'.
 */
export const LANDING_PAGE_MARK = 'landing';

/**
 * A template in the head of a page the server rendered holding the head's links the page needs only once its app
 * runs (the web app manifest, the home-screen icon): main.tsx puts them in the head. Left in the head, a browser
 * fetches the manifest and its icon while the page loads, competing with it on a slow network.
 */
export const APP_HEAD_LINKS_ID = 'app-head-links';

/** On the inline script of a page the server rendered (web/src/page-start.ts): the address of the app's entry. */
export const APP_ENTRY_ATTRIBUTE = 'data-app-entry';

/**
 * Set on a rendered root whose app must start at once rather than on the page's first use (web/src/page-start.ts):
 * something on it is the app's to show, with no one's action before it (a newcomer's onboarding, an announcement,
 * whose message the app makes safe).
 */
export const START_AT_ONCE_ATTRIBUTE = 'data-start-at-once';

export interface RootOptions {
  /** PRERENDERED_ATTRIBUTE's value: LANDING_PAGE_MARK, or none. */
  mark?: string;
  startAtOnce?: boolean;
}

export function prerenderedRoot(markup: string, { mark = '', startAtOnce = false }: RootOptions = {}): string {
  return `<div id="root" ${PRERENDERED_ATTRIBUTE}${mark ? `="${mark}"` : ''}${startAtOnce ? ` ${START_AT_ONCE_ATTRIBUTE}` : ''}>${markup}</div>`;
}

/** index.html's root with the loading screen in it; not marked prerendered, so the app replaces it. */
export function loadingRoot(markup: string): string {
  return `<div id="root">${markup}</div>`;
}

/**
 * The signed-in home is rendered by the server for each request (server/web.ts), with the answers it was rendered
 * from in this element, so the app starts from the same data and adopts the markup.
 */
export const APP_STATE_ELEMENT_ID = 'app-state';

/** A root rendered with data: the data travels as JSON in a script element the browser does not run. */
export function renderedRootWithState(markup: string, state: unknown, options: RootOptions = {}): string {
  return `${prerenderedRoot(markup, options)}<script type="application/json" id="${APP_STATE_ELEMENT_ID}">${scriptSafeJson(state)}</script>`;
}

/**
 * The markup of a root renderedRootWithState wrote, without its data: what a stylesheet's rules can match. The
 * element's start cannot be in the root's own text (React writes a '<' of text as '&lt;'), nor in the data
 * (scriptSafeJson), so it is found from the end.
 */
export function withoutState(rendered: string): string {
  const stateAt = rendered.lastIndexOf(`<script type="application/json" id="${APP_STATE_ELEMENT_ID}">`);
  return stateAt === -1 ? rendered : rendered.slice(0, stateAt);
}

/**
 * JSON that cannot end its script element early: every '<' is written as its escape, so no text within it (a
 * story title of '</script><script>...', say) reads as markup. JSON.parse gives back the same value.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The footer's credit, from the server's configuration (CREDIT_NAME, CREDIT_COFFEE_URL). */
export interface SiteCredit {
  name: string;
  /** Where 'Buy me a coffee' leads; '' for no link. */
  coffeeUrl: string;
}

/**
 * The element the server puts in the head of the pages it serves as built (index.html, landing.html) with the
 * credit; a page it renders carries the credit in its answers instead (SITE_CREDIT_KEY, app-state).
 */
export const SITE_CREDIT_ELEMENT_ID = 'site-credit';

export function siteCreditElement(credit: SiteCredit): string {
  return `<script type="application/json" id="${SITE_CREDIT_ELEMENT_ID}">${scriptSafeJson(credit)}</script>`;
}

/** An API answer as the server reads it for the page it renders: the status and the parsed JSON body. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** Calls the product's API as the person asking for the page (with their cookie): a GET, or a POST of `body`. */
export type ApiCall = (path: string, body?: unknown) => Promise<ApiAnswer>;

/**
 * Whose home page was asked for: someone signed in, whose home the server renders; a visitor (the session cookie
 * was stale), who gets the landing page; or someone who must see the maintenance page, which the app shows itself.
 */
export type HomeAudience = 'signed-in' | 'visitor' | 'maintenance';

/**
 * What the signed-in home's first render reads, as the server-side entry's loadSignedInHomeState gathered it from
 * the API: the query cache's answers (TanStack Query's dehydrated state, JSON-safe, so it crosses to the render
 * thread and into the page) and the person's darkMode preference; or whom the page is for instead.
 */
export type SignedInHomeState =
  | {
      audience: 'signed-in';
      state: unknown;
      /** The person's darkMode preference: the page starts in their theme even on a browser that has none stored. */
      darkMode: boolean;
    }
  | { audience: 'visitor' }
  | { audience: 'maintenance' };

/**
 * What the story page's first render reads, each as its API call answers it: who is asking (null for a visitor: the
 * page is public; `/api/auth/me`), the maintenance status (`/api/maintenance-status`), the story's history
 * (`/api/stories/{id}/history`, its snapshots packed: common/rules/packed-history.ts) and, for someone signed in,
 * their preferences (the theme; `/api/user/preferences`'s `preferences`). The server reads them from its services
 * rather than its own API (server/story-page.ts).
 */
export interface StoryPageAnswers {
  user: CurrentUser | null;
  maintenance: { maintenanceMode: boolean };
  history: PackedStoryHistory;
  preferences: Preferences | null;
}

/**
 * Custom properties of the app's stylesheet whose value a rendered page gets its own of (server/critical-stylesheet.ts),
 * by name: made from the values of the `data-*` attributes the page has (`valuesOf('data-icon')`: every icon its
 * markup names), written in its rules in place of the stylesheet's value.
 */
export type StylesheetPageValues = Readonly<Record<string, (valuesOf: (dataAttribute: string) => string[]) => string>>;

/**
 * The server-side entry (web/src/prerender.tsx) as the server loads it from the build. The home is made in two
 * steps so the server can put them on different threads: gathering the answers waits on the API (the HTTP
 * thread's work), rendering them is CPU only (a render thread's, server/home-render-thread.ts).
 */
export interface ServerRenderer {
  /**
   * `search` is the page's query string ('' or '?sort=score&page=2'): the list's view lives in it. `screen` is the
   * screen the page is for, whose first screen of stories it renders.
   */
  loadSignedInHomeState(call: ApiCall, search: string, screen: FirstScreen): Promise<SignedInHomeState>;
  /** The page's root element, rendered from a signed-in person's gathered `state`, with that state in it as JSON. */
  renderSignedInHome(state: unknown, search: string): Promise<string>;
  /**
   * The story page's root element rendered from its `answers` (StoryPageAnswers, web/src/app/story-page-state.ts, as
   * JSON text), with them in it as the query cache's state.
   */
  renderStoryPage(answers: string, storyId: number): Promise<string>;
  /** The landing page's answers (the same for every visitor), asked of the API as a visitor. */
  loadLandingState(call: ApiCall): Promise<unknown>;
  /** The landing page's root element rendered from its gathered `state`, with that state in it as JSON. */
  renderLanding(state: unknown): string;
  /** The footer's credit, put in every page's state this module gathers or renders: set once, as the module loads. */
  setSiteCredit(credit: SiteCredit): void;
  /** Loads the chunks of the pages rendered per request, before the first of them is asked for. */
  preloadRenderedPages(): Promise<unknown>;
  /** The stylesheet's custom properties a page rendered from this module gets its own value of. */
  stylesheetPageValues: StylesheetPageValues;
}
