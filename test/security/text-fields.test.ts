import fc from 'fast-check';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRequestSchemas } from '#common/contracts/accounts.ts';
import type { App } from '../../server/app.ts';
import type { TestUser } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createMatrixFixtures, matrixRowsFor, urlFor, type MatrixFixtures, type Row } from '../support/route-matrix.ts';
import { databaseFingerprint } from '../support/seed.ts';

/**
 * Every text a route takes follows the text rule, admin fields included. The fields are found in the routes' own
 * zod schemas (body, query string, path), so a route added later is covered without a list here; each is sent,
 * inside the route matrix's valid request, as text with a NUL or an unpaired surrogate in it, and as text far over
 * any limit, by an admin and by a plain user. Each answer is a 4xx, never a 500, and nothing is stored.
 */
let t: TestApp;
let fixtures: MatrixFixtures;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '0', HN_RETRIES: '0', HN_TIMEOUT_MS: '200' } });
  fixtures = await createMatrixFixtures(t);
}, 120_000);
afterAll(async () => t?.close());

type Part = 'body' | 'querystring' | 'params';
interface TextField {
  part: Part;
  /** Where the field is: its keys from the part's top (an array's items as index 0). */
  path: (string | number)[];
}

/** The kinds of zod schema that wrap another without changing what input is taken. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** Where a zod schema takes free text (a string, or any JSON value), by walking its definition. */
function textPaths(schema: z.core.$ZodType, path: (string | number)[] = []): (string | number)[][] {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  if (def.type === 'string' || def.type === 'unknown' || def.type === 'any') return [path];
  if (WRAPPERS.has(def.type)) return textPaths(def.innerType as z.core.$ZodType, path);
  if (def.type === 'pipe') return textPaths(def.in as z.core.$ZodType, path);
  if (def.type === 'union') return (def.options as z.core.$ZodType[]).flatMap((option) => textPaths(option, path)).slice(0, 1);
  if (def.type === 'array') return textPaths(def.element as z.core.$ZodType, [...path, 0]);
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, z.core.$ZodType>).flatMap(([key, value]) => textPaths(value, [...path, key]));
  }
  return [];
}

const isZod = (value: unknown): value is z.core.$ZodType => typeof value === 'object' && value !== null && '_zod' in value;

function textFieldsOf(route: App['routes'][number]): TextField[] {
  // better-auth's endpoints check their bodies in the handler, against the schemas the wildcard route does not carry.
  const schemas: Partial<Record<Part, unknown>> =
    route.method === 'POST' && route.url === '/api/auth/*' ? { body: authRequestSchemas['/sign-in/email'] } : (route.schema as Partial<Record<Part, unknown>> | undefined) ?? {};
  return (['body', 'querystring', 'params'] as const).flatMap((part) => {
    const schema = schemas[part];
    return isZod(schema) ? textPaths(schema).filter((path) => path.length > 0).map((path) => ({ part, path })) : [];
  });
}

/**
 * Text units PostgreSQL cannot store, in text of any kind. A URL carries bytes: a lone surrogate cannot be written in
 * one (its bytes decode to U+FFFD), so the path and the query string get the NUL.
 */
const unstorableText = (units: string[]) =>
  fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...units), fc.string({ maxLength: 8 })).map(([before, bad, after]) => before + bad + after);
const UNSTORABLE = { body: unstorableText(['\u0000', '\ud800', '\udbff', '\udc00', '\udfff']), url: unstorableText(['\u0000']) };
/** Longer than any text field's limit, within the body limit. */
const OVER_ANY_LIMIT = 'x'.repeat(60_000);

function setAt(target: Record<string | number, unknown>, path: (string | number)[], value: unknown): void {
  let node = target;
  for (const [index, key] of path.entries()) {
    if (index === path.length - 1) node[key] = value;
    else {
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = typeof path[index + 1] === 'number' ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    }
  }
}

let address = 0;
const nextAddress = () => `10.99.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;

/** The row's valid request with one field replaced by `value`. */
function spoilt(route: App['routes'][number], row: Row, person: TestUser, field: TextField, value: string) {
  const target = new URL(urlFor(row, fixtures, person), 'http://test.invalid');
  let pathname = target.pathname;
  let search = target.search;
  let payload = row.request.payload === undefined ? undefined : structuredClone(row.request.payload);
  if (field.part === 'params') {
    const segments = pathname.split('/');
    const index = route.url.split('/').indexOf(`:${String(field.path[0])}`);
    segments[index] = encodeURIComponent(value);
    pathname = segments.join('/');
  } else if (field.part === 'querystring') {
    const params = [...target.searchParams.entries()].filter(([name]) => name !== field.path[0]);
    search = `?${[...params.map(([name, item]) => `${name}=${encodeURIComponent(item)}`), `${String(field.path[0])}=${encodeURIComponent(value)}`].join('&')}`;
  } else {
    payload = (payload ?? {}) as Record<string, unknown>;
    setAt(payload as Record<string | number, unknown>, field.path, value);
  }
  return t.app.server.inject({
    method: row.request.method ?? 'GET',
    url: `${pathname}${search}`,
    headers: { cookie: person.cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    // Sent as its JSON text: the units reach the server as JSON escapes, as a browser's JSON.stringify sends them.
    payload: payload === undefined ? undefined : JSON.stringify(payload),
    remoteAddress: nextAddress(),
  });
}

describe('text in every field of every route', () => {
  it('with a NUL or an unpaired surrogate, or over any limit, is a 4xx, never a 500, and stores nothing', async () => {
    const rows = matrixRowsFor(t.app.routes).filter(([, row]) => !row.destructive);
    const routes = new Map(t.app.routes.map((route) => [`${route.method} ${route.url}`, route]));
    const before = await databaseFingerprint(t.db.database.pool, ['rate_limits']);
    const wrong: string[] = [];
    let fields = 0;
    for (const [key, row, access] of rows) {
      const route = routes.get(key)!;
      const callers = access === 'moderator' || access === 'admin' ? [fixtures.people.admin] : [fixtures.people.admin, fixtures.people.user];
      for (const field of textFieldsOf(route)) {
        fields++;
        const check = async (person: TestUser, value: string) => {
          const response = await spoilt(route, row, person, field, value);
          if (response.statusCode < 400 || response.statusCode >= 500) {
            wrong.push(`${key} ${field.part}.${field.path.join('.')}=${JSON.stringify(value.slice(0, 20))} → ${response.statusCode} ${response.body.slice(0, 160)}`);
          }
        };
        for (const person of callers) {
          await check(person, OVER_ANY_LIMIT);
          await fc.assert(
            fc.asyncProperty(field.part === 'body' ? UNSTORABLE.body : UNSTORABLE.url, (value) => check(person, value)),
            { seed: 11_011, numRuns: 4 },
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    // Found in the schemas: the settings' value, the digest's content, announcements, sign-in and the rest.
    expect(fields).toBeGreaterThan(40);
    expect(await databaseFingerprint(t.db.database.pool, ['rate_limits'])).toBe(before);
  }, 240_000);
});
