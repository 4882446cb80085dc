/**
 * Keyword trend rules (part 1 §2, §9; docs/keywords.md): periods, the percentage change with its
 * 50 percent baseline, the 25th-percentile and median thresholds that split rising, stable and cooling, the
 * keyword's own usual level, and the day periods of the hourly patterns.
 */

export const KEYWORD_PERIODS = ['1h', '6h', '24h', '7d'] as const;
export type KeywordPeriod = (typeof KEYWORD_PERIODS)[number];
export const KEYWORD_PERIOD_HOURS: Readonly<Record<KeywordPeriod, number>> = { '1h': 1, '6h': 6, '24h': 24, '7d': 168 };
export const DEFAULT_KEYWORD_PERIOD: KeywordPeriod = '24h';
export const KEYWORD_PERIOD_LABELS: Readonly<Record<KeywordPeriod, string>> = {
  '1h': 'Last hour',
  '6h': 'Last 6 hours',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
};

/** The page's lists (part 1 §9). */
export const HOT_KEYWORDS_SHOWN = 20;
export const RISING_SHOWN = 4;
export const COOLING_SHOWN = 8;
export const STABLE_SHOWN = 8;
export const PER_DAY_PERIOD_SHOWN = 3;
export const TREND_RISING_SHOWN = 15;
export const ALL_TRENDS_SHOWN = 50;
/** Thresholds when there are no trends to take percentiles of (part 1 §9). */
export const COOLING_THRESHOLD_DEFAULT = 60;
export const STABLE_UPPER_DEFAULT = 70;
/** The previous count used where it is zero, as a share of one story: the spec's 50 percent baseline. */
export const ZERO_BASELINE = 0.5;
/** Stories a keyword needs in the two periods together to have a trend, so one-off words never rise. */
export const MIN_TREND_SUPPORT = 3;
/** A phrase is a keyword only when it recurs: in at least this many stories of the period. */
export const MIN_PHRASE_STORIES = 2;
/** Rising also means above the keyword's own usual level by this many standard deviations (beyond the spec). */
export const RISING_Z_SCORE = 2;
/** The usual level is the same window in each of this many previous weeks. */
export const USUAL_LEVEL_WEEKS = 4;

/**
 * Attention (docs/keywords.md, "What readers paid attention to"): a story counts for its keywords once readers have
 * noticed it, at ATTENTION_MIN_POINTS points; below that (most new submissions on Hacker News never get a second
 * vote) it is counted for nothing, neither as a story nor as points. A keyword's frequency is the number of its
 * stories that got attention; hot keywords rank by the points those stories got, then by their number.
 */
export const ATTENTION_MIN_POINTS = 5;

/** What a story with this score adds to each of its keywords: one story and its points, or nothing yet. */
export function storyAttention(points: number): { stories: number; points: number } | null {
  return points >= ATTENTION_MIN_POINTS ? { stories: 1, points } : null;
}

/** The hot keywords' order: the points of the stories that got attention, then their number (the frequency). */
export function compareByAttention(a: { points: number; frequency: number }, b: { points: number; frequency: number }): number {
  return b.points - a.points || b.frequency - a.frequency;
}

export const KEYWORD_SORTS = ['frequency', 'growth', 'recent'] as const;
export type KeywordSort = (typeof KEYWORD_SORTS)[number];

/**
 * Change from the previous period to the current one, in whole percent. Where the previous count is zero the
 * change is measured from the 50 percent baseline (half a story): a keyword new with 3 stories is +500 %.
 */
export function percentageChange(current: number, previous: number): number {
  const base = previous > 0 ? previous : ZERO_BASELINE;
  return Math.round(((current - base) / base) * 100);
}

