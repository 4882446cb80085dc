import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '#common/contracts/actions.ts';
import { errorResponseSchema } from '#common/contracts/errors.ts';
import { muteBodySchema, muteIdParamsSchema, muteResponseSchema, mutesResponseSchema } from '#common/contracts/mutes.ts';
import { currentUser, type UserResolver } from '../../http/access.ts';
import type { MutesService } from './service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** A signed-in person's muting rules: only their own, read, added and removed. */
export function mutesRoutes(service: MutesService, resolveUser: UserResolver): FastifyPluginAsyncZod {
  return async (app) => {
    const me = async (request: Parameters<typeof currentUser>[0]) => (await currentUser(request, resolveUser))!.id;
    const tags = ['mutes'];

    app.get(
      '/api/user/mutes',
      { config: { access: 'user' }, schema: { tags, summary: 'My muting rules, newest first', response: { 200: mutesResponseSchema, ...errors } } },
      async (request) => ({ mutes: await service.list(await me(request)) }),
    );

    app.post(
      '/api/user/mutes',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Add a muting rule (201; 200 when I already had it; 409 at 500 rules)',
          body: muteBodySchema,
          response: { 200: muteResponseSchema, 201: muteResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { mute, created } = await service.add(await me(request), request.body);
        return reply.code(created ? 201 : 200).send({ mute });
      },
    );

    app.delete(
      '/api/user/mutes/:id',
      { config: { access: 'user' }, schema: { tags, summary: 'Remove one of my muting rules', params: muteIdParamsSchema, response: { 200: okSchema, ...errors } } },
      async (request) => {
        await service.remove(await me(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
