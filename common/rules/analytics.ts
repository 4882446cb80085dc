/** Shared-links analytics (spec part 2 §9): the periods in days, the default, and the daily stats shown. */
export const SHARED_LINK_PERIODS = [7, 30, 90] as const;
export type SharedLinkPeriod = (typeof SHARED_LINK_PERIODS)[number];
export const SHARED_LINK_PERIOD_DEFAULT: SharedLinkPeriod = 30;
export const SHARED_LINK_DAILY_STATS = 7;
/** The page refreshes every 30 s. */
export const SHARED_LINKS_REFRESH_MS = 30_000;
/** Links listed as the top of a period, and at most this many of today's. */
export const TOP_SHARED_LINKS = 10;
export const TODAYS_LINKS_MAX = 50;

/** Clicks per hundred views, to one decimal; 0 without views. */
export function clickRate(clicks: number, views: number): number {
  return views === 0 ? 0 : Math.round((clicks / views) * 1000) / 10;
}
