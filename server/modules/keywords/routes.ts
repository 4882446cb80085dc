import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '#common/contracts/actions.ts';
import { errorResponseSchema } from '#common/contracts/errors.ts';
import {
  createKeywordAlertBodySchema,
  hourlyPatternsSchema,
  keywordAlertResponseSchema,
  keywordAlertsResponseSchema,
  keywordIdParamsSchema,
  keywordPeriodQuerySchema,
  keywordStoriesResponseSchema,
  trendingQuerySchema,
  trendingResponseSchema,
  trendsResponseSchema,
  updateKeywordAlertBodySchema,
} from '#common/contracts/keywords.ts';
import type { PersonMutes } from '../mutes/service.ts';
import { currentUser, type UserResolver } from '../../http/access.ts';
import { sendJsonText } from '../../http/json-text.ts';
import type { KeywordAlertsService } from './alerts.ts';
import type { KeywordsService } from './service.ts';

/** The cached answers are already JSON of the declared shape; they are sent as they are. */
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

export function keywordsRoutes(
  keywords: KeywordsService,
  alerts: KeywordAlertsService,
  resolveUser: UserResolver,
  mutesOf: (userId: string | null) => Promise<PersonMutes>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const me = async (request: Parameters<typeof currentUser>[0]) => (await currentUser(request, resolveUser))!.id;
    const tags = ['keywords'];

    app.get(
      '/api/keywords/trending',
      { config: { access: 'public' }, schema: { tags, summary: 'Keywords by stories mentioning them in the period', querystring: trendingQuerySchema, response: { 200: trendingResponseSchema, 400: errorResponseSchema } } },
      async (request, reply) => sendJsonText(reply, await keywords.trendingBody(request.query.period, request.query.limit)),
    );

    app.get(
      '/api/keywords/trends',
      { config: { access: 'public' }, schema: { tags, summary: 'Each keyword against the previous period and its usual level', querystring: keywordPeriodQuerySchema, response: { 200: trendsResponseSchema, 400: errorResponseSchema } } },
      async (request, reply) => sendJsonText(reply, await keywords.trendsBody(request.query.period)),
    );

    app.get(
      '/api/keywords/hourly-patterns',
      {
        config: { access: 'public' },
        schema: { tags, summary: "Keywords by time of day, in the person's time zone (UTC for visitors)", querystring: keywordPeriodQuerySchema, response: { 200: hourlyPatternsSchema, 400: errorResponseSchema } },
      },
      async (request, reply) => {
        const user = await currentUser(request, resolveUser);
        const body = await keywords.hourlyPatternsBody(request.query.period, await keywords.timeZoneOf(user?.id ?? null));
        return sendJsonText(reply, body);
      },
    );

    app.get(
      '/api/keywords/:id/stories',
      {
        config: { access: 'public' },
        schema: { tags, summary: 'The stories behind a keyword in the period', params: keywordIdParamsSchema, querystring: keywordPeriodQuerySchema, response: { 200: keywordStoriesResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema } },
      },
      async (request) => {
        const person = await currentUser(request, resolveUser);
        return keywords.stories(request.params.id, request.query.period, (await mutesOf(person?.id ?? null)).matcher);
      },
    );

    app.get(
      '/api/keyword-alerts',
      { config: { access: 'user' }, schema: { tags, summary: 'My keyword alerts, newest first', response: { 200: keywordAlertsResponseSchema, ...errors } } },
      async (request) => alerts.list(await me(request)),
    );

    app.post(
      '/api/keyword-alerts',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'Create a keyword alert (409 for a keyword I have, or past 50 alerts)', body: createKeywordAlertBodySchema, response: { 201: keywordAlertResponseSchema, ...errors } },
      },
      async (request, reply) => reply.code(201).send({ alert: await alerts.create(await me(request), request.body.keyword, request.body.threshold) }),
    );

    app.patch(
      '/api/keyword-alerts/:id',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'Pause or resume my keyword alert', params: keywordIdParamsSchema, body: updateKeywordAlertBodySchema, response: { 200: keywordAlertResponseSchema, ...errors } },
      },
      async (request) => ({ alert: await alerts.setActive(await me(request), request.params.id, request.body.isActive) }),
    );

    app.delete(
      '/api/keyword-alerts/:id',
      { config: { access: 'user' }, schema: { tags, summary: 'Delete my keyword alert', params: keywordIdParamsSchema, response: { 200: okSchema, ...errors } } },
      async (request) => {
        await alerts.remove(await me(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