/** The q-quantile (0..1) of sorted values by linear interpolation. */
function quantileOfSorted(sorted: Float64Array, q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

export interface TrendThresholds {
  /** Below this a keyword is cooling: the 25th percentile of the changes (default 60). */
  cooling: number;
  /** Up to this a keyword is stable, above it rising: the median of the changes (default 70). */
  stableUpper: number;
}

export function trendThresholds(changes: readonly number[]): TrendThresholds {
  if (changes.length === 0) return { cooling: COOLING_THRESHOLD_DEFAULT, stableUpper: STABLE_UPPER_DEFAULT };
  // Sorted once for both (a typed array sorts numerically without a comparator): the trends call's hot path.
  const sorted = Float64Array.from(changes).sort();
  return { cooling: quantileOfSorted(sorted, 0.25), stableUpper: quantileOfSorted(sorted, 0.5) };
}

export type TrendClass = 'rising' | 'stable' | 'cooling';

/** The spec's split by the change alone; isRising (on each trend) adds the keyword's own usual level. */
export function trendClass(change: number, thresholds: TrendThresholds): TrendClass {
  if (change < thresholds.cooling) return 'cooling';
  if (change <= thresholds.stableUpper) return 'stable';
  return 'rising';
}

/**
 * A keyword's usual level: its counts in the same window of each previous week, summed. The keyword windows keep
 * these sums (docs/keywords.md), so the trends read two numbers a keyword rather than one a week.
 */
export interface UsualLevel {
  weeks: number;
  sum: number;
  sumOfSquares: number;
}

/** The usual level of these weekly counts. */
export function usualLevelOf(history: readonly number[]): UsualLevel {
  return { weeks: history.length, sum: history.reduce((sum, value) => sum + value, 0), sumOfSquares: history.reduce((sum, value) => sum + value * value, 0) };
}

/**
 * How far the current count is above the keyword's usual level (the same window in previous weeks), in standard
 * deviations. Counts are small, so the deviation is at least that of a Poisson count (√mean, and at least 1): a
 * keyword always big ("Google") is not unusual for being big, a sudden topic is.
 */
export function usualLevelScore(current: number, usual: UsualLevel): number {
  const mean = usual.weeks > 0 ? usual.sum / usual.weeks : 0;
  // The mean of the squares less the square of the mean; never below 0, whatever the rounding.
  const variance = usual.weeks > 0 ? Math.max(0, usual.sumOfSquares / usual.weeks - mean * mean) : 0;
  const deviation = Math.max(Math.sqrt(variance), Math.sqrt(mean), 1);
  return (current - mean) / deviation;
}

export interface TrendCounts {
  currentFrequency: number;
  previousFrequency: number;
  /** The counts of the same window in each previous week (USUAL_LEVEL_WEEKS of them), summed. */
  usual: UsualLevel;
}

/**
 * Rising: more stories than the previous period, above its own usual level, and a change above the median, or new:
 * none the period before. A quiet hour's trends are mostly new keywords at the smallest change a new keyword can
 * have (3 against none, +500 %), which then is the median itself, and the topic everyone writes about could not rise
 * above it; a new keyword still has to stand 2 deviations above its usual level.
 */
export function isRising(counts: TrendCounts, change: number, thresholds: TrendThresholds): boolean {
  return (
    counts.currentFrequency > counts.previousFrequency &&
    (change > thresholds.stableUpper || counts.previousFrequency === 0) &&
    usualLevelScore(counts.currentFrequency, counts.usual) >= RISING_Z_SCORE
  );
}

export const DAY_PERIODS = ['morning', 'afternoon', 'evening', 'night'] as const;
export type DayPeriod = (typeof DAY_PERIODS)[number];
export const DAY_PERIOD_LABELS: Readonly<Record<DayPeriod, string>> = {
  morning: 'Morning 6AM-12PM',
  afternoon: 'Afternoon 12PM-6PM',
  evening: 'Evening 6PM-12AM',
  night: 'Night 12AM-6AM',
};

/** The day period of a local hour 0-23. */
export function dayPeriodOfHour(hour: number): DayPeriod {
  if (hour >= 6 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  if (hour >= 18) return 'evening';
  return 'night';
}
