import { z } from 'zod';
import { SHARED_LINK_PERIODS } from '../rules/analytics.ts';

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
