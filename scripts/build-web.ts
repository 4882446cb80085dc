/**
 * Builds the web app into dist/web: Vite's client build, then the pages' first markup rendered to HTML
 * (web/src/prerender.tsx, built for Node into dist/web-ssr): the landing page, saved as dist/web/landing.html,
 * and the loading screen, put in index.html. The server keeps using dist/web-ssr to render the landing page, the
 * signed-in home and story pages, into the page template dist/web-ssr/page.html.
 * Then the app's icons (PNG, drawn from web/app-icons.ts) and the service worker (web/sw/sw.ts, with the list of files
 * it precaches) are added.
 * Run by `npm run build`, and by `npm start` through scripts/ensure-web-build.ts when the build is stale.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { build } from 'vite';
import { COMPRESS_FROM_BYTES, compressStrongest } from '../server/http/compression.ts';
import { criticalCss, fullStylesheetPath, parseStylesheet, withCriticalStyle, withFullStylesheetDisabled } from '../server/critical-stylesheet.ts';
import { PAGE_TEMPLATE_FILE, PRECOMPRESSED, SSR_ENTRY_FILE } from '../server/web.ts';
import { APP_ICONS } from '../web/app-icons.ts';
import { APP_SHELL_PATH, PRECACHE_MAX_BYTES, SERVICE_WORKER_PATH } from '../web/src/lib/offline-protocol.ts';
import { svgDataUrlText } from '../web/src/lib/svg-data-url.ts';
import { APP_ENTRY_ATTRIBUTE, APP_HEAD_LINKS_ID, EMPTY_ROOT, LANDING_HTML_FILE, type StylesheetPageValues } from '../web/src/prerendered.ts';

const root = path.resolve(import.meta.dirname, '..');
const configFile = path.join(root, 'web/vite.config.ts');
export const WEB_DIST_DIR = path.join(root, 'dist/web');
const SSR_DIR = path.join(root, 'dist/web-ssr');
/** The app's start, as the manifest names it (relative to web/). */
const APP_ENTRY = 'src/boot.tsx';

/** Vite's build manifest: each source's output file and the chunks it imports statically. */
type Manifest = Record<string, { file: string; imports?: string[] }>;

async function readManifest(): Promise<Manifest> {
  const file = path.join(WEB_DIST_DIR, '.vite/manifest.json');
  const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
  // Only the build needs it; the server would otherwise serve it as a file.
  await rm(path.join(WEB_DIST_DIR, '.vite'), { recursive: true, force: true });
  return manifest;
}

/**
 * web/src/main.tsx loads the app (web/src/boot.tsx) only after the first paint; modulepreload links let the
 * browser download the app's chunks while it parses and paints the HTML.
 */
function withAppPreloads(html: string, manifest: Manifest): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(APP_ENTRY);
  const links = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
  return html.replace('  </head>', `    ${links}\n  </head>`);
}

/**
 * On a page rendered before any script runs (the landing page, the signed-in home, a story page) everything shown
 * and every link works without JavaScript; the app starts when the page is first used (web/src/page-start.ts).
 * So the template names no script to fetch and no chunk to preload: its one script is that start script, inline at
 * the end of the body, which imports the app's entry (named on its element) when the time comes. Nothing competes
 * with the page itself for the network while it loads, nor waits for a round trip before the page is interactive.
 */
function withInlineStartScript(html: string, startScript: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) throw new Error('dist/web/index.html has no entry script');
  if (startScript.includes('</script')) throw new Error('the start script would end its element early');
  return html
    .replace(/\n\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(entry[0], '')
    .replace('</body>', () => `<script ${APP_ENTRY_ATTRIBUTE}="${entry[1]}">${startScript}</script>\n  </body>`);
}

const LINKS_FOR_THE_APP = /\n\s*<link rel="(?:manifest|apple-touch-icon)"[^>]*>/g;
const FAVICON_LINK = /<link rel="icon" type="image\/svg\+xml" href="\/favicon.svg" \/>/;

