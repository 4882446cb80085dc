import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole, signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createMatrixFixtures, matrixKeysOf, ROUTE_MATRIX as matrix, urlFor, WHO, type MatrixFixtures, type Row, type Who } from './support/route-matrix.ts';

/**
 * The authorization matrix: every route of the server, and the status a visitor, a user, a moderator and an
 * admin get from it. The test walks the server's own route list and fails when a route has no row here.
 * Requests are valid, so the status shows who may call the route, not what the validator thinks. The rows
 * are in test/support/route-matrix.ts.
 */
let t: TestApp;
let fixtures: MatrixFixtures;

/**
 * Routes that answer with something other than the API's JSON and are left out of the API document: the web app's
 * pages and the share pages (HTML), the document itself (the Swagger UI plugin's files) and the sign-in library's
 * own endpoints (better-auth, which documents them).
 */
const ANSWERS_NOT_IN_THE_API_DOCUMENT = [/^GET \/api\/docs(\/|$)/, /^(GET|POST) \/api\/auth\/\*$/, /^GET \/(share|shared-story)(\/|$)/, /^GET \/\*?$/];

beforeAll(async () => {
  t = await createTestApp({ env: { HN_API_URL: 'http://127.0.0.1:9/v0', HN_RETRIES: '0', HN_TIMEOUT_MS: '200' } });
  fixtures = await createMatrixFixtures(t);
}, 120_000);
afterAll(async () => t?.close());

async function call(row: Row, who: Who, person: TestUser | undefined): Promise<number> {
  const response = await t.app.server.inject({
    method: row.request.method ?? 'GET',
    url: urlFor(row, fixtures, person),
    payload: row.request.payload,
    headers: person ? { cookie: person.cookie } : {},
    remoteAddress: `10.50.${WHO.indexOf(who)}.${Math.floor(Math.random() * 250) + 1}`,
  });
  return response.statusCode;
}

describe('authorization matrix', () => {
  it('has a row for every route the server answers', () => {
    const missing = matrixKeysOf(t.app.routes).filter((key) => !(key in matrix));
    expect(missing, 'routes without a row in the authorization matrix').toEqual([]);
  });

  it('has every route declare its answers: each status the matrix sees, and 400 where it validates input', () => {
    const undeclared = t.app.routes.flatMap((route) => {
      const key = `${route.method} ${route.url}`;
      if (ANSWERS_NOT_IN_THE_API_DOCUMENT.some((pattern) => pattern.test(key))) return [];
      const schema = (route.schema ?? {}) as { response?: Record<string, unknown>; querystring?: unknown; params?: unknown; body?: unknown };
      const validates = schema.querystring !== undefined || schema.params !== undefined || schema.body !== undefined;
      const statuses = new Set([...(matrix[key]?.expect ?? []), ...(validates ? [400] : [])]);
      const missing = [...statuses].filter((status) => !(String(status) in (schema.response ?? {})));
      return schema.response === undefined || missing.length > 0 ? [`${key}: ${schema.response === undefined ? 'no response schema' : `no ${missing.join(', ')}`}`] : [];
    });
    expect(undeclared).toEqual([]);
  });

  for (const [key, row] of Object.entries(matrix).filter(([, row]) => !row.destructive)) {
    it(key, async () => {
      const statuses = [];
      for (const who of WHO) statuses.push(await call(row, who, who === 'visitor' ? undefined : fixtures.people[who]));
      expect(statuses).toEqual(row.expect);
    }, 60_000);
  }

  for (const [key, row] of Object.entries(matrix).filter(([, row]) => row.destructive)) {
    it(`${key} (fresh accounts)`, async () => {
      const statuses = [await call(row, 'visitor', undefined)];
      for (const who of ['user', 'moderator', 'admin'] as const) {
        const fresh = await signUp(t.app.server, { name: `Fresh ${who}` });
        if (who !== 'user') await setRole(t.db.database.pool, fresh.id, who);
        statuses.push(await call(row, who, fresh));
      }
      expect(statuses).toEqual(row.expect);
    }, 60_000);
  }
});
