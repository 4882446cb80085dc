import type { StoryPage } from '#common/contracts/stories.ts';

/**
 * The screen a page is rendered for, as the browser's request tells it (server/http/screen.ts): a phone's, or a
 * larger one. The server renders no more of the list than that first screen shows.
 */
export type FirstScreen = 'phone' | 'large';

/**
 * How many of a page's stories the server renders into the signed-in home: about what a first screen shows, not the
 * whole page of 50. A 1920×1080 window holds some 15 cards (or 30 compact rows); a phone's 4 to 7 cards (375×667 to
 * 430×932), or some 16 compact rows. A story's card and its answers cost the page's first load about 200 compressed
 * bytes, read and laid out before the page is ready; the rest of the page comes when the app starts, which is on the
 * person's first touch, scroll, key or mouse move.
 */
export const FIRST_SCREEN_STORIES = {
  large: { cards: 15, compact: 30 },
  phone: { cards: 8, compact: 20 },
} as const satisfies Record<FirstScreen, { cards: number; compact: number }>;

/** The page with only its first screen of stories; its `count` still says how many the whole page holds. */
export function firstScreenOf(page: StoryPage, compact: boolean, screen: FirstScreen): StoryPage {
  const shown = FIRST_SCREEN_STORIES[screen][compact ? 'compact' : 'cards'];
  return page.stories.length <= shown ? page : { ...page, stories: page.stories.slice(0, shown) };
}

/** How many of the page's stories are still to come (firstScreenOf left them out). */
export function storiesToCome(page: StoryPage): number {
  return Math.max(page.count - page.stories.length, 0);
}