/**
 * The page template's head: the favicon as a data URL (238 bytes: no request), and the links only the running app
 * needs (the manifest and the home-screen icon, which a browser fetches as the page loads) held in a template the app
 * puts in the head when it starts (APP_HEAD_LINKS_ID, web/src/main.tsx).
 */
function withHeadForRenderedPages(html: string, favicon: string): string {
  const links = html.match(LINKS_FOR_THE_APP);
  if (links?.length !== 2 || !FAVICON_LINK.test(html)) throw new Error('dist/web/index.html lacks its favicon, manifest or home-screen icon link');
  return html
    .replace(LINKS_FOR_THE_APP, '')
    .replace(FAVICON_LINK, () => `<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,${svgDataUrlText(favicon)}" />`)
    .replace('</head>', () => `<template id="${APP_HEAD_LINKS_ID}">${links.map((link) => link.trim()).join('')}</template>\n  </head>`);
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** web/src/page-start.ts built into one classic script (no imports, no module), to be inlined in the page template. */
async function buildStartScript(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    root,
    publicDir: false,
    build: {
      write: false,
      lib: { entry: path.join(root, 'web/src/page-start.ts'), formats: ['iife'], name: 'hntPageStart' },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  if (!result || !('output' in result) || result.output.length !== 1 || result.output[0].type !== 'chunk') throw new Error('the start script should build into one chunk');
  return result.output[0].code.trim();
}

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a brotli and a gzip copy beside every text file of the build, at the strongest settings: done once
 * here, so the server (server/web.ts) sends them without compressing anything per request.
 */
async function compressBuild(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries.filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      if (data.length < COMPRESS_FROM_BYTES) return;
      for (const { encoding, extension } of PRECOMPRESSED) await writeFile(file + extension, await compressStrongest[encoding](data));
    }),
  );
}

/** The app's icons (the web app manifest names them), drawn from their SVG at each size. */
async function writeAppIcons(): Promise<void> {
  await mkdir(path.join(WEB_DIST_DIR, 'icons'), { recursive: true });
  for (const icon of APP_ICONS) {
    const png = new Resvg(icon.svg, { fitTo: { mode: 'width', value: icon.size } }).render().asPng();
    await writeFile(path.join(WEB_DIST_DIR, icon.file), png);
  }
}

/** Files the service worker precaches: the app's code, stylesheet, icons and manifest, and index.html as the shell. */
const PRECACHED = /\.(?:js|css|svg|png|webmanifest|woff2)$/;

/**
 * The precache list: each file with a revision (none for Vite's hashed assets, whose name changes with their
 * content), and index.html under APP_SHELL_PATH. Refuses a list over PRECACHE_MAX_BYTES: the data caches' budget
 * counts on it (web/src/lib/offline-protocol.ts).
 */
