import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
// For `schema.hide`, which keeps these routes out of the OpenAPI document.
import type {} from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isAppRoute } from '../web/src/app/route-paths.ts';
import { ACCOUNT_THEME_ATTRIBUTE, THEME_INIT_SCRIPT } from '../web/theme-init-script.ts';
import { EMPTY_ROOT, LANDING_HTML_FILE, siteCreditElement, type ApiCall, type ServerRenderer, type SiteCredit } from '../web/src/prerendered.ts';
import { APP_SHELL_PATH, SERVICE_WORKER_PATH } from '../web/src/lib/offline-protocol.ts';
import { accountTheme, HomeRenderThread, RenderThreads, type HomeTemplate } from './home-render-thread.ts';
import { withSharedSessionLookup } from './http/access.ts';
import { answerEncoding, compressSync, preferredEncoding, type Encoding } from './http/compression.ts';
import { PRIVATE_NO_STORE, withVary } from './http/caching.ts';
import { screenAskedFrom } from './http/screen.ts';
import { hasSessionCookie } from './http/session-cookie.ts';
import { criticalCss, fullStylesheetPath, parseStylesheet, withCriticalStyle, type ParsedStylesheet } from './critical-stylesheet.ts';
import { KeptPage, type HeldPage } from './kept-page.ts';
import { injectMeta } from './page-meta.ts';
import type { StoryPageReader } from './story-page.ts';
import { storyHistoryParamsSchema } from '#common/contracts/story-history.ts';

/** Where `npm run build` puts the web app. */
export const DEFAULT_WEB_DIST_DIR = path.resolve(import.meta.dirname, '../dist/web');

/** Where `npm run build` puts the server-side renderer of the web app, with the page template it renders into. */
export const DEFAULT_WEB_SSR_DIR = path.resolve(import.meta.dirname, '../dist/web-ssr');
export const SSR_ENTRY_FILE = 'prerender.js';
/**
 * The template of the pages the server renders (the landing page, the signed-in home, story pages): index.html with
 * its stylesheet's link disabled, as each page carries the rules it uses in its head (server/critical-stylesheet.ts).
 */
export const PAGE_TEMPLATE_FILE = 'page.html';
/**
 * How long the landing page rendered with its answers is sent before it is rendered again: its sample is asked
 * again after two minutes and its figures after one, and its "data as of" line stays within this of the truth.
 */
const LANDING_FRESH_MS = 15_000;
/** Whose address the landing page's answers are asked with: the server's own, as no one visitor asks them. */
const SERVER_ADDRESS = '127.0.0.1';

const INDEX_HTML_FILE = 'index.html';

/** Vite puts content-hashed files here: their names change with their content, so they can be cached for good. */
const HASHED_ASSETS_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unhashed files copied from web/public (icons, robots.txt): cached briefly, as a new build may change them. */
const SHORT_CACHE = 'public, max-age=3600';
/**
 * The service worker is asked again on every update check (browsers skip the HTTP cache for it up to a day; no-cache
 * makes that every time), so a new build's worker is found at the next visit.
 */
const ALWAYS_REVALIDATE = 'no-cache';

/**
 * Paths owned by the server: an unknown one keeps the API's JSON 404 instead of the app's 404 page. Tested on
 * the decoded path, in any case, so no spelling of an API path is answered with a page.
 */
const SERVER_PATH = /^\/(?:(?:api|healthz|readyz|metrics)(?:\/|$)|feeds\/)/i;

/** A story page, `/stories/{id}`: the server renders it (the id is checked as the API checks it). */
const STORY_PAGE = /^\/stories\/([^/]+)\/?$/;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** Compressed copies the build writes beside a file (scripts/build-web.ts), most preferred first. */
export const PRECOMPRESSED = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const satisfies readonly { encoding: Encoding; extension: string }[];

/** One file of the build, held in memory with its compressed copies. */
type BuiltFile = HeldPage;

