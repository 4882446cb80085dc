import type { StoryListQuery, StoryListSort } from '#common/contracts/stories.ts';
import { timeFilterHours } from '#common/rules/time-windows.ts';

/** How far back each sort looks, in hours; null means all stories. */
export function windowHours(sort: StoryListSort, query: StoryListQuery): number | null {
  if (sort === 'trending') return query.hours ?? timeFilterHours(query.timeFilter);
  return query.hours ?? null;
}
