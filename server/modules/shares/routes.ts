import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  mySharedLinksSchema,
  okSchema,
  shareClickSchema,
  shareCreateSchema,
  sharedLinkResponseSchema,
  sharedLinkViewSchema,
  shareTokenParamsSchema,
} from '#common/contracts/actions.ts';
import { errorResponseSchema, imageResponseSchema, notModifiedResponseSchema } from '#common/contracts/errors.ts';
import { currentUser, type UserResolver } from '../../http/access.ts';
import { viewerKey } from '../../http/viewer.ts';
import { CardCache, cardEtag } from './og-image.ts';
import { SharedLinkNotFoundError, type SharesService } from './service.ts';

// 410: the story was removed by moderators (server/modules/stories/visibility.ts).
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 410: errorResponseSchema };

export function sharesRoutes(service: SharesService, resolveUser: UserResolver, viewerSecret: string, cards = new CardCache()): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['shares'];

    app.post(
      '/api/shared-links',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'Create a share link for a story', body: shareCreateSchema, response: { 201: sharedLinkResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const user = (await currentUser(request, resolveUser))!;
        return reply.code(201).send({ sharedLink: await service.create(user.id, request.body) });
      },
    );

    app.get(
      '/api/my-shared-links',
      { config: { access: 'user' }, schema: { tags, summary: 'My share links, newest first (at most 100), with their counts', response: { 200: mySharedLinksSchema, ...errors } } },
      async (request) => ({ sharedLinks: await service.mine((await currentUser(request, resolveUser))!.id) }),
    );

    app.get(
      '/api/shared-links/:shareToken',
      { config: { access: 'public' }, schema: { tags, summary: 'A shared story (counts a view)', params: shareTokenParamsSchema, response: { 200: sharedLinkViewSchema, ...errors } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = await currentUser(request, resolveUser);
        return service.view(request.params.shareToken, viewerKey(viewerSecret, request, user?.id ?? null, service.today()));
      },
    );

    app.post(
      '/api/shared-links/:shareToken/click',
      {
        config: { access: 'public' },
        schema: { tags, summary: 'Count a click on Read Article or View Comments', params: shareTokenParamsSchema, body: shareClickSchema, response: { 200: okSchema, ...errors } },
      },
      async (request) => {
        const user = await currentUser(request, resolveUser);
        await service.click(request.params.shareToken, request.body.clickType, viewerKey(viewerSecret, request, user?.id ?? null, service.today()));
        return { ok: true as const };
      },
    );

    app.get(
      '/api/og-image/:shareToken',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The preview card of a share link: a 1200x630 PNG (ETag, 304 when unchanged)',
          params: shareTokenParamsSchema,
          response: { 200: imageResponseSchema('A 1200x630 PNG'), 304: notModifiedResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const preview = await service.preview(request.params.shareToken);
        if (!preview) throw new SharedLinkNotFoundError();
        const input = { title: preview.title, domain: preview.domain, score: preview.score, comments: preview.comments, synthetic: preview.synthetic };
        const etag = cardEtag(input);
        reply.header('etag', etag).header('cache-control', 'public, max-age=300');
        const ifNoneMatch = request.headers['if-none-match'];
        if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send(null);
        return reply.type('image/png').send(await cards.get(etag, input));
      },
    );
  };
}
