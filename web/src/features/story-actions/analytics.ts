import type { AnalyticsEvent } from '#common/contracts/actions.ts';
import type { Story } from '#common/contracts/stories.ts';

/**
 * Client analytics of spec part 1 §7: `story_bookmark` and `story_view` events, each sent at most once per
 * session per story (remembered in sessionStorage), and failures ignored silently: no toast, no unauthorized
 * rule (so this uses fetch directly rather than lib/api, whose errors the query client would act on).
 */

export type StoryViewType = 'title_click' | 'comments_click';
export type StoryPosition = 'featured' | 'regular';

const SENT_PREFIX = 'hn-trends:analytics:';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be unavailable (privacy settings): then nothing is remembered, and nothing is sent twice
    // within this page's life only.
    return null;
  }
}

const sentInMemory = new Set<string>();

/** Marks `key` as sent; false when it already was this session. */
export function claimOnce(key: string): boolean {
  const fullKey = SENT_PREFIX + key;
  const store = storage();
  try {
    if (store) {
      if (store.getItem(fullKey) !== null) return false;
      store.setItem(fullKey, '1');
      return true;
    }
  } catch {
    // Quota or access errors: fall back to memory.
  }
  if (sentInMemory.has(fullKey)) return false;
  sentInMemory.add(fullKey);
  return true;
}

async function send(body: AnalyticsEvent): Promise<void> {
  try {
    await fetch('/api/analytics/track', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      keepalive: true,
    });
  } catch {
    // Analytics never bother the person.
  }
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** `story_bookmark` with action 'add', once per session per story. */
export function trackBookmark(story: Pick<Story, 'id' | 'hnId' | 'title'>): void {
  if (!claimOnce(`story_bookmark:${story.id}`)) return;
  void send({ eventType: 'story_bookmark', properties: { storyId: story.id, hnId: story.hnId, title: clip(story.title, 500), action: 'add' } });
}

/** `story_view` when a card's title or comments link is clicked, once per session per story (whichever link came first). */
export function trackStoryView(story: Pick<Story, 'id' | 'title' | 'url' | 'score'>, viewType: StoryViewType, position: StoryPosition): void {
  if (!claimOnce(`story_view:${story.id}`)) return;
  void send({
    eventType: 'story_view',
    properties: { viewType, storyId: story.id, title: clip(story.title, 500), url: clip(story.url, 2000), score: Math.max(0, Math.round(story.score)), position },
  });
}

/** For tests: forget what was sent. */
export function resetAnalyticsMemory(): void {
  sentInMemory.clear();
}
