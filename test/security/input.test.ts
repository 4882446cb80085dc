import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BODY_LIMIT_BYTES } from '../../server/http/json-body.ts';
import { setRole, signUp, type TestUser } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { seedStories } from '../support/seed.ts';

/**
 * Bad input is a 400, never a 500. Every route the server answers is driven with generated bad input (text with
 * NUL and lone surrogates, huge, negative and fractional numbers, ids past PostgreSQL's integer, over-long text,
 * deep JSON, wrong types) in its path, query string and body, as a signed-in admin so no guard hides the
 * validation; then the clearly invalid cases are checked to be exactly 400.
 */

const SHARE_TOKEN = 'inputShareToken_0123456789abcdefghijklmnopq';
const MAX_INT = 2_147_483_647;

/** Routes that end the admin's session or account; the fuzzing would sign itself out. */
const DESTRUCTIVE = new Set(['GET /api/logout', 'DELETE /api/user']);

/** The better-auth endpoints fuzzed behind `/api/auth/*`, with a valid body for each. */
const AUTH_BODIES: Record<string, () => Record<string, unknown>> = {
  '/api/auth/sign-up/email': () => ({ name: 'Fuzz Reader', email: uniqueEmail(), password: 'correct horse battery staple' }),
  '/api/auth/sign-in/email': () => ({ email: uniqueEmail(), password: 'correct horse battery staple' }),
};

/** A valid body for each route that takes one: the fuzzing replaces its fields one at a time. */
const BODIES: Record<string, () => Record<string, unknown>> = {
  'PATCH /api/user/preferences': () => ({ darkMode: true, storiesPerPage: 25, minStoryScore: 10 }),
  'POST /api/user/onboarding/complete': () => ({ emailNotifications: false, weeklyDigest: false, timezone: 'UTC' }),
  'PUT /api/profile': () => ({ displayName: 'Ann', bio: 'Reads.', location: 'Oslo', website: 'https://example.com/', twitterHandle: 'ann', githubHandle: 'ann' }),
  'PATCH /api/email/frequency-controls/:emailType': () => ({ frequency: 'daily', maxEmailsPerDay: 3, quietHoursStart: 22, quietHoursEnd: 8, timezone: 'UTC' }),
  'POST /api/contact': () => ({ name: 'Ann', email: 'ann@example.com', subject: 'Hello', message: 'Nice site.' }),
  'POST /api/bookmarks': () => ({ storyId: 1 }),
  'POST /api/bookmarks/check-batch': () => ({ storyIds: [1] }),
  'POST /api/story-watches': () => ({ storyId: 1 }),
  'POST /api/story-watches/check-batch': () => ({ storyIds: [1] }),
  'POST /api/stories/:id/notes': () => ({ note: 'A note.' }),
  'PUT /api/stories/:id/notes': () => ({ note: 'Changed.' }),
  'POST /api/story-notes/check-batch': () => ({ storyIds: [1] }),
  'POST /api/content-flags': () => ({ storyId: 1, flagType: 'spam', reason: 'Looks like spam.' }),
  'POST /api/content-flags/check-batch': () => ({ storyIds: [1] }),
  'POST /api/story-statuses/check-batch': () => ({ storyIds: [1] }),
  'POST /api/shared-links': () => ({ storyId: 1, customTitle: 'Read this', customDescription: 'Good.' }),
  'POST /api/shared-links/:shareToken/click': () => ({ clickType: 'article' }),
  'POST /api/analytics/track': () => ({
    eventType: 'story_view',
    properties: { viewType: 'title_click', title: 'Story 1', url: 'https://example.com/1', score: 5, position: 'regular' },
  }),
};

/** Valid values for the path parameters, so a request reaches the input under test. */
const PARAMS: Record<string, () => string> = {
  id: () => '1',
  storyId: () => '1',
  emailType: () => 'keyword_alert',
  shareToken: () => SHARE_TOKEN,
  slug: () => 'story-1',
  identifier: () => admin.id,
};

