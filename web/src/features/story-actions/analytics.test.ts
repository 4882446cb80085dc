// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimOnce, resetAnalyticsMemory, trackBookmark, trackStoryView } from './analytics';

const story = { id: 3, hnId: 9001, title: 'Show HN: Something', url: 'https://example.com/x', score: 42 };

describe('analytics', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    sessionStorage.clear();
    resetAnalyticsMemory();
    fetchMock = vi.fn(() => Promise.resolve(new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } })));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const bodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string));

  it('sends story_bookmark once per session per story', () => {
    trackBookmark(story);
    trackBookmark(story);
    trackBookmark({ ...story, id: 4 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/analytics/track');
    expect(bodies()[0]).toEqual({ eventType: 'story_bookmark', properties: { storyId: 3, hnId: 9001, title: 'Show HN: Something', action: 'add' } });
  });

  it('sends story_view once per session per story, whichever link came first', () => {
    trackStoryView(story, 'title_click', 'featured');
    trackStoryView(story, 'comments_click', 'featured');
    trackStoryView(story, 'title_click', 'featured');
    expect(bodies()).toEqual([
      { eventType: 'story_view', properties: { viewType: 'title_click', storyId: 3, title: 'Show HN: Something', url: 'https://example.com/x', score: 42, position: 'featured' } },
    ]);
  });

  it('remembers what was sent in sessionStorage (a reload of the page sends nothing again)', () => {
    trackStoryView(story, 'comments_click', 'regular');
    resetAnalyticsMemory();
    trackStoryView(story, 'comments_click', 'regular');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(Object.keys(sessionStorage)).toContain('hn-trends:analytics:story_view:3');
  });

  it('ignores failures silently', async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('network down')));
    expect(() => trackBookmark(story)).not.toThrow();
    await Promise.resolve();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('falls back to memory when storage is unavailable', () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    expect(claimOnce('k')).toBe(true);
    expect(claimOnce('k')).toBe(false);
    getItem.mockRestore();
  });
});
