import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#common/contracts/errors.ts';
import { recommendationsQuerySchema, recommendationsResponseSchema } from '#common/contracts/recommendations.ts';
import { currentUser, type UserResolver } from '../../http/access.ts';
import type { RecommendationsService } from './service.ts';

export function recommendationsRoutes(service: RecommendationsService, resolveUser: UserResolver): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/recommendations',
      {
        config: { access: 'user' },
        schema: {
          tags: ['recommendations'],
          summary: 'For you: recent stories like the ones I bookmarked, watched or noted, or my keyword alerts name, each with its reasons',
          querystring: recommendationsQuerySchema,
          response: { 200: recommendationsResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request) => service.forPerson((await currentUser(request, resolveUser))!.id, request.query.limit),
    );
  };
}
