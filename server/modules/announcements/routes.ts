import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#common/contracts/errors.ts';
import { announcementParamsSchema, announcementsResponseSchema, okResponseSchema } from '#common/contracts/site.ts';
import { currentUser, type UserResolver } from '../../http/access.ts';
import type { AnnouncementsService } from './service.ts';

export function announcementsRoutes(service: AnnouncementsService, resolveUser: UserResolver): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/announcements',
      { config: { access: 'public' }, schema: { tags: ['announcements'], response: { 200: announcementsResponseSchema } } },
      async (request, reply) => {
        const user = await currentUser(request, resolveUser);
        // A signed-in person's answer is made private by the caching rule (server/http/caching.ts).
        if (!user) reply.header('cache-control', 'public, max-age=120');
        return { announcements: await service.active(user?.id ?? null) };
      },
    );

    app.post(
      '/api/announcements/:id/dismiss',
      {
        config: { access: 'user' },
        schema: {
          tags: ['announcements'],
          params: announcementParamsSchema,
          response: { 200: okResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request) => {
        await service.dismiss((await currentUser(request, resolveUser))!.id, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
