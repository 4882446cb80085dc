import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { batchBodySchema, storyStatusesSchema } from '#common/contracts/actions.ts';
import { errorResponseSchema } from '#common/contracts/errors.ts';
import { currentUser, type UserResolver } from '../../http/access.ts';
import { selectAllStatuses } from './queries.ts';

/**
 * The four batch checks (bookmarks, flags, watches, notes) in one call and one statement. The web app's first
 * page of stories asks for all four at once (the signed-in home the server renders); the separate calls stay,
 * as the spec has them, for refreshing one kind.
 */
export function storyStatusesRoutes(pool: pg.Pool, resolveUser: UserResolver): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/story-statuses/check-batch',
      {
        config: { access: 'user' },
        schema: {
          tags: ['bookmarks'],
          summary: 'Bookmark, flag, watch and note status of up to 200 stories',
          body: batchBodySchema,
          response: { 200: storyStatusesSchema, 400: errorResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request) => selectAllStatuses(pool, (await currentUser(request, resolveUser))!.id, request.body.storyIds),
    );
  };
}
