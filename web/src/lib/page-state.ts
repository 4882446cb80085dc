import { hashKey, type DehydratedState, type QueryKey } from '@tanstack/react-query';

type DehydratedQuery = DehydratedState['queries'][number];

/** An answer as a page carries it: the query's key, its data, and when it was fetched (ms since the epoch). */
type PageAnswer = [queryKey: QueryKey, data: unknown, dataUpdatedAt: number];

/**
 * The query cache's answers a page the server rendered carries, for the app to start from. TanStack Query's own
 * dehydrated form writes a dozen status fields for every answer, the same for all of them (each is a success), and
 * the key twice: a tenth of the signed-in home's compressed bytes. An answer is written as its key, data and time;
 * any query with more to say than that is written whole.
 */
export type PageState = (PageAnswer | DehydratedQuery)[];

/** The page's form of `state` (TanStack Query's dehydrate): successes as answers, anything else as it is. */
export function pageStateOf(state: DehydratedState): PageState {
  if (state.mutations.length > 0) throw new Error('a page carries no mutation');
  return state.queries.map((query) => (isPlainAnswer(query) ? [query.queryKey, query.state.data, query.state.dataUpdatedAt] : query));
}

function isPlainAnswer(query: DehydratedQuery): boolean {
  const { state } = query;
  return state.status === 'success' && state.fetchStatus === 'idle' && !state.isInvalidated && state.error === null && query.meta === undefined && query.promise === undefined && !('queryType' in query);
}

/** TanStack Query's dehydrated state from a page's, for `hydrate`. */
export function dehydratedStateOf(page: PageState): DehydratedState {
  return { mutations: [], queries: page.map((entry) => (Array.isArray(entry) ? dehydratedAnswer(entry as PageAnswer) : entry)) };
}

function dehydratedAnswer([queryKey, data, dataUpdatedAt]: PageAnswer): DehydratedQuery {
  return {
    queryKey,
    queryHash: hashKey(queryKey),
    dehydratedAt: dataUpdatedAt,
    state: {
      data,
      dataUpdateCount: 1,
      dataUpdatedAt,
      error: null,
      errorUpdateCount: 0,
      errorUpdatedAt: 0,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchMeta: null,
      isInvalidated: false,
      status: 'success',
      fetchStatus: 'idle',
    },
  };
}
