import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { freshnessSchema } from '#common/contracts/stories.ts';
import type { FreshnessService } from './service.ts';

export function freshnessRoutes(freshness: FreshnessService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/stories/freshness',
      {
        config: { access: 'public' },
        schema: {
          tags: ['stories'],
          summary: 'How old the Hacker News data is',
          description: 'asOf: unix seconds of the last update from Hacker News (null before the first); unreachableSince: while Hacker News cannot be reached, since when (else null).',
          response: { 200: freshnessSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return freshness.current();
      },
    );
  };
}
