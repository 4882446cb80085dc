/** Heat badges on story cards and the landing page, and story watch statuses (part 1 §4). */

/** Most intense first: the order the rules are evaluated in and the activity legend's order. */
export const HEAT_LEVELS = ['viral', 'hot', 'rising', 'trending'] as const;
export type HeatLevel = (typeof HEAT_LEVELS)[number];

/** Recency window of the heat and featured rules (part 1 §9). */
export const RECENT_WINDOW_HOURS = 12;

const MS_PER_HOUR = 3_600_000;

/**
 * Whether a story was posted within the last RECENT_WINDOW_HOURS. The window
 * is inclusive (a story exactly 12 hours old is recent), the same reading as
 * "within 3 of the end" in the pagination rule. A posting time after `nowMs`
 * (clock skew with the source site) counts as recent.
 */
export function isRecent(timeUnixSeconds: number, nowMs: number): boolean {
  return nowMs - timeUnixSeconds * 1000 <= RECENT_WINDOW_HOURS * MS_PER_HOUR;
}

export interface HeatStory {
  score: number;
  /** Comment count. */
  descendants: number;
  /** Points per hour; the spec's "velocity". */
  scoreVelocity: number;
  /** Comments per hour. */
  commentsVelocity: number;
  /** Posting time in unix seconds. */
  time: number;
}

/** The story card's badge: the first level whose conditions match, or null for no badge. */
export function heatLevel(story: HeatStory, nowMs: number): HeatLevel | null {
  const { score, descendants, scoreVelocity: velocity, commentsVelocity } = story;
  const recent = isRecent(story.time, nowMs);
  if ((velocity >= 20 && score >= 300) || (score >= 500 && recent) || (descendants >= 200 && recent)) {
    return 'viral';
  }
  if ((velocity >= 10 && score >= 150) || (score >= 250 && recent) || (commentsVelocity >= 5 && descendants >= 50)) {
    return 'hot';
  }
  if ((velocity >= 5 && score >= 50) || (score >= 100 && recent) || (commentsVelocity >= 2 && descendants >= 20)) {
    return 'rising';
  }
  if ((velocity >= 2 && score >= 20) || (score >= 50 && recent) || descendants >= 10) {
    return 'trending';
  }
  return null;
}

export type LandingHeatStory = Pick<HeatStory, 'score' | 'scoreVelocity' | 'time'>;

/**
 * The landing page's simpler reading of the same rule: no comment-based
 * conditions, and 'trending' when nothing else matches (never no badge).
 */
export function landingHeatLevel(story: LandingHeatStory, nowMs: number): HeatLevel {
  const { score, scoreVelocity: velocity } = story;
  const recent = isRecent(story.time, nowMs);
  if ((velocity >= 20 && score >= 300) || (score >= 500 && recent)) return 'viral';
  if ((velocity >= 10 && score >= 150) || (score >= 250 && recent)) return 'hot';
  if ((velocity >= 5 && score >= 50) || (score >= 100 && recent)) return 'rising';
  return 'trending';
}

/** Statuses of a story watch, in the spec's order (part 1 §3). */
export const WATCH_STATUSES = ['viral', 'hot', 'trending', 'rising', 'other'] as const;
export type WatchStatus = (typeof WATCH_STATUSES)[number];

/** A watched story's status: its card heat level, or 'other' when it earns no badge. */
export function watchStatus(story: HeatStory, nowMs: number): WatchStatus {
  return heatLevel(story, nowMs) ?? 'other';
}