export interface WebRoutesOptions {
  /** The built app: index.html, landing.html and assets/. */
  distDir: string;
  /**
   * The server-side renderer (SSR_ENTRY_FILE) and the rendered pages' template (PAGE_TEMPLATE_FILE). Without
   * them, everyone gets the plain app, which renders each page in the browser.
   */
  ssrDir?: string;
  /** Whether the site is in maintenance: visitors then get the plain app, which shows the maintenance page. */
  maintenanceMode: () => Promise<boolean>;
  /** The address people use (PUBLIC_URL), for the story pages' Open Graph card. */
  publicUrl?: string;
  /** The footer's credit (CREDIT_NAME, CREDIT_COFFEE_URL): in the head of the pages served as built, and in the state of those rendered. */
  credit?: SiteCredit;
  /** Reads a story page's answers; without it, story pages get the plain app, which asks the API itself. */
  readStoryPage?: StoryPageReader;
  /** NODE_ENV: the render thread's React runs its production build (several times faster) only in `production`. */
  mode?: string;
  /** RENDER_THREADS: how many threads render pages (default 1). */
  renderThreads?: number;
}

interface HomeRenderer {
  /** Gathers the page's answers, on the HTTP thread. */
  renderer: ServerRenderer;
  /** The template's head as it is (no theme): a story page's is this with its title and Open Graph card. */
  head: string;
  /** What follows the rendered root. */
  tail: string;
  /** The app's stylesheet, from which each page gets the rules its markup uses. */
  stylesheet: ParsedStylesheet;
  /** Renders them, on threads of their own. */
  threads: RenderThreads;
}

/**
 * The signed-in home's page cut where the rendered root goes, encoded once: the render thread writes a page as the
 * three parts around its markup, not a search and replace in a long string that is then measured and encoded per
 * request. The head comes in both themes: the person's darkMode preference applies from the first paint, and the
 * theme script leaves it alone, as this browser's stored theme may be older than a change the person made on
 * another device.
 */
function templateHead(page: string): string {
  const at = page.indexOf(EMPTY_ROOT);
  if (at === -1) throw new Error(`the home template has no ${EMPTY_ROOT}`);
  return page.slice(0, at);
}

/**
 * The head in the person's theme, marked as their account's, without the theme script, which would leave such a
 * page alone anyway.
 */
function themedHead(head: string, dark: boolean): string {
  return head.replace('<html ', `<html ${dark ? 'class="dark" ' : ''}${ACCOUNT_THEME_ATTRIBUTE} `).replace(`<script>${THEME_INIT_SCRIPT}</script>`, '');
}

function cutHomeTemplate(head: string, tail: string): HomeTemplate {
  return { light: Buffer.from(themedHead(head, false)), dark: Buffer.from(themedHead(head, true)), tail: Buffer.from(tail) };
}

/**
 * The renderer of a build, or null when the build has none. `builtFile` reads a file of the build (the stylesheet
 * the template links).
 */
async function loadHomeRenderer(
  ssrDir: string,
  mode: string,
  renderThreads: number,
  credit: SiteCredit | undefined,
  builtFile: (urlPath: string) => Buffer | undefined,
): Promise<HomeRenderer | null> {
  const entry = path.join(ssrDir, SSR_ENTRY_FILE);
  const templateFile = path.join(ssrDir, PAGE_TEMPLATE_FILE);
  if (!existsSync(entry) || !existsSync(templateFile)) return null;
  const template = readFileSync(templateFile, 'utf8');
  const stylesheetPath = fullStylesheetPath(template);
  const stylesheet = stylesheetPath === null ? undefined : builtFile(`/${stylesheetPath}`)?.toString('utf8');
  if (stylesheet === undefined) throw new Error(`${templateFile} links no stylesheet of the build`);
  const entryUrl = pathToFileURL(entry).href;
  const renderer = (await import(entryUrl)) as ServerRenderer;
  if (credit) renderer.setSiteCredit(credit);
  const head = templateHead(template);
  const tail = template.slice(head.length + EMPTY_ROOT.length);
  const threads = new RenderThreads(renderThreads, () => new HomeRenderThread(entryUrl, cutHomeTemplate(head, tail), mode, stylesheet, credit));
  threads.warmUp();
  return { renderer, head, tail, stylesheet: parseStylesheet(stylesheet, renderer.stylesheetPageValues), threads };
}

