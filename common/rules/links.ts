/** Where a story's links go (spec part 1 §2). */

/** The source site's page for an item: its comments. */
export function itemPageUrl(hnId: number): string {
  return `https://news.ycombinator.com/item?id=${hnId}`;
}

/** A story's title link: its URL, or the item page when it has none (Ask HN and other text posts). */
export function storyLinkUrl(story: { url: string; hnId: number }): string {
  return story.url || itemPageUrl(story.hnId);
}

/** A scheme as URLs start with ('https:', 'mailto:'), not a host's port ('example.com:8080'). */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * A profile's website as people type it: one given without a scheme ('alice.example') is an https://
 * address; one with a scheme, and blank, stay as they are (the profile contract then accepts only http(s)).
 */
export function withWebsiteScheme(website: string): string {
  return website === '' || SCHEME.test(website) ? website : `https://${website}`;
}

/** The product's own page of a story: its history, facts and predictions (`id` is our story id, not Hacker News's). */
export function storyPagePath(storyId: number): string {
  return `/stories/${storyId}`;
}
