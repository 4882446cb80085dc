import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  demoTrendingQuerySchema,
  demoTrendingResponseSchema,
  refreshResponseSchema,
  STORY_LIST_SORTS,
  storyListQuerySchema,
  storyPageSchema,
} from '#common/contracts/stories.ts';
import { errorResponseSchema, imageResponseSchema, notModifiedResponseSchema } from '#common/contracts/errors.ts';
import { storyHistoryParamsSchema, storyHistorySchema } from '#common/contracts/story-history.ts';
import { sendJsonText } from '../../http/json-text.ts';
import { CardCache, cardEtag } from '../shares/og-image.ts';
import type { StoryHistoryService } from './history.ts';
import { listQueryValidatorCompiler } from './list-query.ts';
import type { StoriesService } from './service.ts';
import { currentUser, type UserResolver } from '../../http/access.ts';
import type { MutesService } from '../mutes/service.ts';

/** The lists are public; a signed-in person's muting rules apply to them (a visitor costs no lookup: no cookie). */
export function storiesRoutes(service: StoriesService, mutes: MutesService, resolveUser: UserResolver): FastifyPluginAsyncZod {
  return async (app) => {
    for (const sort of STORY_LIST_SORTS) {
      app.get(
        `/api/stories/${sort}`,
        {
          config: { access: 'public' },
          schema: {
            tags: ['stories'],
            summary: `Stories sorted by ${sort}`,
            querystring: storyListQuerySchema,
            response: { 200: storyPageSchema, 400: errorResponseSchema },
          },
          validatorCompiler: listQueryValidatorCompiler,
        },
        async (request, reply) => {
          const person = await currentUser(request, resolveUser);
          return sendJsonText(reply, await service.listPage(sort, request.query, await mutes.matcherFor(person?.id ?? null)));
        },
      );
    }

    app.get(
      '/api/demo/trending',
      {
        config: { access: 'public' },
        schema: {
          tags: ['stories'],
          summary: 'Live sample of trending stories for the landing page',
          querystring: demoTrendingQuerySchema,
          response: { 200: demoTrendingResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=120');
        return service.demoTrending(request.query.limit);
      },
    );

    app.post(
      '/api/stories/refresh',
      {
        config: { access: 'public', rateLimit: { max: 6, timeWindow: '1 minute' } },
        schema: {
          tags: ['stories'],
          summary: 'Run an ingestion cycle now (joins one that ran in the last 30 seconds)',
          response: { 200: refreshResponseSchema, 202: refreshResponseSchema, 429: errorResponseSchema },
        },
      },
      async (_request, reply) => {
        const result = await service.refresh();
        return reply.code(result.cycle?.finishedAt ? 200 : 202).send(result);
      },
    );
  };
}

/**
 * A story's history (its page's data): public, as the lists are; a story moderators hid is not found, as an unknown
 * one (server/modules/stories/visibility.ts).
 */
export function storyHistoryRoutes(service: StoryHistoryService, cards = new CardCache()): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/stories/:id/history',
      {
        config: { access: 'public' },
        schema: {
          tags: ['stories'],
          summary: "A story's score, comments and front-page rank over time, its derived facts, predictions and keywords",
          params: storyHistoryParamsSchema,
          response: { 200: storyHistorySchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => service.history(request.params.id),
    );

    app.get(
      '/api/stories/:id/card.png',
      {
        config: { access: 'public' },
        schema: {
          tags: ['stories'],
          summary: "The story page's preview card: a 1200x630 PNG (ETag, 304 when unchanged)",
          params: storyHistoryParamsSchema,
          response: { 200: imageResponseSchema('A 1200x630 PNG'), 304: notModifiedResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const input = await service.card(request.params.id);
        const etag = cardEtag(input);
        reply.header('etag', etag).header('cache-control', 'public, max-age=300');
        if (ifNoneMatches(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
        return reply.type('image/png').send(await cards.get(etag, input));
      },
    );
  };
}

/** Whether an If-None-Match header names `etag` (weak or strong). */
function ifNoneMatches(header: string | undefined, etag: string): boolean {
  return header !== undefined && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
