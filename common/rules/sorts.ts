/** Story list sorts (part 1 §2 filter bar, part 2 §2.2 and §9). */
export const STORY_SORTS = ['trending', 'fast-risers', 'score', 'comments', 'time'] as const;
export type StorySort = (typeof STORY_SORTS)[number];

export const DEFAULT_STORY_SORT: StorySort = 'trending';

/** The spec gives only 'Recent' (for time); the other labels are the sort names capitalised. */
export const STORY_SORT_LABELS: Readonly<Record<StorySort, string>> = {
  trending: 'Trending',
  'fast-risers': 'Fast Risers',
  score: 'Score',
  comments: 'Comments',
  time: 'Recent',
};

export function isStorySort(value: string): value is StorySort {
  return (STORY_SORTS as readonly string[]).includes(value);
}

/** The fast-risers list asks the server for stories with at least this velocity (points per hour). */
export const FAST_RISERS_MIN_VELOCITY = 5;

const SORT_ENDPOINTS = {
  trending: 'trending',
  'fast-risers': 'fast-risers',
  score: 'top',
  comments: 'comments',
  time: 'recent',
} as const satisfies Record<StorySort, string>;

export type StoryListEndpoint = (typeof SORT_ENDPOINTS)[StorySort];

/** The path segment under /api/stories/ that serves a sort (part 1 §7). */
export function sortEndpoint(sort: StorySort): StoryListEndpoint {
  return SORT_ENDPOINTS[sort];
}
