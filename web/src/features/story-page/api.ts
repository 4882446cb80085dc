import { useQuery } from '@tanstack/react-query';
import type { StoryHistory } from '#common/contracts/story-history.ts';
import { MAX_ID } from '#common/contracts/fields.ts';
import { getJson } from '@/lib/api';

export type { StoryHistory };

/** GET /api/stories/{id}/history: the story page's one call (public). */
export const storyHistoryPath = (storyId: number) => `/api/stories/${storyId}/history`;
export const storyHistoryKey = (storyId: number) => [storyHistoryPath(storyId)] as const;

/** Fresh for a minute: ingestion adds a snapshot at most once a minute. */
export const STORY_HISTORY_FRESH_MS = 60_000;

export function useStoryHistory(storyId: number | null) {
  return useQuery({
    queryKey: storyHistoryKey(storyId ?? 0),
    queryFn: () => getJson<StoryHistory>(storyHistoryPath(storyId!)),
    enabled: storyId !== null,
    staleTime: STORY_HISTORY_FRESH_MS,
  });
}

/** The page's id as the API takes it: digits only, within PostgreSQL's integer; anything else is no story. */
export function parseStoryId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}
