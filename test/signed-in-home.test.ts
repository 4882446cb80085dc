import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withSharedSessionLookup } from '../server/http/access.ts';
import { inProcessApiCall } from '../server/web.ts';
import type { ApiCall, HomeAudience } from '../web/src/prerendered.ts';
import { signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { seedStories } from './support/seed.ts';

/**
 * What the signed-in home costs the database: the server gathers the page's answers as the person would get them
 * (docs/performance.md, "The signed-in home's server cost"), and each statement is a round trip to the database.
 */
let t: TestApp;
let reader: TestUser;
const nowSeconds = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  // The API usage recorder writes its counts every 2 s, whatever the requests: its statements are not the page's.
  t = await createTestApp({ env: { API_USAGE_RECORDING: 'false' } });
  await seedStories(
    t.db.database.pool,
    Array.from({ length: 30 }, (_, index) => ({ hnId: 500 + index, time: nowSeconds - 600 * (index + 1), score: 40 + index, descendants: index, title: `Story number ${index}` })),
  );
  reader = await signUp(t.app.server, { name: 'Reader' });
}, 120_000);
afterAll(async () => t?.close());

/**
 * The web app's own gathering of the home, as the server runs it. Imported by a path the type checker does not
 * follow: this project's TypeScript settings for the server and tests cannot resolve the web app's `@/` imports,
 * which Vitest resolves (vitest.config.ts).
 */
interface QueryCacheLike {
  getQueryData(key: readonly unknown[]): unknown;
  getQueryCache(): { findAll(filters: { queryKey: readonly unknown[] }): { queryKey: readonly unknown[] }[] };
}
const web = {
  queryClient: '../web/src/app/query-client.ts',
  homeState: '../web/src/app/signed-in-home-state.ts',
  storyActions: '../web/src/features/story-actions/index.ts',
};
const { createQueryClient } = (await import(web.queryClient)) as { createQueryClient(): QueryCacheLike };
const { loadSignedInHome } = (await import(web.homeState)) as { loadSignedInHome(client: QueryCacheLike, call: ApiCall, search: string, screen: 'phone' | 'large'): Promise<HomeAudience> };
const { batchStatusKey } = (await import(web.storyActions)) as { batchStatusKey(kind: string, ids: readonly number[]): readonly unknown[] };

/** Gathers the home for the reader, returning the statements it ran. */
async function gatherCountingStatements() {
  const query = vi.spyOn(pg.Client.prototype, 'query');
  try {
    const client = createQueryClient();
    const audience = await withSharedSessionLookup(() => loadSignedInHome(client, inProcessApiCall(t.app.server, reader.cookie, '127.0.0.1'), '', 'large'));
    const statements = query.mock.calls.map(([config]) => (typeof config === 'string' ? config : (config as { text: string }).text));
    return { audience, client, statements };
  } finally {
    query.mockRestore();
  }
}

describe('the signed-in home', () => {
  it('gathers its answers in seven statements once its list is cached: one session lookup, one for all four marks of its cards', async () => {
    const storyId = (await t.db.database.pool.query<{ id: number }>('SELECT id FROM stories WHERE hn_id = 529')).rows[0]!.id;
    await t.app.server.inject({ method: 'POST', url: '/api/bookmarks', headers: { cookie: reader.cookie, origin: 'http://localhost:3000' }, payload: { storyId } });
    await gatherCountingStatements();

    const { audience, client, statements } = await gatherCountingStatements();
    expect(audience).toBe('signed-in');
    expect(statements.length).toBeLessThanOrEqual(7);
    expect(statements.filter((text) => /\bsessions?\b/i.test(text) && /\bexpires_at\b/i.test(text))).toHaveLength(1);
    expect(statements.filter((text) => /\bbookmarks\b/.test(text))).toHaveLength(1);
    expect(statements.filter((text) => /\bkeyword_aliases\b/.test(text))).toHaveLength(1);
    // The one statement answered every kind, for the page's stories.
    const ids = client.getQueryCache().findAll({ queryKey: ['/api/bookmarks/check-batch'] })[0]!.queryKey[1] as number[];
    expect(ids).toContain(storyId);
    expect(client.getQueryData(batchStatusKey('bookmarks', ids))).toMatchObject({ [storyId]: true });
    for (const kind of ['flags', 'watches', 'notes'] as const) expect(client.getQueryData(batchStatusKey(kind, ids))).toMatchObject({ [storyId]: false });
  });
});
