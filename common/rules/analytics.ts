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

/** The admin analytics' periods in hours, with the select's labels (part 2 §2.9, §9). */
export const ANALYTICS_TIMEFRAMES = [
  { hours: 1, label: 'Last Hour' },
  { hours: 6, label: '6 Hours' },
  { hours: 24, label: '24 Hours' },
  { hours: 72, label: '3 Days' },
  { hours: 168, label: 'Week' },
] as const;
export type AnalyticsTimeframe = (typeof ANALYTICS_TIMEFRAMES)[number]['hours'];
export const ANALYTICS_TIMEFRAME_DEFAULT: AnalyticsTimeframe = 24;
/** Popular stories asked for, at most (and by default). */
export const POPULAR_STORIES_LIMIT = 50;
/** The analytics page refreshes, and its answers stay fresh, every 30 s. */
export const ANALYTICS_REFRESH_MS = 30_000;
/** API requests and events listed (the newest first). */
export const ANALYTICS_LIST_SHOWN = 20;
/** Routes listed in the API usage by route, the busiest first. */
export const API_USAGE_ROUTES_SHOWN = 20;
