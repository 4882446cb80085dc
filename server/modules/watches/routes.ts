import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  batchBodySchema,
  okSchema,
  storyIdBodySchema,
  storyIdParamsSchema,
  watchesResponseSchema,
  watchResponseSchema,
  watchStatusesSchema,
} from '#common/contracts/actions.ts';
import { errorResponseSchema } from '#common/contracts/errors.ts';
import { currentUser, type UserResolver } from '../../http/access.ts';
import type { WatchesService } from './service.ts';

// 410: the story was removed by moderators (server/modules/stories/visibility.ts).
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 410: errorResponseSchema };

export function watchesRoutes(service: WatchesService, resolveUser: UserResolver): FastifyPluginAsyncZod {
  return async (app) => {
    const me = async (request: Parameters<typeof currentUser>[0]) => (await currentUser(request, resolveUser))!.id;

    app.get(
      '/api/story-watches',
      { config: { access: 'user' }, schema: { tags: ['watches'], summary: 'My watched stories with status and growth', response: { 200: watchesResponseSchema, ...errors } } },
      async (request) => service.list(await me(request)),
    );

    app.post(
      '/api/story-watches',
      {
        config: { access: 'user' },
        schema: { tags: ['watches'], summary: 'Watch a story (201; 200 when already watched)', body: storyIdBodySchema, response: { 200: watchResponseSchema, 201: watchResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const { watch, created } = await service.add(await me(request), request.body.storyId);
        return reply.code(created ? 201 : 200).send({ watch });
      },
    );

    app.delete(
      '/api/story-watches/:storyId',
      { config: { access: 'user' }, schema: { tags: ['watches'], summary: 'Stop watching a story', params: storyIdParamsSchema, response: { 200: okSchema, ...errors } } },
      async (request) => {
        await service.remove(await me(request), request.params.storyId);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/story-watches/check-batch',
      { config: { access: 'user' }, schema: { tags: ['watches'], summary: 'Watch status of up to 200 stories', body: batchBodySchema, response: { 200: watchStatusesSchema, ...errors } } },
      async (request) => ({ watchStatuses: await service.statuses(await me(request), request.body.storyIds) }),
    );
  };
}