const QUERY_KEYS = ['page', 'limit', 'hours', 'minScore', 'minVelocity', 'timeFilter', 'returnTo', 'token', 'callbackURL', 'id'];

let t: TestApp;
let admin: TestUser;
let emailCounter = 0;
let addressCounter = 0;
const uniqueEmail = () => `fuzz${++emailCounter}-${Date.now()}@example.com`;
/** A fresh client address per request: the rate limits are not under test here. */
const nextAddress = () => `10.77.${(++addressCounter >> 8) & 255}.${addressCounter & 255}`;

beforeAll(async () => {
  t = await createTestApp({ env: { HN_API_URL: 'http://127.0.0.1:9/v0', HN_RETRIES: '0', HN_TIMEOUT_MS: '200' } });
  const pool = t.db.database.pool;
  await seedStories(pool, [{ hnId: 1, time: Math.floor(Date.now() / 1000) - 600, score: 5 }]);
  admin = await signUp(t.app.server, { name: 'Admin' });
  await setRole(pool, admin.id, 'admin');
  await pool.query(`INSERT INTO announcements (title, message) VALUES ('Hello', 'World')`);
  await pool.query(`INSERT INTO shared_links (share_token, user_id, story_id) VALUES ($1, $2, 1)`, [SHARE_TOKEN, admin.id]);
}, 120_000);
afterAll(async () => t?.close());

interface Attempt {
  method: string;
  url: string;
  /** A JSON text, sent as it is (so deep or odd JSON reaches the server unchanged). */
  body?: string;
}

async function send(attempt: Attempt) {
  return t.app.server.inject({
    method: attempt.method as 'GET',
    url: attempt.url,
    headers: { cookie: admin.cookie, ...(attempt.body === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: attempt.body,
    remoteAddress: nextAddress(),
  });
}

// Generators of bad input.

/** Text units that PostgreSQL cannot store, mixed with any code point. */
const nastyUnit = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\u202e', '\ufeff') },
  { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);
const nastyString = fc.oneof(
  fc.string({ unit: nastyUnit, maxLength: 30 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', '-1', '0', '1.5', '1e400', 'NaN', String(MAX_INT + 1), '9'.repeat(30), 'x'.repeat(10_001)),
);
const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 0.5, 1.5, MAX_INT + 1, 2 ** 53 + 2, -(2 ** 53), 1e308, Number.MIN_VALUE),
);
const nastyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: nastyString },
    { weight: 2, arbitrary: nastyNumber },
    { weight: 1, arbitrary: fc.oneof(fc.boolean(), fc.constant(null)) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(nastyString, tie('value'), { maxKeys: 3 }) },
  ),
})).value;

/** Bytes as a percent-encoded path segment or query value: NUL, invalid UTF-8 and encoded surrogates included. */
const encodedBytes = fc
  .uint8Array({ minLength: 1, maxLength: 12 })
  .map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''));
const nastyParam = fc.oneof(
  encodedBytes,
  fc.integer().map(String),
  fc.double({ noNaN: true }).map((value) => encodeURIComponent(String(value))),
  fc.constantFrom(String(MAX_INT + 1), '4294967296', '9'.repeat(30), '-1', '0', '1.5', '1e3', '%00', 'a%00b', '%ED%A0%80', '%', '%zz', 'x'.repeat(3000)),
);

/** The deepest nesting that fits the body limit: deep enough to overflow the stack of a recursive walk. */
const DEEPEST = Math.floor(API_BODY_LIMIT_BYTES / 2) - 10;
/** Nesting `depth` levels deep, built as text: nothing here re-serialises it. */
const deepJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

function fillPath(url: string, params: Record<string, string> = {}): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => params[name] ?? PARAMS[name]?.() ?? '1');
}

