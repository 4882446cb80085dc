import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { batchBodySchema, flagBodySchema, flagCheckSchema, flagResponseSchema, flagStatusesSchema, storyIdParamsSchema } from '#common/contracts/actions.ts';
import { errorResponseSchema } from '#common/contracts/errors.ts';
import { currentUser, type UserResolver } from '../../http/access.ts';
import type { FlagsService } from './service.ts';

// 410: the story was removed by moderators (server/modules/stories/visibility.ts).
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 410: errorResponseSchema };

export function flagsRoutes(service: FlagsService, resolveUser: UserResolver): FastifyPluginAsyncZod {
  return async (app) => {
    const me = async (request: Parameters<typeof currentUser>[0]) => (await currentUser(request, resolveUser))!.id;
    const tags = ['flags'];

    app.post(
      '/api/content-flags',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'Flag a story for the moderators (409 while my earlier flag is pending)', body: flagBodySchema, response: { 201: flagResponseSchema, 409: errorResponseSchema, ...errors } },
      },
      async (request, reply) => reply.code(201).send({ flag: await service.create(await me(request), request.body) }),
    );

    app.get(
      '/api/content-flags/check/:storyId',
      { config: { access: 'user' }, schema: { tags, summary: 'Whether my flag on a story is pending', params: storyIdParamsSchema, response: { 200: flagCheckSchema, ...errors } } },
      async (request) => ({ flagged: await service.isFlagged(await me(request), request.params.storyId) }),
    );

    app.post(
      '/api/content-flags/check-batch',
      { config: { access: 'user' }, schema: { tags, summary: 'Flag status of up to 200 stories', body: batchBodySchema, response: { 200: flagStatusesSchema, ...errors } } },
      async (request) => ({ flagStatuses: await service.statuses(await me(request), request.body.storyIds) }),
    );
  };
}