async function precacheList(): Promise<{ url: string; revision: string | null }[]> {
  const entries = await readdir(WEB_DIST_DIR, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && PRECACHED.test(entry.name))
    .map((entry) => '/' + path.relative(WEB_DIST_DIR, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((url) => url !== SERVICE_WORKER_PATH)
    .sort();
  let bytes = 0;
  const list: { url: string; revision: string | null }[] = [];
  for (const url of [...files, '/index.html']) {
    const data = await readFile(path.join(WEB_DIST_DIR, url));
    bytes += data.length;
    const revision = url.startsWith('/assets/') ? null : createHash('sha256').update(data).digest('hex').slice(0, 16);
    list.push({ url: url === '/index.html' ? APP_SHELL_PATH : url, revision });
  }
  if (bytes > PRECACHE_MAX_BYTES) throw new Error(`the service worker would precache ${bytes} bytes, over ${PRECACHE_MAX_BYTES}`);
  return list;
}

/** Where Workbox's precaching reads its list; replaced by the list in the built worker. */
const PRECACHE_PLACEHOLDER = 'self.__WB_MANIFEST';

/** Builds web/sw/sw.ts (Workbox bundled in) into dist/web/sw.js, one classic script, with the precache list in it. */
async function buildServiceWorker(): Promise<void> {
  const list = await precacheList();
  await build({
    configFile: false,
    logLevel: 'warn',
    root,
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: WEB_DIST_DIR,
      emptyOutDir: false,
      copyPublicDir: false,
      lib: { entry: path.join(root, 'web/sw/sw.ts'), formats: ['iife'], name: 'hntServiceWorker', fileName: () => SERVICE_WORKER_PATH.slice(1) },
    },
  });
  const file = path.join(WEB_DIST_DIR, SERVICE_WORKER_PATH.slice(1));
  const code = await readFile(file, 'utf8');
  if (code.split(PRECACHE_PLACEHOLDER).length !== 2) throw new Error(`the built service worker should name ${PRECACHE_PLACEHOLDER} once`);
  await writeFile(file, code.replace(PRECACHE_PLACEHOLDER, () => JSON.stringify(list)));
}

export async function buildWeb(): Promise<void> {
  await build({ configFile, logLevel: 'warn' });
  await build({
    configFile,
    logLevel: 'warn',
    build: { ssr: path.join(root, 'web/src/prerender.tsx'), outDir: SSR_DIR, emptyOutDir: true, copyPublicDir: false },
  });
  const { renderLandingRoot, renderLoadingRoot, stylesheetPageValues } = (await import(pathToFileURL(path.join(SSR_DIR, SSR_ENTRY_FILE)).href)) as {
    renderLandingRoot: () => string;
    renderLoadingRoot: () => string;
    stylesheetPageValues: StylesheetPageValues;
  };
  const manifest = await readManifest();
  const builtHtml = await readFile(path.join(WEB_DIST_DIR, 'index.html'), 'utf8');
  if (!builtHtml.includes(EMPTY_ROOT)) throw new Error(`dist/web/index.html has no ${EMPTY_ROOT} to render the pages into`);
  const indexHtml = withAppPreloads(builtHtml, manifest);
  // The pages rendered before any script runs (the landing page, the signed-in home, story pages) are rendered by the
  // server into this template's empty root, each with the stylesheet's rules its markup uses in its head. The
  // landing page rendered here, without its answers, is the one the server sends when it cannot render it.
  const favicon = (await readFile(path.join(WEB_DIST_DIR, 'favicon.svg'), 'utf8')).trim();
  const pageTemplate = withHeadForRenderedPages(withInlineStartScript(withFullStylesheetDisabled(builtHtml), await buildStartScript()), favicon);
  const landingRoot = renderLandingRoot();
  const stylesheet = parseStylesheet(await readFile(path.join(WEB_DIST_DIR, fullStylesheetPath(pageTemplate)!), 'utf8'), stylesheetPageValues);
  const landingHtml = withCriticalStyle(pageTemplate, criticalCss(stylesheet, landingRoot)).replace(EMPTY_ROOT, () => landingRoot);
  await writeFile(path.join(SSR_DIR, PAGE_TEMPLATE_FILE), pageTemplate);
  await writeFile(path.join(WEB_DIST_DIR, 'index.html'), indexHtml.replace(EMPTY_ROOT, renderLoadingRoot()));
  await writeFile(path.join(WEB_DIST_DIR, LANDING_HTML_FILE), landingHtml);
  await writeAppIcons();
  await buildServiceWorker();
  await compressBuild(WEB_DIST_DIR);
  // scripts/ensure-web-build.ts dates the build by landing.html: marked as the last file written, so a build stopped
  // half-way reads as stale.
  const now = new Date();
  await utimes(path.join(WEB_DIST_DIR, LANDING_HTML_FILE), now, now);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildWeb();
