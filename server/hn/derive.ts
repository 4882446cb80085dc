/**
 * The derived fields of a story: velocities, trending score and rise score.
 * Pure functions; docs/algorithms.md explains each formula and its constants.
 */

const SECONDS_PER_HOUR = 3600;

/** A story's counts at a moment (unix seconds). */
export interface CountsAt {
  at: number;
  score: number;
  descendants: number;
}

export interface VelocityInput {
  /** Submission time, unix seconds. */
  time: number;
  now: CountsAt;
  /** The latest snapshot taken at or before `now.at - window`, if any. */
  beforeWindow: CountsAt | null;
  /** The earliest snapshot we hold (our first sight of the story), if any. */
  earliest: CountsAt | null;
  windowHours: number;
}

export interface Velocity {
  scoreVelocity: number;
  commentsVelocity: number;
}

/** A brand-new story's first points would otherwise read as hundreds per hour. */
export const MIN_AGE_HOURS = 0.5;
/** Shorter spans of our own observation are too noisy to trust over the story's lifetime average. */
export const MIN_OBSERVED_HOURS = 1 / 6;

/**
 * Points and comments gained per hour over the trailing window.
 * Snapshots are written only when counts change, so the counts at the window's start are those of the
 * last snapshot before it, whatever its age.
 */
export function computeVelocity(input: VelocityInput): Velocity {
  const { now, windowHours } = input;
  const ageHours = Math.max(0, (now.at - input.time) / SECONDS_PER_HOUR);
  if (input.beforeWindow) {
    return perHour(now, input.beforeWindow, windowHours);
  }
  if (ageHours <= windowHours) {
    // Younger than the window: every point arrived since submission (stories start at 1 point, 0 comments).
    return perHour(now, { at: input.time, score: 1, descendants: 0 }, Math.max(ageHours, MIN_AGE_HOURS));
  }
  const earliest = input.earliest;
  if (earliest && (now.at - earliest.at) / SECONDS_PER_HOUR >= MIN_OBSERVED_HOURS) {
    // Older than the window but first seen inside it (e.g. just after install): use what we observed.
    return perHour(now, earliest, (now.at - earliest.at) / SECONDS_PER_HOUR);
  }
  // Nothing observed yet: the lifetime average is the only honest estimate until snapshots accumulate.
  return perHour(now, { at: input.time, score: 1, descendants: 0 }, Math.max(ageHours, MIN_AGE_HOURS));
}

function perHour(now: CountsAt, then: CountsAt, hours: number): Velocity {
  return {
    scoreVelocity: round2(Math.max(0, now.score - then.score) / hours),
    commentsVelocity: round2(Math.max(0, now.descendants - then.descendants) / hours),
  };
}

/**
 * Upvotes per hour an average story receives at each front-page rank (1-30), measured from the recorded
 * front-page time series by tools/analysis/rank-attention.ts (692,927 observations, 2020-2022).
 */
export const FRONT_PAGE_UPVOTES_PER_HOUR = [
  63.01, 38.64, 30.18, 26.45, 22.86, 21.12, 19.15, 17.95, 16.96, 15.98, 14.89, 14.06, 13.3, 12.77, 12.32, 11.62, 11.16,
  10.63, 10.25, 9.72, 9.36, 9.19, 8.95, 8.6, 8.6, 8.35, 8.23, 8.36, 8.65, 8.78,
] as const;

/** Fewer readers page past the front page; assumed a third of rank 30's rate, falling with rank. */
const PAST_FRONT_PAGE_FACTOR = 1 / 3;
/** The /newest page: assumed about one upvote an hour for its first 30 entries, none further down. */
const NEW_PAGE_UPVOTES_PER_HOUR = 1;

/** Expected upvotes per hour for a story holding these ranks (null = not in that list). */
export function expectedUpvotesPerHour(topRank: number | null, newRank: number | null): number {
  if (topRank !== null && topRank >= 1) {
    if (topRank <= 30) return FRONT_PAGE_UPVOTES_PER_HOUR[topRank - 1]!;
    return FRONT_PAGE_UPVOTES_PER_HOUR[29]! * PAST_FRONT_PAGE_FACTOR * (30 / topRank);
  }
  if (newRank !== null && newRank >= 1 && newRank <= 30) return NEW_PAGE_UPVOTES_PER_HOUR;
  return 0;
}

/** Prior, in upvotes, pulling the upvote ratio of little-seen stories toward 1 (average). */
export const UPVOTE_RATIO_PRIOR = 5;
export const UPVOTE_RATIO_MIN = 0.5;
export const UPVOTE_RATIO_MAX = 3;

/** Upvotes received over upvotes an average story would have received in the same positions. */
export function upvoteRatio(score: number, expectedUpvotes: number): number {
  const received = Math.max(0, score - 1);
  const ratio = (received + UPVOTE_RATIO_PRIOR) / (expectedUpvotes + UPVOTE_RATIO_PRIOR);
  return Math.min(UPVOTE_RATIO_MAX, Math.max(UPVOTE_RATIO_MIN, ratio));
}

/** A comment shows engagement like an upvote, but arrives in threads; counted at half weight. */
export const COMMENT_WEIGHT = 0.5;
/** Gentler than Hacker News's 1.8 because velocity, unlike total points, does not accumulate with age. */
export const TRENDING_AGE_EXPONENT = 0.8;

export interface TrendingInput extends Velocity {
  score: number;
  expectedUpvotes: number;
  ageHours: number;
}

/** Momentum now, weighted by how much better than its exposure the story does, decayed with age. */
export function trendingScore(input: TrendingInput): number {
  const momentum = input.scoreVelocity + COMMENT_WEIGHT * input.commentsVelocity;
  if (momentum <= 0) return 0;
  const quality = Math.sqrt(upvoteRatio(input.score, input.expectedUpvotes));
  const ageDecay = ((Math.max(0, input.ageHours) + 2) / 2) ** TRENDING_AGE_EXPONENT;
  return round2((momentum * quality) / ageDecay);
}

/** Fast risers are young: only stories submitted within this many hours qualify. */
export const FAST_RISER_MAX_AGE_HOURS = 24;

/** Velocity scaled down by the square root of age, so a young story gaining fast beats an old big one. */
export function riseScore(scoreVelocity: number, ageHours: number): number {
  if (scoreVelocity <= 0 || ageHours > FAST_RISER_MAX_AGE_HOURS) return 0;
  return round2(scoreVelocity / Math.sqrt(Math.max(ageHours, MIN_AGE_HOURS)));
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
