import { lazyPage } from './lazy-page';

// Visitors never download these: the signed-in navigation (with its menus) and the story list are separate
// chunks, fetched once someone is signed in, or as early as boot when the page is probably theirs (prefetch.ts).
export const TopNav = lazyPage(async () => (await import('./layout/top-nav')).TopNav);
export const StoriesHome = lazyPage(async () => (await import('./stories-home')).StoriesHome);

/** Loads both chunks: what the signed-in home needs before it can render (or hydrate) without a fallback. */
export function preloadSignedInHome(): Promise<unknown> {
  return Promise.all([TopNav.preload(), StoriesHome.preload()]);
}

/** The story page (/stories/{id}), which the server renders for everyone: its chunk, and the navigation's for someone signed in. */
export const StoryRoute = lazyPage(async () => (await import('./story-route')).StoryRoute);
export function preloadStoryPage(signedIn: boolean): Promise<unknown> {
  return Promise.all([StoryRoute.preload(), signedIn && TopNav.preload()]);
}
