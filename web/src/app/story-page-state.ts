import type { QueryClient } from '@tanstack/react-query';
import { unpackStoryHistory } from '#common/rules/packed-history.ts';
import { storyHistoryKey } from '@/features/story-page/api';
import { MAINTENANCE_STATUS_KEY } from '@/features/maintenance/api';
import { PREFERENCES_KEY } from '@/features/preferences/api';
import { CURRENT_USER_KEY } from '@/lib/session';
import type { StoryPageAnswers } from '../prerendered';

/** Fills the query cache with the story page's answers, under the keys the app's own queries read them from (the history unpacked, as the API answers it). */
export function fillStoryPage(queryClient: QueryClient, storyId: number, answers: StoryPageAnswers): void {
  queryClient.setQueryData(CURRENT_USER_KEY, answers.user);
  queryClient.setQueryData(MAINTENANCE_STATUS_KEY, answers.maintenance);
  queryClient.setQueryData(storyHistoryKey(storyId), unpackStoryHistory(answers.history));
  if (answers.preferences) queryClient.setQueryData(PREFERENCES_KEY, answers.preferences);
}
