import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteStatsSchema } from '#common/contracts/site-stats.ts';
import type { SiteStatsService } from './service.ts';

export function siteStatsRoutes(stats: SiteStatsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/site/stats',
      {
        config: { access: 'public' },
        schema: {
          tags: ['system'],
          summary: "The landing page's live figures",
          description: 'storiesLast30Days: stories posted in the last 30 days; readersLast24Hours: people whose session began or was renewed in the last 24 hours. Measured at most a minute ago.',
          response: { 200: siteStatsSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=60');
        return stats.current();
      },
    );
  };
}
