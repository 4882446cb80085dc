import { z } from 'zod';
import { ANALYTICS_TIMEFRAME_DEFAULT, ANALYTICS_TIMEFRAMES, POPULAR_STORIES_LIMIT, SHARED_LINK_PERIODS } from '../rules/analytics.ts';

/** The administrator's analytics calls (spec part 2 §3, §7). */

export const sharedLinksQuerySchema = z
  .object({
    days: z
      .enum(SHARED_LINK_PERIODS.map(String) as [string, ...string[]], { error: `days must be one of ${SHARED_LINK_PERIODS.join(', ')}` })
      .default('30')
      .transform(Number),
  })
  .strict();

export const sharedLinkStatSchema = z.object({
  shareToken: z.string(),
  storyTitle: z.string(),
  customTitle: z.string().nullable(),
  userName: z.string().nullable(),
  userEmail: z.string(),
  createdAt: z.string(),
  viewCount: z.number().int(),
  clickCount: z.number().int(),
  clickRate: z.number(),
});
export type SharedLinkStat = z.infer<typeof sharedLinkStatSchema>;

export const sharedLinksAnalyticsSchema = z.object({
  totalLinks: z.number().int(),
  totalViews: z.number().int(),
  totalClicks: z.number().int(),
  averageClickRate: z.number(),
  topSharedLinks: z.array(sharedLinkStatSchema),
  todaysLinks: z.array(sharedLinkStatSchema),
  dailyStats: z.array(z.object({ date: z.string(), newLinks: z.number().int(), views: z.number().int(), clicks: z.number().int() })),
});
export type SharedLinksAnalytics = z.infer<typeof sharedLinksAnalyticsSchema>;

const timeframe = z
  .enum(ANALYTICS_TIMEFRAMES.map(({ hours }) => String(hours)) as [string, ...string[]], {
    error: `timeframe must be one of ${ANALYTICS_TIMEFRAMES.map(({ hours }) => hours).join(', ')} (hours)`,
  })
  .default(String(ANALYTICS_TIMEFRAME_DEFAULT))
  .transform(Number);

export const popularStoriesQuerySchema = z
  .object({
    timeframe,
    limit: z.coerce
      .number({ error: `limit must be a whole number from 1 to ${POPULAR_STORIES_LIMIT}` })
      .int(`limit must be a whole number from 1 to ${POPULAR_STORIES_LIMIT}`)
      .min(1, `limit must be a whole number from 1 to ${POPULAR_STORIES_LIMIT}`)
      .max(POPULAR_STORIES_LIMIT, `limit must be a whole number from 1 to ${POPULAR_STORIES_LIMIT}`)
      .default(POPULAR_STORIES_LIMIT),
  })
  .strict();

/** The period of the API usage and the events, in hours (not in the spec, which shows the page's select). */
export const analyticsPeriodQuerySchema = z.object({ timeframe }).strict();

export const popularStoriesSchema = z.object({
  popularStories: z.array(
    z.object({
      story: z.object({
        id: z.number().int(),
        hnId: z.number().int(),
        title: z.string(),
        url: z.string(),
        by: z.string(),
        score: z.number().int(),
        descendants: z.number().int(),
        timeAgo: z.string(),
        domain: z.string(),
      }),
      viewCount: z.number().int(),
      uniqueViews: z.number().int(),
      shareCount: z.number().int(),
      bookmarkCount: z.number().int(),
    }),
  ),
});
export type PopularStories = z.infer<typeof popularStoriesSchema>;

export const apiUsageSchema = z.object({
  /** The newest requests of the period. */
  usage: z.array(z.object({ method: z.string(), endpoint: z.string(), responseTime: z.number(), statusCode: z.number().int(), createdAt: z.string() })),
  totals: z.object({ requests: z.number().int(), averageResponseTime: z.number(), clientErrors: z.number().int(), serverErrors: z.number().int() }),
  /** The busiest routes of the period. */
  endpoints: z.array(
    z.object({ method: z.string(), endpoint: z.string(), requests: z.number().int(), averageResponseTime: z.number(), clientErrors: z.number().int(), serverErrors: z.number().int() }),
  ),
});
export type ApiUsage = z.infer<typeof apiUsageSchema>;

export const analyticsEventsSchema = z.object({
  /** The newest events of the period. */
  events: z.array(z.object({ eventType: z.string(), properties: z.object({ title: z.string().optional() }).passthrough(), userId: z.string().nullable(), createdAt: z.string() })),
  totals: z.object({ events: z.number().int(), views: z.number().int(), bookmarks: z.number().int() }),
});
export type AnalyticsEvents = z.infer<typeof analyticsEventsSchema>;
