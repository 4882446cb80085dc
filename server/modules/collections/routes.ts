import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema } from '#common/contracts/actions.ts';
import {
  collectionCreateSchema,
  collectionDetailSchema,
  collectionIdParamsSchema,
  collectionResponseSchema,
  collectionsQuerySchema,
  collectionsResponseSchema,
  collectionStoryBodySchema,
  collectionStoryParamsSchema,
  collectionTokenParamsSchema,
  collectionUpdateSchema,
  exportQuerySchema,
  sharedCollectionSchema,
} from '#common/contracts/collections.ts';
import { errorResponseSchema } from '#common/contracts/errors.ts';
import { currentUser, type UserResolver } from '../../http/access.ts';
import type { CollectionExport, CollectionsService } from './service.ts';

// 409: the most collections, or stories in one; 410: the story was removed by moderators.
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 410: errorResponseSchema };
const exportDescription = 'Markdown, CSV, JSON, Netscape bookmarks HTML (browsers import it) or OPML, as a download';

/** An export is a file to download, in the format asked for. */
const exportResponseSchema = z.string().describe('The collection as a file: Markdown, CSV, JSON, HTML bookmarks or OPML');

export function collectionsRoutes(service: CollectionsService, resolveUser: UserResolver): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['collections'];
    const me = async (request: Parameters<typeof currentUser>[0]) => (await currentUser(request, resolveUser))!.id;
    const download = (reply: FastifyReply, file: CollectionExport) =>
      reply
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .type(file.type)
        .send(file.body);

    app.get(
      '/api/collections',
      { config: { access: 'user' }, schema: { tags, summary: 'My collections, newest first', querystring: collectionsQuerySchema, response: { 200: collectionsResponseSchema, ...errors } } },
      async (request) => ({ collections: await service.list(await me(request), request.query.storyId) }),
    );

    app.post(
      '/api/collections',
      { config: { access: 'user' }, schema: { tags, summary: 'Create a collection (at most 100)', body: collectionCreateSchema, response: { 201: collectionResponseSchema, ...errors } } },
      async (request, reply) => reply.code(201).send({ collection: await service.create(await me(request), request.body) }),
    );

    app.get(
      '/api/collections/:collectionId',
      { config: { access: 'user' }, schema: { tags, summary: 'One of my collections with its stories', params: collectionIdParamsSchema, response: { 200: collectionDetailSchema, ...errors } } },
      async (request) => service.detail(await me(request), request.params.collectionId),
    );

    app.patch(
      '/api/collections/:collectionId',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'Rename a collection or change its description', params: collectionIdParamsSchema, body: collectionUpdateSchema, response: { 200: collectionResponseSchema, ...errors } },
      },
      async (request) => ({ collection: await service.update(await me(request), request.params.collectionId, request.body) }),
    );

    app.delete(
      '/api/collections/:collectionId',
      { config: { access: 'user' }, schema: { tags, summary: 'Delete a collection (its stories stay bookmarked)', params: collectionIdParamsSchema, response: { 200: okSchema, ...errors } } },
      async (request) => {
        await service.remove(await me(request), request.params.collectionId);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/collections/:collectionId/stories',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Add a story (201; 200 when it already was there; at most 1,000 a collection)',
          params: collectionIdParamsSchema,
          body: collectionStoryBodySchema,
          response: { 200: collectionResponseSchema, 201: collectionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { collection, created } = await service.addStory(await me(request), request.params.collectionId, request.body.storyId);
        return reply.code(created ? 201 : 200).send({ collection });
      },
    );

    app.delete(
      '/api/collections/:collectionId/stories/:storyId',
      { config: { access: 'user' }, schema: { tags, summary: 'Remove a story from a collection', params: collectionStoryParamsSchema, response: { 200: collectionResponseSchema, ...errors } } },
      async (request) => ({ collection: await service.removeStory(await me(request), request.params.collectionId, request.params.storyId) }),
    );

    app.post(
      '/api/collections/:collectionId/share',
      { config: { access: 'user' }, schema: { tags, summary: 'Share read-only by link (the same link until revoked)', params: collectionIdParamsSchema, response: { 200: collectionResponseSchema, ...errors } } },
      async (request) => ({ collection: await service.share(await me(request), request.params.collectionId) }),
    );

    app.delete(
      '/api/collections/:collectionId/share',
      { config: { access: 'user' }, schema: { tags, summary: 'Revoke the link: it stops working at once', params: collectionIdParamsSchema, response: { 200: collectionResponseSchema, ...errors } } },
      async (request) => ({ collection: await service.unshare(await me(request), request.params.collectionId) }),
    );

    app.get(
      '/api/collections/:collectionId/export',
      { config: { access: 'user' }, schema: { tags, summary: `Export a collection: ${exportDescription}`, params: collectionIdParamsSchema, querystring: exportQuerySchema, response: { 200: exportResponseSchema, ...errors } } },
      async (request, reply) => download(reply, await service.exportOwn(await me(request), request.params.collectionId, request.query.format)),
    );

    app.get(
      '/api/shared-collections/:token',
      { config: { access: 'public' }, schema: { tags, summary: 'A shared collection, read-only', params: collectionTokenParamsSchema, response: { 200: sharedCollectionSchema, ...errors } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.shared(request.params.token);
      },
    );

    app.get(
      '/api/shared-collections/:token/export',
      {
        config: { access: 'public' },
        schema: { tags, summary: `Export a shared collection: ${exportDescription}`, params: collectionTokenParamsSchema, querystring: exportQuerySchema, response: { 200: exportResponseSchema, ...errors } },
      },
      async (request, reply) => download(reply, await service.exportShared(request.params.token, request.query.format)),
    );
  };
}
