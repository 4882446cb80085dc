import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#common/contracts/errors.ts';
import {
  accuracyQuerySchema,
  accuracySchema,
  domainsSchema,
  outcomesSchema,
  predictionListQuerySchema,
  predictionListSchema,
  predictionUpdateSchema,
  trendsSchema,
} from '#common/contracts/predictions.ts';
import { sendJsonText } from '../../http/json-text.ts';
import type { PredictionsService } from './service.ts';
import { currentUser, type UserResolver } from '../../http/access.ts';
import type { MutesService } from '../mutes/service.ts';

/**
 * The prediction calls (part 2 §7). The page needs sign-in, so its calls do; the accuracy figures are public, as
 * the endpoint's name says. Cached answers are already JSON of the declared shape and are sent as they are.
 */
export function predictionsRoutes(service: PredictionsService, mutes: MutesService, resolveUser: UserResolver): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['predictions'];
    const signedIn = { 400: errorResponseSchema, 401: errorResponseSchema };

    app.get(
      '/api/stories/predictions',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'Stories with a current prediction, highest first, with counts by confidence', querystring: predictionListQuerySchema, response: { 200: predictionListSchema, ...signedIn } },
      },
      async (request, reply) => sendJsonText(reply, await service.listPage(request.query, await mutes.matcherFor((await currentUser(request, resolveUser))!.id))),
    );

    app.get(
      '/api/predictions/accuracy/public',
      {
        config: { access: 'public' },
        schema: { tags, summary: 'Accuracy of the verified predictions made in the last `hours` (168 by default)', querystring: accuracyQuerySchema, response: { 200: accuracySchema, 400: errorResponseSchema } },
      },
      async (request, reply) => sendJsonText(reply, await service.accuracy(request.query.hours)),
    );

    app.get(
      '/api/predictions/trends',
      { config: { access: 'user' }, schema: { tags, summary: 'Predictions and accuracy by day, last 30 days, newest first', response: { 200: trendsSchema, ...signedIn } } },
      async (_request, reply) => sendJsonText(reply, await service.trends()),
    );

    app.get(
      '/api/predictions/domains',
      { config: { access: 'user' }, schema: { tags, summary: 'The 10 domains with the most verified predictions', response: { 200: domainsSchema, ...signedIn } } },
      async (_request, reply) => sendJsonText(reply, await service.domains()),
    );

    app.get(
      '/api/predictions/outcomes',
      { config: { access: 'user' }, schema: { tags, summary: 'The 20 latest verified predictions, filled up with the newest pending', response: { 200: outcomesSchema, ...signedIn } } },
      async (_request, reply) => sendJsonText(reply, await service.outcomes()),
    );

    app.post(
      '/api/predictions/update',
      {
        config: { access: 'user', rateLimit: { max: 6, timeWindow: '1 minute' } },
        schema: { tags, summary: 'Re-score the front page now (joins a run that started in the last 30 seconds)', response: { 200: predictionUpdateSchema, 401: errorResponseSchema, 429: errorResponseSchema } },
      },
      async () => service.update(),
    );
  };
}
