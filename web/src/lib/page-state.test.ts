import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dehydratedStateOf, pageStateOf, type PageState } from './page-state';

function filledClient() {
  const client = new QueryClient();
  client.setQueryData(['/api/auth/me'], { id: 'u1', displayName: 'Ada' }, { updatedAt: 1_000 });
  client.setQueryData(['/api/stories', { sort: 'trending', page: 1 }], { stories: [{ id: 7, title: 'A "title" </script>' }], count: 1 }, { updatedAt: 2_000 });
  client.setQueryData(['/api/bookmarks/check-batch', [7]], { 7: true }, { updatedAt: 3_000 });
  return client;
}

describe('the page state', () => {
  it('gives back, through JSON, the cache TanStack Query hydrates from its own form', () => {
    const page = JSON.parse(JSON.stringify(pageStateOf(dehydrate(filledClient())))) as PageState;
    const fromPage = new QueryClient();
    hydrate(fromPage, dehydratedStateOf(page));
    const fromOwnForm = new QueryClient();
    hydrate(fromOwnForm, JSON.parse(JSON.stringify(dehydrate(filledClient()))));

    const summary = (client: QueryClient) =>
      client
        .getQueryCache()
        .getAll()
        .map((query) => ({ hash: query.queryHash, data: query.state.data, updatedAt: query.state.dataUpdatedAt, status: query.state.status, fetchStatus: query.state.fetchStatus, invalidated: query.state.isInvalidated }));
    expect(summary(fromPage)).toEqual(summary(fromOwnForm));
    expect(fromPage.getQueryData(['/api/stories', { sort: 'trending', page: 1 }])).toEqual({ stories: [{ id: 7, title: 'A "title" </script>' }], count: 1 });
    expect(fromPage.getQueryState(['/api/auth/me'])?.dataUpdatedAt).toBe(1_000);
  });

  it('writes an answer as its key, data and time, a third of the bytes of the dehydrated form', () => {
    const state = dehydrate(filledClient());
    const page = pageStateOf(state);
    expect(page[0]).toEqual([['/api/auth/me'], { id: 'u1', displayName: 'Ada' }, 1_000]);
    expect(JSON.stringify(page).length).toBeLessThan(JSON.stringify(state).length / 3);
  });

  it('writes whole a query with more to say than its answer', () => {
    const client = new QueryClient();
    client.setQueryData(['marked'], 1, { updatedAt: 5 });
    const state = dehydrate(client);
    const marked = { ...state.queries[0]!, meta: { note: 'kept' } };
    const page = pageStateOf({ ...state, queries: [marked] });
    expect(page).toEqual([marked]);
    expect(dehydratedStateOf(page).queries).toEqual([marked]);
  });

  it('refuses a state with a mutation, which no page carries', () => {
    expect(() => pageStateOf({ mutations: [{ mutationKey: ['x'], state: {} as never }], queries: [] })).toThrow(/mutation/);
  });
});