/** The concrete requests of a route of the server: one per better-auth endpoint behind the wildcard. */
function targets(route: { method: string; url: string }): { method: string; pattern: string; body?: () => Record<string, unknown> }[] {
  if (route.url === '/api/auth/*') {
    if (route.method === 'GET') return [{ method: 'GET', pattern: '/api/auth/get-session' }];
    return Object.entries(AUTH_BODIES).map(([pattern, body]) => ({ method: 'POST', pattern, body }));
  }
  if (route.url.endsWith('*')) return [{ method: route.method, pattern: route.url.replace('*', 'some/page') }];
  const key = `${route.method} ${route.url}`;
  const body = BODIES[key] ?? (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) ? () => ({}) : undefined);
  return [{ method: route.method, pattern: route.url, body }];
}

/** One bad request for a route: a bad path parameter, a bad query string, a bad field, or a bad body. */
function badAttempt(target: ReturnType<typeof targets>[number]): fc.Arbitrary<Attempt> {
  const { method, pattern, body } = target;
  const names = [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const validBody = () => (body ? JSON.stringify(body()) : undefined);
  const choices: fc.WeightedArbitrary<Attempt>[] = [];
  const add = (weight: number, arbitrary: fc.Arbitrary<Attempt>) => choices.push({ weight, arbitrary });
  add(
    1,
    fc
      .dictionary(fc.constantFrom(...QUERY_KEYS), nastyParam, { minKeys: 1, maxKeys: 3 })
      .map((query) => ({ method, url: `${fillPath(pattern)}?${Object.entries(query).map(([name, value]) => `${name}=${value}`).join('&')}`, body: validBody() })),
  );
  if (names.length > 0) {
    add(
      2,
      fc.tuple(fc.constantFrom(...names), nastyParam).map(([name, value]) => ({ method, url: fillPath(pattern, { [name]: value }), body: validBody() })),
    );
  }
  if (body) {
    const fields = Object.keys(body());
    add(1, nastyJson.map((value) => ({ method, url: fillPath(pattern), body: JSON.stringify(value) ?? 'null' })));
    add(
      1,
      fc
        .constantFrom(deepJson(1000), deepJson(DEEPEST), '{"a":'.repeat(200) + '1' + '}'.repeat(200), '', 'nul', '{"a":1', '"\\u0000"')
        .map((text) => ({ method, url: fillPath(pattern), body: text })),
    );
    if (fields.length > 0) {
      add(
        6,
        fc.tuple(fc.constantFrom(...fields), nastyJson).map(([field, value]) => ({
          method,
          url: fillPath(pattern),
          body: JSON.stringify({ ...body(), [field]: value }),
        })),
      );
    }
  }
  return fc.oneof(...choices);
}

describe('bad input is a 400, never a 500', () => {
  it('every route answers generated bad input in path, query and body without a server error', async () => {
    const routes = t.app.routes.filter((route) => !DESTRUCTIVE.has(`${route.method} ${route.url}`));
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of routes) {
      for (const target of targets(route)) {
        await fc.assert(
          fc.asyncProperty(badAttempt(target), async (attempt) => {
            const response = await send(attempt);
            if (response.statusCode >= 500) failures.push(`${attempt.method} ${attempt.url.slice(0, 200)} ${attempt.body?.slice(0, 200) ?? ''} → ${response.statusCode} ${response.body.slice(0, 200)}`);
          }),
          { seed: 20_101, numRuns: 20 },
        );
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  /** Every text field of every body, with the routes that take it. */
  const TEXT_FIELDS: [route: string, field: string][] = [
    ...Object.entries({ ...BODIES, ...Object.fromEntries(Object.entries(AUTH_BODIES).map(([path, body]) => [`POST ${path}`, body])) }).flatMap(
      ([route, body]) =>
        Object.entries(body())
          .filter(([field, value]) => typeof value === 'string' && !['flagType', 'clickType', 'frequency', 'timezone'].includes(field))
          .map(([field]): [string, string] => [route, field]),
    ),
    ['POST /api/analytics/track', 'properties.title'],
    ['POST /api/analytics/track', 'properties.url'],
  ];

  it.each(['\u0000', '\ud800', '\udfff'])('text with %j in it is a 400 in every text field', async (bad) => {
    const wrong: string[] = [];
    for (const [route, field] of TEXT_FIELDS) {
      const [method, pattern] = route.split(' ') as [string, string];
      const body = (BODIES[route] ?? AUTH_BODIES[pattern]!)();
      const [outer, inner] = field.split('.') as [string, string | undefined];
      const valid = inner ? (body[outer] as Record<string, string>)[inner]! : (body[outer] as string);
      const spoilt = `${valid.slice(0, 2)}${bad}${valid.slice(2)}`;
      if (inner) (body[outer] as Record<string, string>)[inner] = spoilt;
      else body[outer] = spoilt;
      const response = await send({ method, url: fillPath(pattern), body: JSON.stringify(body) });
      if (response.statusCode !== 400) wrong.push(`${route} ${field} → ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('an id past PostgreSQL integer range is a 400, in a path and in a body', async () => {
    const wrong: string[] = [];
    for (const route of t.app.routes) {
      const names = [...route.url.matchAll(/:(id|storyId)\b/g)].map((match) => match[1]!);
      for (const name of names) {
        for (const id of [String(MAX_INT + 1), '99999999999999999999']) {
          const body = BODIES[`${route.method} ${route.url}`];
          const response = await send({ method: route.method, url: fillPath(route.url, { [name]: id }), body: body && JSON.stringify(body()) });
          if (response.statusCode !== 400) wrong.push(`${route.method} ${route.url} ${name}=${id} → ${response.statusCode}`);
        }
      }
    }
    for (const [route, body] of Object.entries(BODIES)) {
      const template = body();
      const [method, pattern] = route.split(' ') as [string, string];
      if ('storyId' in template) {
        const response = await send({ method, url: fillPath(pattern), body: JSON.stringify({ ...template, storyId: MAX_INT + 1 }) });
        if (response.statusCode !== 400) wrong.push(`${route} storyId → ${response.statusCode}`);
      }
      if ('storyIds' in template) {
        const response = await send({ method, url: fillPath(pattern), body: JSON.stringify({ storyIds: [1, MAX_INT + 1] }) });
        if (response.statusCode !== 400) wrong.push(`${route} storyIds → ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('JSON nested 1000 levels deep is a 400 on every route that takes a body, /api/auth/* included', async () => {
    const wrong: string[] = [];
    const bodyRoutes = [...Object.keys(BODIES), ...Object.keys(AUTH_BODIES).map((path) => `POST ${path}`)];
    for (const route of bodyRoutes) {
      const [method, pattern] = route.split(' ') as [string, string];
      for (const body of [deepJson(1000), deepJson(DEEPEST), `{"email":${deepJson(1000)}}`, '{"a":'.repeat(1000) + '1' + '}'.repeat(1000)]) {
        const response = await send({ method, url: fillPath(pattern), body });
        // Refused by the body parser's depth limit, before a validator or better-auth walks it.
        if (response.statusCode !== 400 || !response.json().message.includes('nests deeper')) wrong.push(`${route} → ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('a body over the API limit is refused with a 413 before it is read further', async () => {
    const response = await send({ method: 'POST', url: '/api/contact', body: JSON.stringify({ ...BODIES['POST /api/contact']!(), message: 'x'.repeat(API_BODY_LIMIT_BYTES) }) });
    expect(response.statusCode).toBe(413);
  });

  it('over-long text is a 400 with a message naming the field and its limit', async () => {
    const response = await send({ method: 'POST', url: '/api/contact', body: JSON.stringify({ ...BODIES['POST /api/contact']!(), message: 'x'.repeat(5001) }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.stringContaining('message must be at most 5000 characters'), issues: [{ path: 'message' }] });
  });
});
