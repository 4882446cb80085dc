import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#common/contracts/errors.ts';
import { searchQuerySchema, searchResponseSchema, suggestionsQuerySchema, suggestionsResponseSchema } from '#common/contracts/search.ts';
import { sendJsonText } from '../../http/json-text.ts';
import type { SearchService } from './service.ts';
import { currentUser, type UserResolver } from '../../http/access.ts';
import type { MutesService } from '../mutes/service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

/** Advanced search is for signed-in people (spec part 2 §4: search needs an account). */
export function searchRoutes(service: SearchService, mutes: MutesService, resolveUser: UserResolver): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/search/stories',
      {
        config: { access: 'user' },
        schema: {
          tags: ['search'],
          summary: 'Stored stories matching a text and filters, in the chosen order (the first 100) and how many match',
          querystring: searchQuerySchema,
          response: { 200: searchResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const person = (await currentUser(request, resolveUser))!;
        return sendJsonText(reply, await service.stories(request.query, (await mutes.matcherFor(person.id)).matcher), { cached: false });
      },
    );

    app.get(
      '/api/search/suggestions',
      {
        config: { access: 'user' },
        schema: {
          tags: ['search'],
          summary: 'Up to 5 title words longer than 3 characters containing the text, the most used first',
          querystring: suggestionsQuerySchema,
          response: { 200: suggestionsResponseSchema, ...errors },
        },
      },
      async (request) => service.suggestions(request.query.q),
    );
  };
}
