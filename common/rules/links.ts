/** Where a story's links go (spec part 1 §2). */

/** The source site's page for an item: its comments. */
export function itemPageUrl(hnId: number): string {
  return `https://news.ycombinator.com/item?id=${hnId}`;
}

/** A story's title link: its URL, or the item page when it has none (Ask HN and other text posts). */
export function storyLinkUrl(story: { url: string; hnId: number }): string {
  return story.url || itemPageUrl(story.hnId);
}
