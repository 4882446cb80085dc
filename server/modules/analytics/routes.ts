import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { analyticsEventSchema, okSchema } from '#common/contracts/actions.ts';
import { errorResponseSchema } from '#common/contracts/errors.ts';
import { currentUser, type UserResolver } from '../../http/access.ts';
import { clientNetwork, viewerKey } from '../../http/viewer.ts';
import { tooManyRequestsMessage, type DatabaseRateLimiter } from '../../http/rate-limit.ts';
import { AnalyticsService } from './service.ts';

/**
 * Events per visitor (an IPv4 address, an IPv6 /64) per minute: a busy reader sends a few; a script sending more is
 * refused. Counting is bounded anyway (once per viewer, story, kind and hour); this bounds the work.
 */
export const ANALYTICS_LIMIT = { windowSeconds: 60, max: 120 };

export function analyticsRoutes(pool: pg.Pool, limiter: DatabaseRateLimiter, resolveUser: UserResolver, viewerSecret: string, now: () => number): FastifyPluginAsyncZod {
  const service = new AnalyticsService(pool, now);
  return async (app) => {
    app.post(
      '/api/analytics/track',
      {
        config: { access: 'public' },
        schema: {
          tags: ['analytics'],
          summary: "Record a story_bookmark or story_view event (visitors too); the story's title, url and score are read from the story",
          body: analyticsEventSchema,
          response: { 200: okSchema, 400: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const limit = await limiter.hit(`analytics:visitor:${clientNetwork(request.ip)}`, ANALYTICS_LIMIT.windowSeconds, ANALYTICS_LIMIT.max);
        if (!limit.allowed) {
          return reply.code(429).header('retry-after', limit.retryAfterSeconds).send({ message: tooManyRequestsMessage(limit.retryAfterSeconds) });
        }
        const user = await currentUser(request, resolveUser);
        const day = new Date(now()).toISOString().slice(0, 10);
        await service.track(request.body, user?.id ?? null, viewerKey(viewerSecret, request, user?.id ?? null, day));
        return { ok: true as const };
      },
    );
  };
}
