import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isAppRoute } from '../web/src/app/route-paths.ts';
import { LANDING_HTML_FILE } from '../web/src/prerendered.ts';
import { hasSessionCookie } from './modules/accounts/auth.ts';

/** Where `npm run build` puts the web app. */
export const DEFAULT_WEB_DIST_DIR = path.resolve(import.meta.dirname, '../dist/web');

const INDEX_HTML_FILE = 'index.html';

/** Vite puts content-hashed files here: their names change with their content, so they can be cached for good. */
const HASHED_ASSETS_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unhashed files copied from web/public (icons, robots.txt): cached briefly, as a new build may change them. */
const SHORT_CACHE = 'public, max-age=3600';

/** Paths owned by the server: an unknown one keeps the API's JSON 404 instead of the app's 404 page. */
const SERVER_PATH = /^\/(?:api|healthz|readyz|metrics)(?:\/|$)/;

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

export interface WebRoutesOptions {
  /** The built app: index.html, landing.html and assets/. */
  distDir: string;
  /** Whether the site is in maintenance: visitors then get the plain app, which shows the maintenance page. */
  maintenanceMode: () => Promise<boolean>;
}

/** Whether a web build exists in distDir. */
export function hasWebBuild(distDir: string = DEFAULT_WEB_DIST_DIR): boolean {
  return existsSync(path.join(distDir, 'index.html'));
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, the route table's paths
 * answered with the app, any other page path with the app and status 404 (the app renders its 404 page).
 * Register it last: every route registered before it takes precedence over its catch-all.
 */
export function webRoutes({ distDir, maintenanceMode }: WebRoutesOptions): FastifyPluginAsync {
  const root = path.resolve(distDir);
  // Read once: a new build needs a restart anyway, as it changes the asset names index.html points to.
  const indexHtml = readFileSync(path.join(root, INDEX_HTML_FILE));
  const landingPath = path.join(root, LANDING_HTML_FILE);
  const landingHtml = existsSync(landingPath) ? readFileSync(landingPath) : null;

  const sendHtml = (reply: FastifyReply, status: number, html: Buffer) =>
    reply.code(status).header('cache-control', 'no-cache').type(CONTENT_TYPES['.html']!).send(html);
  const sendApp = (reply: FastifyReply, status: number) => sendHtml(reply, status, indexHtml);

  /**
   * `/` with the landing page already rendered, for whoever will certainly see it: no session cookie (so not
   * signed in) and no maintenance. Everyone else gets the plain app, which decides once it knows who they are.
   */
  const sendHome = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('vary', 'Cookie');
    const visitor = landingHtml !== null && !hasSessionCookie(request.headers.cookie) && !(await maintenanceMode());
    return sendHtml(reply, 200, visitor ? landingHtml : indexHtml);
  };

  return async (app) => {
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = decodePathname(request.url);
      if (pathname === null) return sendApp(reply, 404);
      if (SERVER_PATH.test(pathname)) return reply.callNotFound();
      if (pathname === '/') return sendHome(request, reply);
      if (isAppRoute(pathname)) return sendApp(reply, 200);

      const file = await findFile(root, pathname);
      if (file) {
        const hashed = pathname.startsWith(HASHED_ASSETS_PREFIX);
        return reply
          .header('cache-control', hashed ? IMMUTABLE : SHORT_CACHE)
          .type(CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream')
          .send(await readFile(file));
      }
      // A missing hashed asset is an old build's file: a plain 404 rather than a page, so a script tag fails cleanly.
      if (pathname.startsWith(HASHED_ASSETS_PREFIX)) return reply.callNotFound();
      return sendApp(reply, 404);
    };
    app.get('/', { schema: { hide: true } }, handle);
    app.get('/*', { schema: { hide: true } }, handle);
  };
}

function decodePathname(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0]!);
  } catch {
    return null;
  }
}

/** The file under root a URL path names, never outside root and never one of the app's pages (served above). */
async function findFile(root: string, pathname: string): Promise<string | null> {
  const file = path.resolve(root, `.${pathname}`);
  if (!file.startsWith(root + path.sep) || [INDEX_HTML_FILE, LANDING_HTML_FILE].some((page) => file === path.join(root, page))) return null;
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? file : null;
}
