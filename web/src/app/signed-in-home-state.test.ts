import { describe, expect, it } from 'vitest';
import type { StoryPage } from '#common/contracts/stories.ts';
import { DEFAULT_PREFERENCES, PREFERENCES_KEY, type Preferences } from '@/features/preferences/api';
import { storyListKey, storyListPath, storyListQuery } from '@/features/stories';
import { FIRST_SCREEN_STORIES } from '@/features/stories/first-screen';
import { FIRST_SCREEN_KEY } from '@/lib/rendered-for-phone';
import { batchStatusKey } from '@/features/story-actions';
import { CURRENT_USER_KEY, type CurrentUser } from '@/lib/session';
import type { ApiAnswer } from '../prerendered';
import { createQueryClient } from './query-client';
import { loadSignedInHome } from './signed-in-home-state';

const user: CurrentUser = {
  id: 'u1',
  email: 'reader@example.com',
  firstName: 'Ada',
  lastName: null,
  displayName: null,
  profileImageUrl: null,
  role: 'user',
  onboardingCompleted: true,
};
const preferences: Preferences = { ...DEFAULT_PREFERENCES, defaultSort: 'score', minStoryScore: 40, storiesPerPage: 10 };
const alerts = { alerts: [{ id: 1, keyword: 'Rust', threshold: 5, isActive: true, createdAt: '2026-11-01T00:00:00.000Z' }], aliases: {} };
const page = { stories: [{ id: 7 }, { id: 9 }], count: 2, totalCount: 2, totalPages: 1 } as unknown as StoryPage;

const freshness = { asOf: 1_700_000_000, unreachableSince: null };

/** A fake API: answers by path (and records each call), overridable per test. */
function fakeApi(overrides: Record<string, ApiAnswer> = {}) {
  const calls: { path: string; body?: unknown }[] = [];
  const storiesPath = storyListPath(storyListQuery(preferences, ''));
  const answers: Record<string, ApiAnswer> = {
    '/api/auth/me': { status: 200, body: user },
    '/api/maintenance-status': { status: 200, body: { maintenanceMode: false } },
    '/api/user/preferences': { status: 200, body: { preferences } },
    '/api/announcements': { status: 200, body: { announcements: [] } },
    [storiesPath]: { status: 200, body: page },
    '/api/story-statuses/check-batch': {
      status: 200,
      body: { bookmarkStatuses: { 7: true, 9: false }, flagStatuses: { 7: false, 9: true }, watchStatuses: { 7: false, 9: true }, noteStatuses: { 7: true, 9: false } },
    },
    '/api/keyword-alerts': { status: 200, body: alerts },
    '/api/stories/freshness': { status: 200, body: freshness },
    ...overrides,
  };
  const call = async (path: string, body?: unknown): Promise<ApiAnswer> => {
    calls.push({ path, body });
    return answers[path] ?? { status: 404, body: null };
  };
  return { call, calls, storiesPath };
}

