import { hashKey, type DehydratedState } from '@tanstack/react-query';
import { isPackedStoryHistory, unpackStoryHistory, type PackedStoryHistory } from '#common/rules/packed-history.ts';
import { storyHistoryKey } from './api';

/**
 * A story page's dehydrated query cache with its story's history as the server handed it over, packed
 * (common/rules/packed-history.ts): the page carries about a fifth of the snapshots' bytes, and the render thread
 * does not pack again what came to it packed. The cache's own answer is not changed.
 */
export function withPackedHistory(state: DehydratedState, storyId: number, packed: PackedStoryHistory): DehydratedState {
  const hash = hashKey(storyHistoryKey(storyId));
  return {
    ...state,
    queries: state.queries.map((query) => (query.queryHash === hash ? { ...query, state: { ...query.state, data: packed } } : query)),
  };
}

/** Unpacks, in a page's state as read, each packed history, before the app's cache takes it in. */
export function unpackPageState(state: DehydratedState): void {
  for (const query of state.queries ?? []) {
    if (isPackedStoryHistory(query.state.data)) query.state.data = unpackStoryHistory(query.state.data);
  }
}
