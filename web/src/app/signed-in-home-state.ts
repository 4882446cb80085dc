import type { QueryClient } from '@tanstack/react-query';
import type { KeywordAlertsResponse } from '#common/contracts/keywords.ts';
import type { StoryPage } from '#common/contracts/stories.ts';
import { FRESHNESS_PATH } from '@/components/data-age';
import { ANNOUNCEMENTS_KEY, ANNOUNCEMENTS_PATH, type Announcement } from '@/features/announcements/api';
import { ALERTS_KEY } from '@/features/keywords';
import { MAINTENANCE_STATUS_KEY, MAINTENANCE_STATUS_PATH, type MaintenanceStatus } from '@/features/maintenance/api';
import { PREFERENCES_KEY, PREFERENCES_PATH, type Preferences } from '@/features/preferences/api';
import { firstScreenOf, storyListKey, storyListPath, storyListQuery, type FirstScreen } from '@/features/stories';
import { FIRST_SCREEN_KEY } from '@/lib/rendered-for-phone';
import { ALL_STATUSES_PATH, BATCH_CALLS, batchIds, batchStatusKey, type StatusKind } from '@/features/story-actions';
import { CURRENT_USER_KEY, CURRENT_USER_PATH, type CurrentUser } from '@/lib/session';
import type { ApiCall, HomeAudience } from '../prerendered';

class UnexpectedAnswer extends Error {
  constructor(path: string, status: number) {
    super(`${path} answered ${status}`);
  }
}

async function bodyOf<T>(call: ApiCall, path: string, body?: unknown): Promise<T> {
  const answer = await call(path, body);
  if (answer.status !== 200) throw new UnexpectedAnswer(path, answer.status);
  return answer.body as T;
}

/**
 * Fills the query cache with every answer the signed-in home's first render reads (who is signed in, the
 * maintenance status, their preferences, the announcements, the data's age, the page of stories the page's query string
 * (`search`) names (as much of it as the `screen` the page is for shows), their preferences filling in what it leaves out, whether each of those stories is bookmarked, flagged, watched or noted, and
 * their keyword alerts, for the cards' alert badge), under the keys the app's
 * own queries use. The server then renders the page from that cache and puts it in the HTML, and the browser
 * adopts both: no request is left for the first screen. Any answer other than the expected one throws.
 *
 * The calls wait on each other only where one needs another's answer: everything that needs only the person is
 * asked at once, then the stories their preferences choose, then those stories' statuses. Each wait is a round
 * trip to the database and back, which under load also waits its turn for a core.
 */
export async function loadSignedInHome(queryClient: QueryClient, call: ApiCall, search: string, screen: FirstScreen): Promise<HomeAudience> {
  // Only the person and the status answer everyone in maintenance mode (the rest is 503 then): the others are
  // checked once the person is known to get the home.
  const [userAnswer, maintenance, preferencesAnswer, announcementsAnswer, alertsAnswer, freshnessAnswer] = await Promise.all([
    call(CURRENT_USER_PATH),
    bodyOf<MaintenanceStatus>(call, MAINTENANCE_STATUS_PATH),
    call(PREFERENCES_PATH),
    call(ANNOUNCEMENTS_PATH),
    call(ALERTS_KEY),
    call(FRESHNESS_PATH),
  ]);
  if (userAnswer.status !== 200) throw new UnexpectedAnswer(CURRENT_USER_PATH, userAnswer.status);
  const user = userAnswer.body as CurrentUser | null;
  if (user === null) return 'visitor';
  if (maintenance.maintenanceMode && user.role !== 'admin') return 'maintenance';
  if (preferencesAnswer.status !== 200) throw new UnexpectedAnswer(PREFERENCES_PATH, preferencesAnswer.status);
  if (alertsAnswer.status !== 200) throw new UnexpectedAnswer(ALERTS_KEY, alertsAnswer.status);
  if (announcementsAnswer.status !== 200) throw new UnexpectedAnswer(ANNOUNCEMENTS_PATH, announcementsAnswer.status);
  const { preferences } = preferencesAnswer.body as { preferences: Preferences };
  const announcements = announcementsAnswer.body as { announcements: Announcement[] };
  const alerts = alertsAnswer.body as KeywordAlertsResponse;

  const query = storyListQuery(preferences, search);
  // The page's first screen only: the app asks for the rest when it starts (features/stories/first-screen.ts).
  const stories = firstScreenOf(await bodyOf<StoryPage>(call, storyListPath(query)), preferences.compactView, screen);
  const ids = batchIds(stories.stories.map((story) => story.id));
  const statuses = ids.length === 0 ? null : await bodyOf<Record<string, Record<string, boolean>>>(call, ALL_STATUSES_PATH, { storyIds: ids });

  queryClient.setQueryData(CURRENT_USER_KEY, user);
  queryClient.setQueryData(MAINTENANCE_STATUS_KEY, maintenance);
  queryClient.setQueryData(PREFERENCES_KEY, preferences);
  queryClient.setQueryData(ANNOUNCEMENTS_KEY, announcements.announcements);
  queryClient.setQueryData(storyListKey(query), stories);
  // The page rendered for a phone leaves out what only larger screens show, until its app runs (useRenderedForPhone).
  if (screen === 'phone') queryClient.setQueryData(FIRST_SCREEN_KEY, screen);
  queryClient.setQueryData([ALERTS_KEY], alerts);
  // The list's "data as of" line, so the page says how old its data is before any script runs.
  if (freshnessAnswer.status === 200) queryClient.setQueryData([FRESHNESS_PATH], freshnessAnswer.body);
  if (statuses) {
    for (const kind of Object.keys(BATCH_CALLS) as StatusKind[]) queryClient.setQueryData(batchStatusKey(kind, ids), statuses[BATCH_CALLS[kind].field] ?? {});
  }
  return 'signed-in';
}
