import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createMatrixFixtures, matrixRowsFor, needsSignIn, urlFor, type MatrixFixtures } from '../support/route-matrix.ts';

/**
 * Checks hold however a path is spelled. The router decodes `%61` and resolves dot segments before it matches
 * a route, so `/%61pi/bookmarks` is `/api/bookmarks` to it; a check that looks at the raw URL does not see
 * that. Every route of the server is sent through a set of spellings over real HTTP (the test client
 * `inject` would resolve dot segments itself), and each guard must still apply: the request is refused
 * (400 for the spelling, 403 for the foreign Origin, 401 for the visitor, 404, 429), never executed.
 */
const FOREIGN_ORIGIN = 'https://attacker.example';

interface Spelling {
  name: string;
  /** Spellings the server refuses outright (400); the others are canonical paths of their own. */
  refused: boolean;
  spell: (segments: string[]) => string | null;
}

/** `/a/b/c` rebuilt from its segments. */
const join = (segments: string[]) => `/${segments.join('/')}`;
const encodeFirstLetter = (segment: string) => segment.replace(/[a-z]/i, (letter) => `%${letter.charCodeAt(0).toString(16)}`);
const insertAfterFirst = (segments: string[], inserted: string) => `/${segments[0]}/${inserted}${segments.slice(1).join('/')}`;

const SPELLINGS: Spelling[] = [
  { name: 'percent-encoded letter in the first segment', refused: true, spell: (s) => join([encodeFirstLetter(s[0]!), ...s.slice(1)]) },
  {
    name: 'percent-encoded letter in a later segment',
    refused: true,
    spell: (s) => {
      const index = s.findLastIndex((segment, i) => i > 0 && /[a-z]/i.test(segment));
      return index === -1 ? null : join(s.map((segment, i) => (i === index ? encodeFirstLetter(segment) : segment)));
    },
  },
  { name: '/./ inserted', refused: true, spell: (s) => insertAfterFirst(s, './') },
  { name: '/x/../ inserted', refused: true, spell: (s) => insertAfterFirst(s, 'x/../') },
  { name: 'mixed-case %2E segment', refused: true, spell: (s) => insertAfterFirst(s, '%2E/') },
  { name: 'encoded dot-dot segment', refused: true, spell: (s) => insertAfterFirst(s, 'x/%2e%2E/') },
  { name: 'doubled slash', refused: true, spell: (s) => insertAfterFirst(s, '/') },
  { name: 'backslash', refused: true, spell: (s) => (s.length > 1 ? `/${s[0]}\\${s.slice(1).join('/')}` : null) },
  { name: 'encoded slash', refused: true, spell: (s) => (s.length > 1 ? `/${s[0]}%2F${s.slice(1).join('/')}` : null) },
  { name: 'absolute-form target', refused: true, spell: (s) => `http://localhost${join(s)}` },
  { name: 'trailing slash', refused: false, spell: (s) => `${join(s)}/` },
];

/** Every spelling of a URL (its query kept), each with its name. */
function spellingsOf(url: string): { name: string; refused: boolean; url: string }[] {
  const [path = '', query] = url.split('?');
  const segments = path.split('/').slice(1);
  return SPELLINGS.flatMap(({ name, refused, spell }) => {
    const spelled = spell(segments);
    return spelled === null ? [] : [{ name, refused, url: query === undefined ? spelled : `${spelled}?${query}` }];
  });
}

interface RawResponse {
  status: number;
  body: string;
}

/** One request over real HTTP with its target sent exactly as written. */
function send(port: number, options: { method?: string; target: string; headers?: Record<string, string>; payload?: object }): Promise<RawResponse> {
  const body = options.payload === undefined ? undefined : JSON.stringify(options.payload);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.target,
        // A length, even 0: without one Node sends a DELETE's empty body chunked, which is a body to parse.
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(body ?? '')), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function listen(t: TestApp): Promise<number> {
  await t.app.server.listen({ host: '127.0.0.1', port: 0 });
  return (t.app.server.server.address() as AddressInfo).port;
}