describe('loadSignedInHome', () => {
  it("fills the cache under the keys the app's own queries read, for the list the preferences choose", async () => {
    const client = createQueryClient();
    const api = fakeApi();
    await expect(loadSignedInHome(client, api.call, '', 'large')).resolves.toBe('signed-in');

    expect(api.storiesPath).toBe('/api/stories/top?minScore=40&page=1&limit=10&hours=72');
    expect(client.getQueryData(CURRENT_USER_KEY)).toEqual(user);
    expect(client.getQueryData(PREFERENCES_KEY)).toEqual(preferences);
    expect(client.getQueryData(['/api/maintenance-status'])).toEqual({ maintenanceMode: false });
    expect(client.getQueryData(['/api/announcements'])).toEqual([]);
    expect(client.getQueryData(storyListKey({ sort: 'score', timeFilter: '3d', minScore: 40, page: 1, limit: 10 }))).toEqual(page);
    expect(client.getQueryData(batchStatusKey('bookmarks', [7, 9]))).toEqual({ 7: true, 9: false });
    expect(client.getQueryData(batchStatusKey('flags', [7, 9]))).toEqual({ 7: false, 9: true });
    expect(client.getQueryData(batchStatusKey('watches', [7, 9]))).toEqual({ 7: false, 9: true });
    expect(client.getQueryData(batchStatusKey('notes', [7, 9]))).toEqual({ 7: true, 9: false });
    // The cards' keyword alert badge reads the person's alerts.
    expect(client.getQueryData(['/api/keyword-alerts'])).toEqual(alerts);
    // The list's "data as of" line.
    expect(client.getQueryData(['/api/stories/freshness'])).toEqual(freshness);
    // One batch call for the four kinds, about exactly the page's stories, as the cards will ask.
    expect(api.calls.filter((entry) => entry.path.endsWith('check-batch'))).toEqual([{ path: '/api/story-statuses/check-batch', body: { storyIds: [7, 9] } }]);
  });

  it.each(['large', 'phone'] as const)("keeps a long page's first screen only on a %s screen, and asks about those stories alone", async (screen) => {
    const ids = Array.from({ length: 50 }, (_, index) => 100 + index);
    const long = { stories: ids.map((id) => ({ id })), count: 50, totalCount: 400, totalPages: 8 } as unknown as StoryPage;
    const api = fakeApi({ [storyListPath(storyListQuery(preferences, ''))]: { status: 200, body: long } });
    const client = createQueryClient();
    await loadSignedInHome(client, api.call, '', screen);

    const firstIds = ids.slice(0, FIRST_SCREEN_STORIES[screen].cards);
    const cached = client.getQueryData<StoryPage>(storyListKey({ sort: 'score', timeFilter: '3d', minScore: 40, page: 1, limit: 10 }));
    expect(cached?.stories.map((story) => story.id)).toEqual(firstIds);
    // The page's own figures stay, so the list knows how many stories are still to come.
    expect(cached).toMatchObject({ count: 50, totalCount: 400, totalPages: 8 });
    expect(api.calls.filter((entry) => entry.path.endsWith('check-batch'))).toEqual([{ path: '/api/story-statuses/check-batch', body: { storyIds: firstIds } }]);
    // A phone's page says so, for the parts it renders only once its app runs.
    expect(client.getQueryData(FIRST_SCREEN_KEY)).toBe(screen === 'phone' ? 'phone' : undefined);
  });

  it("renders the view the page's URL names, the preferences filling in what it leaves out", async () => {
    const client = createQueryClient();
    const linked = storyListPath({ sort: 'time', timeFilter: '1h', minScore: 40, page: 3, limit: 10 });
    const api = fakeApi({ [linked]: { status: 200, body: page } });
    await expect(loadSignedInHome(client, api.call, '?sort=time&window=1h&page=3', 'large')).resolves.toBe('signed-in');
    expect(api.calls.map((entry) => entry.path)).toContain('/api/stories/recent?minScore=40&page=3&limit=10&hours=1');
    expect(client.getQueryData(storyListKey({ sort: 'time', timeFilter: '1h', minScore: 40, page: 3, limit: 10 }))).toEqual(page);
  });

  it('reads a stale session cookie as a visitor, and fills nothing', async () => {
    const client = createQueryClient();
    const api = fakeApi({ '/api/auth/me': { status: 200, body: null }, '/api/user/preferences': { status: 401, body: null } });
    await expect(loadSignedInHome(client, api.call, '', 'large')).resolves.toBe('visitor');
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('leaves maintenance to the app for everyone but admins', async () => {
    const maintenance = { '/api/maintenance-status': { status: 200, body: { maintenanceMode: true } } };
    await expect(loadSignedInHome(createQueryClient(), fakeApi(maintenance).call, '', 'large')).resolves.toBe('maintenance');

    const admin = { ...maintenance, '/api/auth/me': { status: 200, body: { ...user, role: 'admin' } } };
    await expect(loadSignedInHome(createQueryClient(), fakeApi(admin).call, '', 'large')).resolves.toBe('signed-in');
  });

  it('asks for everything that needs only the person at once, before the stories', async () => {
    const api = fakeApi();
    let pending = 0;
    let mostAtOnce = 0;
    const counted = async (path: string, body?: unknown) => {
      pending++;
      mostAtOnce = Math.max(mostAtOnce, pending);
      await new Promise((resolve) => setTimeout(resolve, 1));
      pending--;
      return api.call(path, body);
    };
    await expect(loadSignedInHome(createQueryClient(), counted, '', 'large')).resolves.toBe('signed-in');
    // Who is signed in, maintenance, preferences, announcements, keyword alerts and the data's age; then the stories,
    // then their statuses.
    expect(mostAtOnce).toBe(6);
    expect(api.calls.map((entry) => entry.path).slice(6)).toEqual([api.storiesPath, '/api/story-statuses/check-batch']);
  });

  it('asks no batch question for an empty page', async () => {
    const api = fakeApi({});
    const empty = fakeApi({ [api.storiesPath]: { status: 200, body: { ...page, stories: [], count: 0, totalCount: 0 } } });
    await expect(loadSignedInHome(createQueryClient(), empty.call, '', 'large')).resolves.toBe('signed-in');
    expect(empty.calls.some((entry) => entry.path.endsWith('check-batch'))).toBe(false);
  });

  it('fails on any unexpected answer, so the server sends the plain app instead', async () => {
    const api = fakeApi({});
    await expect(loadSignedInHome(createQueryClient(), fakeApi({ [api.storiesPath]: { status: 500, body: null } }).call, '', 'large')).rejects.toThrow(
      `${api.storiesPath} answered 500`,
    );
    await expect(loadSignedInHome(createQueryClient(), fakeApi({ '/api/auth/me': { status: 429, body: null } }).call, '', 'large')).rejects.toThrow(
      '/api/auth/me answered 429',
    );
    await expect(loadSignedInHome(createQueryClient(), fakeApi({ '/api/keyword-alerts': { status: 503, body: null } }).call, '', 'large')).rejects.toThrow(
      '/api/keyword-alerts answered 503',
    );
  });
});
