import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  batchBodySchema,
  bookmarkCheckSchema,
  bookmarkResponseSchema,
  bookmarksPageSchema,
  bookmarksQuerySchema,
  bookmarkStatusesSchema,
  okSchema,
  storyIdBodySchema,
  storyIdParamsSchema,
} from '#common/contracts/actions.ts';
import { errorResponseSchema } from '#common/contracts/errors.ts';
import { currentUser, type UserResolver } from '../../http/access.ts';
import type { BookmarksService } from './service.ts';

// 410: the story was removed by moderators (server/modules/stories/visibility.ts).
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 410: errorResponseSchema };

export function bookmarksRoutes(service: BookmarksService, resolveUser: UserResolver): FastifyPluginAsyncZod {
  return async (app) => {
    const me = async (request: Parameters<typeof currentUser>[0]) => (await currentUser(request, resolveUser))!.id;

    app.get(
      '/api/bookmarks',
      { config: { access: 'user' }, schema: { tags: ['bookmarks'], summary: 'My bookmarks, newest first', querystring: bookmarksQuerySchema, response: { 200: bookmarksPageSchema, ...errors } } },
      async (request) => service.list(await me(request), request.query.page, request.query.limit),
    );

    app.post(
      '/api/bookmarks',
      {
        config: { access: 'user' },
        schema: { tags: ['bookmarks'], summary: 'Bookmark a story (201; 200 when it already was)', body: storyIdBodySchema, response: { 200: bookmarkResponseSchema, 201: bookmarkResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const { bookmark, created } = await service.add(await me(request), request.body.storyId);
        return reply.code(created ? 201 : 200).send({ bookmark });
      },
    );

    app.delete(
      '/api/bookmarks/:storyId',
      { config: { access: 'user' }, schema: { tags: ['bookmarks'], summary: 'Remove a bookmark', params: storyIdParamsSchema, response: { 200: okSchema, ...errors } } },
      async (request) => {
        await service.remove(await me(request), request.params.storyId);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/bookmarks/check/:storyId',
      { config: { access: 'user' }, schema: { tags: ['bookmarks'], summary: 'Whether I bookmarked a story', params: storyIdParamsSchema, response: { 200: bookmarkCheckSchema, ...errors } } },
      async (request) => ({ bookmarked: await service.isBookmarked(await me(request), request.params.storyId) }),
    );

    app.post(
      '/api/bookmarks/check-batch',
      { config: { access: 'user' }, schema: { tags: ['bookmarks'], summary: 'Bookmark status of up to 200 stories', body: batchBodySchema, response: { 200: bookmarkStatusesSchema, ...errors } } },
      async (request) => ({ bookmarkStatuses: await service.statuses(await me(request), request.body.storyIds) }),
    );
  };
}
