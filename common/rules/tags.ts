/** Tags on story cards (part 1 §4). */
export const STORY_TAGS = ['ask', 'show', 'popular', 'discussion'] as const;
export type StoryTag = (typeof STORY_TAGS)[number];

export const STORY_TAG_LABELS: Readonly<Record<StoryTag, string>> = {
  ask: 'Ask HN',
  show: 'Show HN',
  popular: 'Popular',
  discussion: 'Discussion',
};

/** 'Popular' needs a score above this (strictly). */
export const POPULAR_SCORE = 300;
/** 'Discussion' needs more comments than this (strictly). */
export const DISCUSSION_COMMENTS = 100;

export interface TaggableStory {
  title: string;
  score: number;
  /** Comment count. */
  descendants: number;
}

/**
 * A story's tags in STORY_TAGS order. The prefixes are matched at the very
 * start of the title, as the spec says; leading spaces are not skipped.
 */
export function storyTags(story: TaggableStory): StoryTag[] {
  const title = story.title.toLowerCase();
  const tags: StoryTag[] = [];
  if (title.startsWith('ask hn:')) tags.push('ask');
  if (title.startsWith('show hn:')) tags.push('show');
  if (story.score > POPULAR_SCORE) tags.push('popular');
  if (story.descendants > DISCUSSION_COMMENTS) tags.push('discussion');
  return tags;
}
