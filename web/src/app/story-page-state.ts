import type { QueryClient } from '@tanstack/react-query';
import { storyHistoryKey, storyHistoryPath, type StoryHistory } from '@/features/story-page/api';
import { MAINTENANCE_STATUS_KEY, MAINTENANCE_STATUS_PATH, type MaintenanceStatus } from '@/features/maintenance/api';
import { PREFERENCES_KEY, PREFERENCES_PATH, type Preferences } from '@/features/preferences/api';
import { CURRENT_USER_KEY, CURRENT_USER_PATH, type CurrentUser } from '@/lib/session';
import type { ApiCall } from '../prerendered';

/** Whom a story page is for, or why the server does not render it (the app then shows it, or its 404). */
export type StoryPageAudience = 'visitor' | 'signed-in' | 'maintenance' | 'not-found';

/**
 * Fills the query cache with what the story page's first render reads, asked of the API as the person asking for
 * the page: who they are (a visitor too: the page is public), the maintenance status, their preferences when
 * signed in (the theme) and the story's history. A 404 (unknown or hidden story) is 'not-found'; any other
 * unexpected answer throws, and the server sends the plain app.
 */
export async function loadStoryPage(queryClient: QueryClient, call: ApiCall, storyId: number): Promise<{ audience: StoryPageAudience; history?: StoryHistory }> {
  const [userAnswer, maintenanceAnswer, historyAnswer] = await Promise.all([call(CURRENT_USER_PATH), call(MAINTENANCE_STATUS_PATH), call(storyHistoryPath(storyId))]);
  if (userAnswer.status !== 200 && userAnswer.status !== 401) throw new Error(`${CURRENT_USER_PATH} answered ${userAnswer.status}`);
  if (maintenanceAnswer.status !== 200) throw new Error(`${MAINTENANCE_STATUS_PATH} answered ${maintenanceAnswer.status}`);
  const user = userAnswer.status === 200 ? (userAnswer.body as CurrentUser | null) : null;
  const maintenance = maintenanceAnswer.body as MaintenanceStatus;
  if (maintenance.maintenanceMode && user?.role !== 'admin') return { audience: 'maintenance' };
  if (historyAnswer.status === 404 || historyAnswer.status === 400) return { audience: 'not-found' };
  if (historyAnswer.status !== 200) throw new Error(`the story history answered ${historyAnswer.status}`);
  const history = historyAnswer.body as StoryHistory;
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  queryClient.setQueryData(MAINTENANCE_STATUS_KEY, maintenance);
  queryClient.setQueryData(storyHistoryKey(storyId), history);
  if (user) {
    const preferences = await call(PREFERENCES_PATH);
    if (preferences.status !== 200) throw new Error(`${PREFERENCES_PATH} answered ${preferences.status}`);
    queryClient.setQueryData(PREFERENCES_KEY, (preferences.body as { preferences: Preferences }).preferences);
  }
  return { audience: user ? 'signed-in' : 'visitor', history };
}
