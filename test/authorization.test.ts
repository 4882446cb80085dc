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
