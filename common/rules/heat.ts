/** Heat badges on story cards and the landing page, and story watch statuses (part 1 §4). */

/** Most intense first: the order the rules are evaluated in and the activity legend's order. */
export const HEAT_LEVELS = ['viral', 'hot', 'rising', 'trending'] as const;
export type HeatLevel = (typeof HEAT_LEVELS)[number];

/** Each level's name as its badge shows it, wherever a person reads about heat (the app and email alike). */
export const HEAT_LEVEL_NAMES: Readonly<Record<HeatLevel, string>> = { viral: 'Viral', hot: 'Hot', rising: 'Rising', trending: 'Trending' };

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

/**
 * Each level's thresholds (part 1 §4), from which both readings and their plain-words explanation are derived.
 * A level matches on points (`velocity` points an hour with `score` points, or `recentScore` points while recent)
 * or, on story cards only, on comments (`descendants` comments, with `commentsVelocity` comments an hour when
 * given, and only while recent when `recent`).
 */
interface HeatThresholds {
  velocity: number;
  score: number;
  recentScore: number;
  comments: { descendants: number; commentsVelocity?: number; recent?: boolean };
}

export const HEAT_THRESHOLDS: Readonly<Record<HeatLevel, HeatThresholds>> = {
  viral: { velocity: 20, score: 300, recentScore: 500, comments: { descendants: 200, recent: true } },
  hot: { velocity: 10, score: 150, recentScore: 250, comments: { descendants: 50, commentsVelocity: 5 } },
  rising: { velocity: 5, score: 50, recentScore: 100, comments: { descendants: 20, commentsVelocity: 2 } },
  trending: { velocity: 2, score: 20, recentScore: 50, comments: { descendants: 10 } },
};

function meetsPoints(level: HeatLevel, story: LandingHeatStory, recent: boolean): boolean {
  const { velocity, score, recentScore } = HEAT_THRESHOLDS[level];
  return (story.scoreVelocity >= velocity && story.score >= score) || (story.score >= recentScore && recent);
}

function meetsComments(level: HeatLevel, story: HeatStory, recent: boolean): boolean {
  const { descendants, commentsVelocity, recent: onlyRecent } = HEAT_THRESHOLDS[level].comments;
  return (
    story.descendants >= descendants &&
    (commentsVelocity === undefined || story.commentsVelocity >= commentsVelocity) &&
    (!onlyRecent || recent)
  );
}

/** The story card's badge: the first level whose conditions match, or null for no badge. */
export function heatLevel(story: HeatStory, nowMs: number): HeatLevel | null {
  const recent = isRecent(story.time, nowMs);
  return HEAT_LEVELS.find((level) => meetsPoints(level, story, recent) || meetsComments(level, story, recent)) ?? null;
}

export type LandingHeatStory = Pick<HeatStory, 'score' | 'scoreVelocity' | 'time'>;

/**
 * The landing page's simpler reading of the same rule: no comment-based
 * conditions, and 'trending' when nothing else matches (never no badge).
 */
export function landingHeatLevel(story: LandingHeatStory, nowMs: number): HeatLevel {
  const recent = isRecent(story.time, nowMs);
  return HEAT_LEVELS.find((level) => level !== 'trending' && meetsPoints(level, story, recent)) ?? 'trending';
}

/** Which reading of the heat rule a badge follows: the story card's, or the landing page sample's. */
export type HeatReading = 'card' | 'landing';

/**
 * A level's rule in plain words, as the legend and the badges' tooltips explain it, e.g. for a card's Hot:
 * '10+ points an hour and 150+ points, or 250+ points within 12 hours of posting, or 5+ comments an hour and
 * 50+ comments'. The landing reading leaves out comments, and its Trending is every story below Rising.
 */
export function heatRuleText(level: HeatLevel, reading: HeatReading): string {
  if (reading === 'landing' && level === 'trending') return 'every other story in the sample';
  const { velocity, score, recentScore, comments } = HEAT_THRESHOLDS[level];
  const parts = [`${velocity}+ points an hour and ${score}+ points`, `${recentScore}+ points within ${RECENT_WINDOW_HOURS} hours of posting`];
  if (reading === 'card') {
    const rate = comments.commentsVelocity === undefined ? '' : `${comments.commentsVelocity}+ comments an hour and `;
    const when = comments.recent ? ` within ${RECENT_WINDOW_HOURS} hours of posting` : '';
    parts.push(`${rate}${comments.descendants}+ comments${when}`);
  }
  return parts.join(', or ');
}

/** What the card's reading does below Trending, and how the landing sample's differs: said where each shows. */
export const HEAT_NO_BADGE_TEXT = 'A story that meets none of these shows no badge.';
export const LANDING_HEAT_DIFFERENCE_TEXT =
  'This sample reads points only and calls every story below Rising Trending; the story list also counts comments, and a story below Trending there shows no badge.';

/** Statuses of a story watch, in the spec's order (part 1 §3). */
export const WATCH_STATUSES = ['viral', 'hot', 'trending', 'rising', 'other'] as const;
export type WatchStatus = (typeof WATCH_STATUSES)[number];

/** A watched story's status: its card heat level, or 'other' when it earns no badge. */
export function watchStatus(story: HeatStory, nowMs: number): WatchStatus {
  return heatLevel(story, nowMs) ?? 'other';
}