describe('checks hold however a path is spelled', () => {
  let t: TestApp;
  let port: number;
  let fixtures: MatrixFixtures;

  beforeAll(async () => {
    // The general limit is tested on its own app below; here it would count the hundreds of requests.
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '0' } });
    fixtures = await createMatrixFixtures(t);
    port = await listen(t);
  }, 120_000);
  afterAll(async () => t?.close());

  const rows = () => matrixRowsFor(t.app.routes);

  it('refuses every non-canonical spelling of every route with 400, before anything runs', async () => {
    const answered: string[] = [];
    for (const [key, row] of rows()) {
      for (const spelling of spellingsOf(urlFor(row, fixtures, fixtures.people.user)).filter((s) => s.refused)) {
        const response = await send(port, { method: row.request.method, target: spelling.url, headers: { cookie: fixtures.people.user.cookie }, payload: row.request.payload });
        if (response.status !== 400) answered.push(`${key} as ${spelling.url} (${spelling.name}): ${response.status}`);
      }
    }
    expect(answered).toEqual([]);
  }, 120_000);

  it('refuses a state-changing request with a foreign Origin on every route, however its path is spelled', async () => {
    // The one route whose signed link is its whole authority takes a mail provider's one-click POST from anywhere.
    const anyOrigin = new Set(t.app.routes.filter((route) => route.signedLinkOnly).map((route) => `${route.method} ${route.url}`));
    expect([...anyOrigin]).toEqual(['POST /api/unsubscribe/:token']);
    const executed: string[] = [];
    for (const [key, row] of rows().filter(([key, row]) => (row.request.method ?? 'GET') !== 'GET' && !anyOrigin.has(key))) {
      const url = urlFor(row, fixtures, fixtures.people.user);
      for (const spelling of [{ name: 'as declared', refused: false, url }, ...spellingsOf(url)]) {
        const response = await send(port, {
          method: row.request.method,
          target: spelling.url,
          headers: { cookie: fixtures.people.user.cookie, origin: FOREIGN_ORIGIN },
          payload: row.request.payload,
        });
        if (![400, 403, 404].includes(response.status)) executed.push(`${key} as ${spelling.url} (${spelling.name}): ${response.status}`);
      }
      const declared = await send(port, { method: row.request.method, target: url, headers: { cookie: fixtures.people.user.cookie, origin: FOREIGN_ORIGIN }, payload: row.request.payload });
      expect(declared.status, key).toBe(403);
    }
    expect(executed).toEqual([]);
  }, 120_000);

  it('answers a visitor 401 on every user-only route, however its path is spelled', async () => {
    const served: string[] = [];
    for (const [key, row] of rows().filter(([, , access]) => needsSignIn(access))) {
      const url = urlFor(row, fixtures, undefined);
      expect((await send(port, { method: row.request.method, target: url, payload: row.request.payload })).status, key).toBe(401);
      for (const spelling of spellingsOf(url)) {
        const response = await send(port, { method: row.request.method, target: spelling.url, payload: row.request.payload });
        if (![400, 401, 404].includes(response.status)) served.push(`${key} as ${spelling.url} (${spelling.name}): ${response.status}`);
      }
    }
    expect(served).toEqual([]);
  }, 120_000);

  it('keeps the sign-in limits on every spelling of the sign-in path', async () => {
    const account = { email: fixtures.people.admin.email, password: 'not the password at all' };
    const spelled = [
      '/api/auth/./sign-in/email',
      '/api/%61uth/sign-in/email',
      '/api/auth/%2E/sign-in/email',
      '/api/auth/x/../sign-in/email',
      '/api/auth/sign-in%2Femail',
      '/api//auth/sign-in/email',
      '/%61pi/auth/sign-in/email',
      '/api/auth/sign-in/email/',
      '/api/auth/sign-in/email#fragment',
      'http://localhost/api/auth/sign-in/email',
    ];
    // Enough tries of each spelling to pass the limits (10 a minute per address) were they not counted.
    const reachedSignIn: string[] = [];
    for (const target of spelled) {
      for (let attempt = 0; attempt < 11; attempt++) {
        const response = await send(port, { method: 'POST', target, payload: account });
        if (![400, 404, 429].includes(response.status)) reachedSignIn.push(`${target}: ${response.status}`);
      }
    }
    expect(reachedSignIn).toEqual([]);
  }, 120_000);

  it('does not answer an API path with a page in any case or spelling', async () => {
    for (const target of ['/API/bookmarks', '/Api/stories/top', '/%61pi/nowhere']) {
      const response = await send(port, { target });
      expect(response.status, target).toBeGreaterThanOrEqual(400);
      expect(response.body, target).not.toContain('<html');
    }
  });
});

describe('the general rate limit, however a path is spelled', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
    port = await listen(t);
  }, 120_000);
  afterAll(async () => t?.close());

  it('never serves a spelling of an API path past the limit', async () => {
    const url = '/api/stories/top';
    expect((await send(port, { target: url })).status).toBe(200);
    expect((await send(port, { target: url })).status).toBe(200);
    const served = [];
    for (const spelling of spellingsOf(url)) {
      const response = await send(port, { target: spelling.url });
      if (![400, 404, 429].includes(response.status)) served.push(`${spelling.url} (${spelling.name}): ${response.status}`);
    }
    expect(served).toEqual([]);
    expect((await send(port, { target: url })).status).toBe(429);
  });
});
