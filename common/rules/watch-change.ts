import { HEAT_LEVEL_NAMES, HEAT_LEVELS, type HeatLevel } from './heat.ts';

/**
 * What a watched story's status change means to the person watching it, in watch emails and on /watched-stories.
 * The heat order runs Trending < Rising < Hot < Viral, with the story that earns no badge below Trending: a move up
 * it is "growing", a move down "cooling", and each side is named as its badge names it. The stored status of a
 * story without a badge ('other', or null) and any value this rule does not know read as "no heat badge", so no
 * internal value ever reaches a person. Two readings of the same state are no change: nothing to tell.
 */

export type WatchDirection = 'growing' | 'cooling';

export interface WatchChange {
  direction: WatchDirection;
  /** Both states in words, e.g. 'was Hot, now Rising' or 'was Trending, now has no heat badge'. */
  summary: string;
}

const NO_BADGE = 'no heat badge';

function levelOf(status: string | null | undefined): HeatLevel | null {
  return HEAT_LEVELS.find((level) => level === status) ?? null;
}

/** Higher is hotter: no badge 0, Trending 1 … Viral 4 (HEAT_LEVELS lists the most intense first). */
function rank(level: HeatLevel | null): number {
  return level === null ? 0 : HEAT_LEVELS.length - HEAT_LEVELS.indexOf(level);
}

/** The change from one watch status to another, or null when both are the same state. */
export function watchChange(from: string | null | undefined, to: string | null | undefined): WatchChange | null {
  const before = levelOf(from);
  const after = levelOf(to);
  if (rank(before) === rank(after)) return null;
  const was = before ? `was ${HEAT_LEVEL_NAMES[before]}` : `had ${NO_BADGE}`;
  const now = after ? `now ${HEAT_LEVEL_NAMES[after]}` : `now has ${NO_BADGE}`;
  return { direction: rank(after) > rank(before) ? 'growing' : 'cooling', summary: `${was}, ${now}` };
}

/** One line about a change, e.g. 'Cooling: was Hot, now Rising'. */
export function watchChangeNote(change: WatchChange): string {
  return `${change.direction === 'growing' ? 'Growing' : 'Cooling'}: ${change.summary}`;
}
