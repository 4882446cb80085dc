/**
 * The route table of spec part 2 §2.1 (plus /signin), as plain data: the web router renders these paths and
 * the server answers each with the app (every other path gets the app's 404 page with status 404).
 * Patterns use wouter's syntax: `:name` is one segment, `:name?` an optional last segment.
 */
export const ROUTES = {
  home: '/',
  signIn: '/signin',
  keywords: '/keywords',
  bookmarks: '/bookmarks',
  watchedStories: '/watched-stories',
  predictions: '/predictions',
  search: '/search',
  preferences: '/preferences',
  /** Not in the spec's table: recommendations from a person's bookmarks, watches, notes and alerts (docs/recommendations.md). */
  forYou: '/for-you',
  /** Not in the spec's table: a person's collections of stories, one of them, and one shared by link (docs/actions.md). */
  collections: '/collections',
  collection: '/collections/:id',
  sharedCollection: '/c/:token',
  /** Not in the spec's table: a person's muting rules (docs/actions.md). */
  mutes: '/mutes',
  profile: '/profile',
  publicProfile: '/profile/:identifier',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  /** Not in the spec's table: every feed, with examples (docs/feeds.md). */
  feeds: '/feeds',
  share: '/share/:shareToken?/:titleSlug?',
  sharedStory: '/shared-story/:shareToken?',
  unsubscribe: '/unsubscribe/:token?',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminLogs: '/admin/logs',
  adminContent: '/admin/content',
  adminSettings: '/admin/settings',
  adminAnalytics: '/admin/analytics',
  adminSharedLinksAnalytics: '/admin/shared-links-analytics',
  adminSearch: '/admin/search',
  adminEmail: '/admin/email',
  adminNewsletter: '/admin/newsletter',
  adminMaintenance: '/admin/maintenance',
  /** Not in the spec's table: one story's history, facts and predictions (docs/web.md, "The story page"). */
  story: '/stories/:id',
  /** Not in the spec's table: where contact messages reach someone (docs/admin.md). */
  adminContact: '/admin/contact',
} as const;

export type RouteName = keyof typeof ROUTES;

/** Whether a pathname (no query string) is one of the route table's paths. */
export function isAppRoute(pathname: string): boolean {
  return Object.values(ROUTES).some((pattern) => matchesPattern(pattern, pathname));
}

function matchesPattern(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/').filter(Boolean);
  const actual = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  const required = wanted.filter((segment) => !segment.endsWith('?')).length;
  if (actual.length < required || actual.length > wanted.length) return false;
  return actual.every((segment, index) => {
    const expected = wanted[index]!;
    return expected.startsWith(':') ? segment.length > 0 : expected === segment;
  });
}
