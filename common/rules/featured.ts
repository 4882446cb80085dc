/** The featured story card and the velocity badges (part 1 §4). */
import { isRecent, type HeatStory } from './heat.ts';
import type { StorySort } from './sorts.ts';

export type FeaturedStory = Pick<HeatStory, 'score' | 'descendants' | 'scoreVelocity' | 'time'>;

export interface ListPosition {
  /** Zero-based position of the story in the list shown. */
  index: number;
  sort: StorySort;
}

/** Sorts whose first item is always featured. */
const SORTS_FEATURING_FIRST_ITEM: readonly StorySort[] = ['trending', 'fast-risers'];

export function isFeatured(story: FeaturedStory, position: ListPosition, nowMs: number): boolean {
  const recent = isRecent(story.time, nowMs);
  return (
    (story.scoreVelocity >= 15 && story.score >= 200) ||
    (story.score >= 400 && recent) ||
    (story.descendants >= 150 && recent) ||
    (position.index === 0 && SORTS_FEATURING_FIRST_ITEM.includes(position.sort))
  );
}

/** Featured cards show 'Rising Fast' above 10 points per hour. */
export function showsRisingFast(velocity: number): boolean {
  return velocity > 10;
}

/** The '+N/hr' badge: featured cards show it for any positive velocity, regular cards above 5. */
export function showsVelocityBadge(velocity: number, featured: boolean): boolean {
  return featured ? velocity > 0 : velocity > 5;
}
