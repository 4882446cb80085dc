import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  batchBodySchema,
  noteBodySchema,
  noteResponseSchema,
  noteStatusesSchema,
  okSchema,
  storyPathIdParamsSchema,
} from '#common/contracts/actions.ts';
import { errorResponseSchema } from '#common/contracts/errors.ts';
import { currentUser, type UserResolver } from '../../http/access.ts';
import type { NotesService } from './service.ts';

// 410: the story was removed by moderators (server/modules/stories/visibility.ts).
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 410: errorResponseSchema };

export function notesRoutes(service: NotesService, resolveUser: UserResolver): FastifyPluginAsyncZod {
  return async (app) => {
    const me = async (request: Parameters<typeof currentUser>[0]) => (await currentUser(request, resolveUser))!.id;
    const tags = ['notes'];

    app.get(
      '/api/stories/:id/notes',
      { config: { access: 'user' }, schema: { tags, summary: 'My note on a story (404 when there is none)', params: storyPathIdParamsSchema, response: { 200: noteResponseSchema, ...errors } } },
      async (request) => ({ note: await service.get(await me(request), request.params.id) }),
    );

    app.post(
      '/api/stories/:id/notes',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'Save my note on a story (201 created; 200 replaced the one there was)', params: storyPathIdParamsSchema, body: noteBodySchema, response: { 200: noteResponseSchema, 201: noteResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const { note, created } = await service.save(await me(request), request.params.id, request.body.note);
        return reply.code(created ? 201 : 200).send({ note });
      },
    );

    app.put(
      '/api/stories/:id/notes',
      { config: { access: 'user' }, schema: { tags, summary: 'Update my note on a story', params: storyPathIdParamsSchema, body: noteBodySchema, response: { 200: noteResponseSchema, ...errors } } },
      async (request) => ({ note: await service.update(await me(request), request.params.id, request.body.note) }),
    );

    app.delete(
      '/api/stories/:id/notes',
      { config: { access: 'user' }, schema: { tags, summary: 'Delete my note on a story', params: storyPathIdParamsSchema, response: { 200: okSchema, ...errors } } },
      async (request) => {
        await service.remove(await me(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/story-notes/check-batch',
      { config: { access: 'user' }, schema: { tags, summary: 'Note status of up to 200 stories', body: batchBodySchema, response: { 200: noteStatusesSchema, ...errors } } },
      async (request) => ({ noteStatuses: await service.statuses(await me(request), request.body.storyIds) }),
    );
  };
}
