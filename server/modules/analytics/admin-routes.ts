import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { sharedLinksAnalyticsSchema, sharedLinksQuerySchema } from '../../../common/contracts/analytics.ts';
import { ADMIN, errors, tags } from '../admin/routes.ts';
import { sharedLinksAnalytics } from './shared-links.ts';

/** The administrator's analytics (spec part 2 §2.9, §7): admins only. */
export function adminAnalyticsRoutes(pool: pg.Pool, now: () => number): FastifyPluginAsyncZod {
  return async (app) => {
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
