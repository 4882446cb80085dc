import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import {
  analyticsEventsSchema,
  analyticsPeriodQuerySchema,
  apiUsageSchema,
  popularStoriesQuerySchema,
  popularStoriesSchema,
  sharedLinksAnalyticsSchema,
  sharedLinksQuerySchema,
} from '#common/contracts/analytics.ts';
import { ADMIN, errors, tags } from '../admin/routes.ts';
import { sharedLinksAnalytics } from './shared-links.ts';
import { analyticsEvents, apiUsage, popularStories } from './site-analytics.ts';

/** The administrator's analytics (spec part 2 §2.9, §7): admins only. */
export function adminAnalyticsRoutes(pool: pg.Pool, now: () => number): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/analytics/popular-stories',
      {
        config: ADMIN,
        schema: { tags, summary: 'Stories ranked by views, unique viewers, shares and bookmarks in the last hours', querystring: popularStoriesQuerySchema, response: { 200: popularStoriesSchema, ...errors } },
      },
      async (request) => popularStories(pool, request.query.timeframe, request.query.limit, now()),
    );

    app.get(
      '/api/admin/analytics/api-usage',
      {
        config: ADMIN,
        schema: { tags, summary: 'The newest API requests, totals and the busiest routes of the last hours', querystring: analyticsPeriodQuerySchema, response: { 200: apiUsageSchema, ...errors } },
      },
      async (request) => apiUsage(pool, request.query.timeframe, now()),
    );

    app.get(
      '/api/admin/analytics/events',
      {
        config: ADMIN,
        schema: { tags, summary: 'The newest analytics events and their counts in the last hours', querystring: analyticsPeriodQuerySchema, response: { 200: analyticsEventsSchema, ...errors } },
      },
      async (request) => analyticsEvents(pool, request.query.timeframe, now()),
    );

    app.get(
      '/api/admin/analytics/shared-links',
      {
        config: ADMIN,
        schema: { tags, summary: 'Share links, views and clicks of the last 7, 30 or 90 days', querystring: sharedLinksQuerySchema, response: { 200: sharedLinksAnalyticsSchema, ...errors } },
      },
      async (request) => sharedLinksAnalytics(pool, request.query.days, now()),
    );
  };
}