/**
 * The Content-Security-Policy sources that allow the inline scripts of the rendered pages' template ('sha256-…' of
 * each), or none without a template: the build writes the start script (web/src/page-start.ts) into it, so its
 * hash is known only from the build.
 */
export function pageScriptHashes(ssrDir: string | undefined): string[] {
  const templateFile = ssrDir && path.join(ssrDir, PAGE_TEMPLATE_FILE);
  if (!templateFile || !existsSync(templateFile)) return [];
  const template = readFileSync(templateFile, 'utf8');
  const scripts = [...template.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/json")[^>]*>([\s\S]*?)<\/script>/g)].map((script) => script[1]!);
  return [...new Set(scripts.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`))];
}

/** Whether a web build exists in distDir. */
export function hasWebBuild(distDir: string = DEFAULT_WEB_DIST_DIR): boolean {
  return existsSync(path.join(distDir, INDEX_HTML_FILE));
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, the route table's paths
 * answered with the app, any other page path with the app and status 404 (the app renders its 404 page).
 * The whole build (under a megabyte) is read into memory at start, with the brotli and gzip copies the build
 * made, so a page load costs no disk read and no compression. Register it last: every route registered before
 * it takes precedence over its catch-all.
 */
export function webRoutes({ distDir, ssrDir, maintenanceMode, readStoryPage, publicUrl = '', credit, mode = 'production', renderThreads = 1 }: WebRoutesOptions): FastifyPluginAsync {
  // Read once: a new build needs a restart anyway, as it changes the asset names index.html points to.
  const files = readBuild(path.resolve(distDir));
  const withCredit = (page: BuiltFile) => (credit ? withHeadElement(page, siteCreditElement(credit)) : page);
  const indexHtml = withCredit(files.get(`/${INDEX_HTML_FILE}`)!);
  const built = files.get(`/${LANDING_HTML_FILE}`);
  const landingHtml = built ? withCredit(built) : null;

  const sendHtml = (request: FastifyRequest, reply: FastifyReply, status: number, html: BuiltFile) =>
    sendFile(request, reply.code(status).header('cache-control', 'no-cache').type(CONTENT_TYPES['.html']!), html);
  const sendApp = (request: FastifyRequest, reply: FastifyReply, status: number) => sendHtml(request, reply, status, indexHtml);

  return async (app) => {
    const home = ssrDir ? await loadHomeRenderer(ssrDir, mode, renderThreads, credit, (urlPath) => files.get(urlPath)?.body) : null;
    if (home) app.addHook('onClose', () => home.threads.close());
    // The landing page with its answers in it, so that it reads complete before any script has run.
    const renderedLanding = home
      ? new KeptPage(
          async () => {
            const state = await home.renderer.loadLandingState(inProcessApiCall(app, undefined, SERVER_ADDRESS));
            const markup = home.renderer.renderLanding(state);
            return `${withCriticalStyle(home.head, criticalCss(home.stylesheet, markup))}${markup}${home.tail}`;
          },
            LANDING_FRESH_MS,
            (error) => app.log.warn({ err: error }, 'rendering the landing page with its answers failed; sending it as built'),
          )
        : null;
    /**
     * `/`: the landing page already rendered, for whoever will certainly see it (no session cookie, so not signed
     * in, and no maintenance); for a session cookie, the signed-in home rendered for its owner. Everyone else (the
     * maintenance page, a build without the renderer, a failed render) gets the plain app, which decides once it
     * knows who they are.
     */
    const sendHome = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('vary', 'Cookie');
      const sendLandingOrApp = async () => {
        if (await maintenanceMode()) return sendApp(request, reply, 200);
        return sendHtml(request, reply, 200, (await renderedLanding?.current()) ?? landingHtml ?? indexHtml);
      };
      if (!hasSessionCookie(request.headers.cookie)) return sendLandingOrApp();
      if (!home) return sendApp(request, reply, 200);

      const search = searchOf(request.url);
      const gathered = await withSharedSessionLookup(() => home.renderer.loadSignedInHomeState(inProcessApiCall(app, request.headers.cookie, request.ip), search, screenAskedFrom(request.headers))).catch(failed(request, 'gathering'));
      if (gathered === null) return sendApp(request, reply, 200);
      if (gathered.audience === 'visitor') return sendLandingOrApp();
      if (gathered.audience === 'maintenance') return sendApp(request, reply, 200);
      // Compressed on the render thread too, as the client accepts: the compression plugin leaves it alone then.
      const encoding = answerEncoding(request, reply);
      const page = await home.threads.render(gathered.state, search, accountTheme(gathered.darkMode), encoding).catch(failed(request, 'rendering'));
      if (page === null) return sendApp(request, reply, 200);
      if (encoding) reply.header('content-encoding', encoding);
      // The page holds the person's own data: never stored, by shared caches or the browser's.
      return reply
        .code(200)
        .header('cache-control', PRIVATE_NO_STORE)
        .type(CONTENT_TYPES['.html']!)
        .send(Buffer.from(page.buffer, page.byteOffset, page.byteLength));
    };

    /**
     * `/stories/{id}`: the story page rendered for whoever asks (it is public), from the answers the API would give
     * their browser (read from the services: server/story-page.ts), with the story's title and Open Graph card in
     * the head. An id that is no story's, a story moderators hid, maintenance, a build without the renderer and a
     * failed render get the plain app (with status 404 for no story), which then shows the page or its 'Story Not
     * Found' itself.
     */
    const sendStoryPage = async (request: FastifyRequest, reply: FastifyReply, idText: string) => {
      reply.header('vary', 'Cookie');
      const parsed = storyHistoryParamsSchema.safeParse({ id: idText });
      if (!parsed.success) return sendApp(request, reply, 404);
      if (!home || !readStoryPage) return sendApp(request, reply, 200);
      const storyId = parsed.data.id;
      const gathered = await readStoryPage(request, storyId).catch(failed(request, 'gathering'));
      if (gathered === null || gathered.audience === 'maintenance') return sendApp(request, reply, 200);
      if (gathered.audience === 'not-found') return sendApp(request, reply, 404);
      const signedIn = gathered.audience === 'signed-in';
      const darkMode = gathered.answers.preferences?.darkMode ?? false;
      const url = `${publicUrl}/stories/${storyId}`;
      const head = injectMeta(signedIn ? themedHead(home.head, darkMode) : home.head, {
        ...gathered.meta,
        url,
        image: `${publicUrl}/api/stories/${storyId}/card.png`,
        storyUrl: null,
      });
      const encoding = answerEncoding(request, reply);
      const page = await home.threads
        .render(JSON.stringify(gathered.answers), '', signedIn ? accountTheme(darkMode) : null, encoding, { storyId, head: Buffer.from(head) })
        .catch(failed(request, 'rendering'));
      if (page === null) return sendApp(request, reply, 200);
      if (encoding) reply.header('content-encoding', encoding);
      // A signed-in person's page holds who they are: never stored. A visitor's may be kept, and asked again.
      return reply
        .code(200)
        .header('cache-control', signedIn ? PRIVATE_NO_STORE : 'no-cache')
        .type(CONTENT_TYPES['.html']!)
        .send(Buffer.from(page.buffer, page.byteOffset, page.byteLength));
    };

    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = decodePathname(request.url);
      if (pathname === null) return sendApp(request, reply, 404);
      if (SERVER_PATH.test(pathname)) return reply.callNotFound();
      if (pathname === '/') return sendHome(request, reply);
      const storyPage = STORY_PAGE.exec(pathname);
      if (storyPage) return sendStoryPage(request, reply, storyPage[1]!);
      // The empty app, which the service worker precaches for the pages it must answer offline.
      if (isAppRoute(pathname) || pathname === APP_SHELL_PATH) return sendApp(request, reply, 200);

      // The pages themselves are only served as pages, above.
      const file = isPage(pathname) ? undefined : files.get(pathname);
      if (file) {
        const hashed = pathname.startsWith(HASHED_ASSETS_PREFIX);
        reply.header('cache-control', hashed ? IMMUTABLE : pathname === SERVICE_WORKER_PATH ? ALWAYS_REVALIDATE : SHORT_CACHE).type(contentTypeOf(pathname));
        return sendFile(request, reply, file);
      }
      // A missing hashed asset is an old build's file: a plain 404 rather than a page, so a script tag fails cleanly.
      if (pathname.startsWith(HASHED_ASSETS_PREFIX)) return reply.callNotFound();
      return sendApp(request, reply, 404);
    };
    app.get('/', { schema: { hide: true } }, handle);
    app.get('/*', { schema: { hide: true } }, handle);
  };
}

/**
 * The API, called in-process as the person asking for a page: their cookie and address, so the answers are exactly
 * what their browser would get (access checks, rate limits and all), without a network round trip.
 */
export function inProcessApiCall(app: FastifyInstance, cookie: string | undefined, ip: string): ApiCall {
  return async (url, body) => {
    const response = await app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url,
      headers: cookie ? { cookie } : {},
      remoteAddress: ip,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.statusCode === 200 ? response.json() : null };
  };
}

/** Logs a failed step of the signed-in home, whose page then falls back to the plain app. */
function failed(request: FastifyRequest, step: 'gathering' | 'rendering') {
  return (error: unknown): null => {
    request.log.warn({ err: error }, `${step} the signed-in home failed; sending the plain app`);
    return null;
  };
}

function isPage(pathname: string): boolean {
  return pathname === `/${INDEX_HTML_FILE}` || pathname === `/${LANDING_HTML_FILE}`;
}

function contentTypeOf(pathname: string): string {
  return CONTENT_TYPES[path.extname(pathname).toLowerCase()] ?? 'application/octet-stream';
}

/** Sends the best compressed copy the client accepts (the compression plugin leaves encoded bodies alone). */
/** A page of the build with an element added at the end of its head, and compressed again as the build had it. */
function withHeadElement(page: BuiltFile, element: string): BuiltFile {
  const html = page.body.toString('utf8');
  const at = html.indexOf('</head>');
  if (at === -1) throw new Error('a page of the web build has no </head>');
  const body = Buffer.from(`${html.slice(0, at)}${element}${html.slice(at)}`);
  const encodings = Object.keys(page.compressed) as Encoding[];
  return { body, compressed: Object.fromEntries(encodings.map((encoding) => [encoding, compressSync(body, encoding)])) };
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: BuiltFile) {
  reply.header('vary', withVary(reply.getHeader('vary'), 'Accept-Encoding'));
  const encoding = preferredEncoding(request.headers['accept-encoding'], encodingsOf(file));
  if (!encoding) return reply.send(file.body);
  return reply.header('content-encoding', encoding).send(file.compressed[encoding]);
}

function encodingsOf(file: BuiltFile): Encoding[] {
  return PRECOMPRESSED.map(({ encoding }) => encoding).filter((encoding) => file.compressed[encoding] !== undefined);
}

/** Every file of the build by URL path, each with the compressed copies found beside it. */
function readBuild(root: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        visit(full);
        continue;
      }
      if (PRECOMPRESSED.some(({ extension }) => name.endsWith(extension))) continue;
      const compressed: BuiltFile['compressed'] = {};
      for (const { encoding, extension } of PRECOMPRESSED) {
        if (existsSync(full + extension)) compressed[encoding] = readFileSync(full + extension);
      }
      const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`;
      files.set(urlPath, { body: readFileSync(full), compressed });
    }
  };
  visit(root);
  return files;
}

/** The query string of a request's URL, with its '?' ('' when there is none). */
function searchOf(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start);
}

function decodePathname(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0]!);
  } catch {
    return null;
  }
}
