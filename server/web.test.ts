import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from './http/compression.ts';
import type { SiteCredit } from '../web/src/prerendered.ts';
import { loadConfig, siteCredit } from './config.ts';
import { pageScriptHashes, webRoutes } from './web.ts';
import { THEME_INIT_SCRIPT } from '../web/theme-init-script.ts';

const INDEX_HTML = '<!doctype html><title>app</title><div id="root"></div>';
const APP_JS = `export const words = ${JSON.stringify('hacker news '.repeat(200))};`;
const LANDING_HTML = '<!doctype html><title>app</title><div id="root" data-prerendered><h1>Landing</h1></div>';

describe('webRoutes', () => {
  let distDir: string;
  let app: FastifyInstance;
  let maintenance = false;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(distDir, 'landing.html'), LANDING_HTML);
    await writeFile(path.join(distDir, 'assets/index-abc123.js'), 'console.log(1)');
    await writeFile(path.join(distDir, 'favicon.svg'), '<svg/>');
    await writeFile(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    await writeFile(path.join(distDir, 'manifest.webmanifest'), '{"name":"HN Trends"}');
    await writeFile(path.join(distDir, 'assets/app-def456.js'), APP_JS);
    await writeFile(path.join(distDir, 'assets/app-def456.js.br'), brotliCompressSync(APP_JS));
    await writeFile(path.join(distDir, 'assets/app-def456.js.gz'), gzipSync(APP_JS));
    await writeFile(path.join(tmpdir(), 'outside-dist.txt'), 'secret');

    app = Fastify();
    // As in server/app.ts: the API's JSON 404, one API route, and the web app registered last.
    app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: `No route for ${request.method} ${request.url}` }));
    app.get('/api/stories/trending', async () => ({ stories: [] }));
    await app.register(webRoutes({ distDir, maintenanceMode: async () => maintenance }));
  });

  afterAll(async () => {
    await app.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it.each([
    '/signin',
    '/about',
    '/preferences',
    '/profile',
    '/profile/alice',
    '/share/abc123',
    '/share/abc123/some-title',
    '/shared-story/abc123',
    '/unsubscribe/token?type=weekly_digest',
    '/admin',
    '/admin/shared-links-analytics',
    '/keywords/',
  ])('answers the route table path %s with the app, never cached', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it.each(['/nope', '/share/a/b/c', '/profile/a/b', '/admin/unknown', '/assets'])('answers the unknown page %s with the app and status 404', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(INDEX_HTML);
  });

  it('answers / with the prerendered landing page for visitors without a session cookie', async () => {
    for (const headers of [{}, { cookie: 'theme=dark; other=1' }, { cookie: 'xhnt.session_token=a' }]) {
      const response = await app.inject({ url: '/', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toContain('Cookie');
      expect(response.body).toBe(LANDING_HTML);
    }
    expect((await app.inject({ url: '/?ref=hn' })).body).toBe(LANDING_HTML);
  });

  it('answers / with the plain app for a session cookie or during maintenance', async () => {
    for (const cookie of ['hnt.session_token=abc', 'a=1; __Secure-hnt.session_token=abc.def']) {
      const response = await app.inject({ url: '/', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
    }
    maintenance = true;
    try {
      expect((await app.inject({ url: '/' })).body).toBe(INDEX_HTML);
    } finally {
      maintenance = false;
    }
  });

  it('never serves the pages as files', async () => {
    for (const url of ['/index.html', '/landing.html']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(INDEX_HTML);
    }
  });

  it('serves hashed assets cached for a year', async () => {
    const response = await app.inject({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('console.log(1)');
  });

  it('sends the compressed copy the client accepts, brotli first', async () => {
    const brotli = await app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(APP_JS);

    const gzip = await app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(APP_JS);

    const plain = await app.inject({ url: '/assets/app-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('never sends an encoding the client refused or the file has no copy in', () => {
    const both = ['br', 'gzip'] as const;
    expect(preferredEncoding('br;q=0, gzip;q=0', both)).toBeNull();
    expect(preferredEncoding('identity', both)).toBeNull();
    expect(preferredEncoding('*', both)).toBe('br');
    expect(preferredEncoding(' GZIP ;q=0.5', both)).toBe('gzip');
    expect(preferredEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(preferredEncoding(undefined, both)).toBeNull();
  });

  it('serves unhashed public files with a short cache', async () => {
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves the service worker as a script revalidated on every update check, and the manifest with its type', async () => {
    const worker = await app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves the empty app as the shell the service worker precaches, never cached by HTTP for long', async () => {
    const response = await app.inject({ url: '/app-shell.html' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('answers a missing asset with a plain 404, not the app', async () => {
    const response = await app.inject({ url: '/assets/index-old.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No route for GET /assets/index-old.js' });
  });

  it('keeps the JSON 404 for unknown API and server paths, however spelled (never the app or the landing page)', async () => {
    for (const url of ['/api/nope', '/api', '/healthz/x', '/API/nope', '/Metrics', '/%61pi/nope', '/api%2Fnope']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toHaveProperty('message');
    }
  });

  it('leaves API routes alone', async () => {
    const response = await app.inject({ url: '/api/stories/trending' });
    expect(response.json()).toEqual({ stories: [] });
  });

  it('never serves files outside the build', async () => {
    for (const url of ['/../outside-dist.txt', '/%2e%2e/outside-dist.txt', '/assets/..%2f..%2foutside-dist.txt']) {
      const response = await app.inject({ url });
      expect(response.body).not.toContain('secret');
    }
  });
});

/** A stand-in for the built server-side renderer: it asks the API as the page's visitor, then renders what it heard. */
const FAKE_RENDERER = `
export async function preloadRenderedPages() {}
export async function loadSignedInHomeState(call, search, screen) {
  const who = await call('/api/whoami');
  if (who.body?.name === 'linker') return { audience: 'signed-in', state: { search }, darkMode: false };
  if (who.body?.name === 'measurer') return { audience: 'signed-in', state: { screen }, darkMode: false };
  if (who.status === 401) return { audience: 'visitor' };
  if (who.body.name === 'broken') throw new Error('the stories call failed');
  if (who.body.name === 'locked-out') return { audience: 'maintenance' };
  const echo = await call('/api/echo', { ids: [1, 2] });
  return { audience: 'signed-in', state: { name: who.body.name, echo: echo.body }, darkMode: who.body.name === 'night-owl' };
}
export async function renderSignedInHome(state, search) {
  if (state.search !== undefined) return '<div id="root" data-prerendered>' + search + '</div>';
  if (state.screen !== undefined) return '<div id="root" data-prerendered>' + state.screen + '</div>';
  // A long render: the HTTP thread must not wait on it.
  if (state.name === 'slow') {
    const until = Date.now() + 400;
    while (Date.now() < until);
  }
  if (state.name === 'crash') process.exit(3);
  if (state.name === 'throws') throw new Error('the render failed');
  return '<div id="root" data-prerendered>' + state.name + ' — $& ' + JSON.stringify(state.echo) + '</div>';
}
`;
/** The rendered pages' template links the build's stylesheet disabled; each page carries the rules its markup uses. */
const PAGE_TEMPLATE = `<!doctype html><html lang="en"><head><link rel="stylesheet" crossorigin href="/assets/index-1.css" disabled><script>${THEME_INIT_SCRIPT}</script></head><div id="root"></div>`;
const STYLESHEET = 'body{margin:0}.figures{color:red}.unused{color:blue}';

/** Writes a build with the renderer `renderer` and the page template. */
async function writeRenderedBuild(distDir: string, ssrDir: string, renderer: string): Promise<void> {
  await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(distDir, 'landing.html'), LANDING_HTML);
  await mkdir(path.join(distDir, 'assets'), { recursive: true });
  await writeFile(path.join(distDir, 'assets/index-1.css'), STYLESHEET);
  await writeFile(path.join(ssrDir, 'prerender.js'), renderer);
  await writeFile(path.join(ssrDir, 'page.html'), PAGE_TEMPLATE);
}

describe('webRoutes with the server-side renderer', () => {
  let distDir: string;
  let ssrDir: string;
  let app: FastifyInstance;
  let maintenance = false;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
    ssrDir = await mkdtemp(path.join(tmpdir(), 'web-ssr-'));
    await writeRenderedBuild(distDir, ssrDir, FAKE_RENDERER);

    app = Fastify();
    // The session is the cookie's value here; 'stale' is one the server no longer knows.
    const sessionOf = (cookie: string | undefined) => /hnt\.session_token=([\w-]+)/.exec(cookie ?? '')?.[1];
    app.get('/api/whoami', async (request, reply) => {
      const name = sessionOf(request.headers.cookie);
      return name && name !== 'stale' ? { name } : reply.code(401).send({ message: 'Unauthorized' });
    });
    app.post('/api/echo', async (request) => ({ body: request.body, ip: request.ip, method: request.method }));
    await app.register(webRoutes({ distDir, ssrDir, maintenanceMode: async () => maintenance }));
  });

  afterAll(async () => {
    await app.close();
    await rm(distDir, { recursive: true, force: true });
    await rm(ssrDir, { recursive: true, force: true });
  });

  it("renders / for a session's owner from the API answers they would get, kept out of shared caches", async () => {
    const response = await app.inject({ url: '/', headers: { cookie: 'hnt.session_token=ada' }, remoteAddress: '203.0.113.9' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toContain('Cookie');
    // The rendered root replaces the template's, verbatim ('$&' is not a replacement pattern here), in UTF-8.
    const echo = JSON.stringify({ body: { ids: [1, 2] }, ip: '203.0.113.9', method: 'POST' });
    // The head ends with the stylesheet's rules the page uses: here only the one for every element.
    const page = `<!doctype html><html data-account-theme lang="en"><head><style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/index-1.css" disabled></head><div id="root" data-prerendered>ada — $& ${echo}</div>`;
    expect(response.body).toBe(page);
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(page)));
  });

  it('compresses the rendered page on the render thread as the client accepts, brotli first', async () => {
    const plain = await app.inject({ url: '/', headers: { cookie: 'hnt.session_token=ada' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Cookie, Accept-Encoding');
    const brotli = await app.inject({ url: '/', headers: { cookie: 'hnt.session_token=ada', 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.headers['content-length']).toBe(String(brotli.rawPayload.length));
    const gzip = await app.inject({ url: '/', headers: { cookie: 'hnt.session_token=ada', 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it("hands the renderer the page's query string, where the story list keeps its view", async () => {
    const cookie = { cookie: 'hnt.session_token=linker' };
    expect((await app.inject({ url: '/?sort=time&window=1h&page=2', headers: cookie })).body).toContain('data-prerendered>?sort=time&window=1h&page=2</div>');
    expect((await app.inject({ url: '/', headers: cookie })).body).toContain('data-prerendered></div>');
  });

  it('hands the renderer the screen the page is asked from, a phone or a larger one', async () => {
    const cookie = 'hnt.session_token=measurer';
    const phone = { cookie, 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148' };
    expect((await app.inject({ url: '/', headers: phone })).body).toContain('data-prerendered>phone</div>');
    expect((await app.inject({ url: '/', headers: { cookie, 'sec-ch-ua-mobile': '?1' } })).body).toContain('data-prerendered>phone</div>');
    expect((await app.inject({ url: '/', headers: { cookie, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' } })).body).toContain(
      'data-prerendered>large</div>',
    );
  });

  it("starts the page in the person's dark theme when their preferences ask for it", async () => {
    const response = await app.inject({ url: '/', headers: { cookie: 'hnt.session_token=night-owl' } });
    expect(response.body).toMatch(/^<!doctype html><html class="dark" data-account-theme lang="en"><head>.*<\/head><div id="root" data-prerendered>night-owl /);
    // The theme script would leave a page in the person's theme alone: it is not sent.
    expect(response.body).not.toContain(THEME_INIT_SCRIPT);
  });

  it('sends the landing page for a stale session cookie, or the plain app during maintenance', async () => {
    const stale = { url: '/', headers: { cookie: 'hnt.session_token=stale' } };
    expect((await app.inject(stale)).body).toBe(LANDING_HTML);
    maintenance = true;
    try {
      expect((await app.inject(stale)).body).toBe(INDEX_HTML);
    } finally {
      maintenance = false;
    }
  });

  it('sends the plain app when the page is the maintenance page, or when gathering or rendering fails', async () => {
    for (const name of ['locked-out', 'broken', 'throws']) {
      const response = await app.inject({ url: '/', headers: { cookie: `hnt.session_token=${name}` } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    }
  });

  it('renders on a thread of its own: a long render holds no other request', async () => {
    const slow = app.inject({ url: '/', headers: { cookie: 'hnt.session_token=slow' } }).then((response) => ({ response, at: performance.now() }));
    // Once the slow page is being rendered, another request is answered while it still is.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const other = await app.inject({ url: '/api/whoami', headers: { cookie: 'hnt.session_token=ada' } });
    const otherAt = performance.now();
    expect(other.json()).toEqual({ name: 'ada' });
    const { response, at } = await slow;
    expect(response.body).toContain('data-prerendered>slow ');
    expect(at).toBeGreaterThan(otherAt);
  });

  it('falls back to the plain app when the render thread dies, and renders again with a new one', async () => {
    const crashed = await app.inject({ url: '/', headers: { cookie: 'hnt.session_token=crash' } });
    expect(crashed.statusCode).toBe(200);
    expect(crashed.body).toBe(INDEX_HTML);
    const next = await app.inject({ url: '/', headers: { cookie: 'hnt.session_token=ada' } });
    expect(next.body).toContain('data-prerendered>ada — $& ');
  });

  it('still sends visitors without a session cookie the landing page', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.body).toBe(LANDING_HTML);
  });
});

/** A renderer whose landing page shows the figures it asked the API for as a visitor, and counts its renders. */
const LANDING_RENDERER = `
${FAKE_RENDERER}
let landings = 0;
export async function loadLandingState(call) {
  const figures = await call('/api/figures');
  if (figures.status !== 200) throw new Error('no figures');
  return { figures: figures.body };
}
export function renderLanding(state) {
  landings++;
  return '<div id="root" data-prerendered="landing"><p class="figures">' + state.figures.stories + ' stories, render ' + landings + '</p></div>';
}
`;

/** A server of a build with the landing page's template and LANDING_RENDERER, whose /api/figures `answer` gives. */
async function landingServer(answer: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) {
  const distDir = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
  const ssrDir = await mkdtemp(path.join(tmpdir(), 'web-ssr-'));
  await writeRenderedBuild(distDir, ssrDir, LANDING_RENDERER);
  const app = Fastify();
  app.get('/api/figures', answer);
  await app.register(webRoutes({ distDir, ssrDir, maintenanceMode: async () => false }));
  const close = async () => {
    await app.close();
    await rm(distDir, { recursive: true, force: true });
    await rm(ssrDir, { recursive: true, force: true });
  };
  return { app, close };
}

describe('the landing page rendered with its answers', () => {
  it('sends visitors the landing page rendered from the answers a visitor gets, rendered once and kept, compressed alike', async () => {
    let askedWithCookie: string | undefined = 'not asked';
    const { app, close } = await landingServer(async (request) => {
      askedWithCookie = request.headers.cookie;
      return { stories: 1274 };
    });
    try {
      // With the stylesheet's rules its markup uses, the rule of a class it lacks left out.
      const page =
        // A visitor's page keeps the theme script: their browser may have stored the dark theme.
        `<!doctype html><html lang="en"><head><style>body{margin:0}.figures{color:red}</style><link rel="stylesheet" crossorigin href="/assets/index-1.css" disabled><script>${THEME_INIT_SCRIPT}</script></head>` +
        '<div id="root" data-prerendered="landing"><p class="figures">1274 stories, render 1</p></div>';
      const [first, second] = await Promise.all([app.inject({ url: '/' }), app.inject({ url: '/', headers: { cookie: 'theme=dark' } })]);
      expect(first.body).toBe(page);
      expect(second.body).toBe(page);
      expect(askedWithCookie).toBeUndefined();
      expect(first.headers['cache-control']).toBe('no-cache');
      const brotli = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(page);
    } finally {
      await close();
    }
  });

  it('sends the landing page as built when its answers fail', async () => {
    const { app, close } = await landingServer(async (_request, reply) => reply.code(503).send({ message: 'Service Unavailable' }));
    try {
      expect((await app.inject({ url: '/' })).body).toBe(LANDING_HTML);
    } finally {
      await close();
    }
  });
});

describe('the footer credit in the pages served as built', () => {
  const PAGE = '<!doctype html><html lang="en"><head><title>app</title></head><body><div id="root"></div></body></html>';
  let distDir: string;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
    await writeFile(path.join(distDir, 'index.html'), PAGE);
    await writeFile(path.join(distDir, 'index.html.br'), brotliCompressSync(PAGE));
    await writeFile(path.join(distDir, 'landing.html'), PAGE.replace('<div id="root">', '<div id="root" data-prerendered>'));
  });
  afterAll(async () => rm(distDir, { recursive: true, force: true }));

  const served = async (credit: SiteCredit) => {
    const app = Fastify();
    await app.register(webRoutes({ distDir, maintenanceMode: async () => false, credit }));
    try {
      const about = await app.inject({ url: '/about' });
      const landing = await app.inject({ url: '/' });
      const compressed = await app.inject({ url: '/about', headers: { 'accept-encoding': 'br' } });
      expect(compressed.headers['content-encoding']).toBe('br');
      return { page: about.body, landing: landing.body, compressed: brotliDecompressSync(compressed.rawPayload).toString() };
    } finally {
      await app.close();
    }
  };

  it('puts the configured credit in the head of the app and the landing page, compressed copies too', async () => {
    const config = loadConfig({ CREDIT_NAME: 'Ada Lovelace', CREDIT_COFFEE_URL: 'https://www.buymeacoffee.com/ada' });
    const { page, landing, compressed } = await served(siteCredit(config));
    const element = `<script type="application/json" id="site-credit">{"name":"Ada Lovelace","coffeeUrl":"https://www.buymeacoffee.com/ada"}</script></head>`;
    expect(page).toContain(element);
    expect(landing).toContain(element);
    expect(compressed).toBe(page);
  });

  it('by default, credits the contributors and has no coffee link', async () => {
    const { page } = await served(siteCredit(loadConfig({})));
    expect(page).toContain('{"name":"the HN Trends contributors","coffeeUrl":""}');
  });

  it('refuses a coffee link that is not an address, and a name that is too long', () => {
    expect(() => loadConfig({ CREDIT_COFFEE_URL: 'buy me one' })).toThrow(/CREDIT_COFFEE_URL/);
    expect(() => loadConfig({ CREDIT_NAME: 'x'.repeat(101) })).toThrow(/CREDIT_NAME/);
  });
});

describe('pageScriptHashes', () => {
  it("allows the template's inline scripts by their hash, not its data or its scripts by address", async () => {
    const ssrDir = await mkdtemp(path.join(tmpdir(), 'web-ssr-'));
    try {
      expect(pageScriptHashes(ssrDir)).toEqual([]);
      expect(pageScriptHashes(undefined)).toEqual([]);
      const template =
        '<head><script>theme()</script><script type="module" src="/assets/a.js"></script></head>' +
        '<div id="root"></div><script type="application/json" id="x">{}</script><script data-app-entry="/assets/b.js">start()</script>';
      await writeFile(path.join(ssrDir, 'page.html'), template);
      const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
      expect(pageScriptHashes(ssrDir)).toEqual([hash('theme()'), hash('start()')]);
    } finally {
      await rm(ssrDir, { recursive: true, force: true });
    }
  });
});
