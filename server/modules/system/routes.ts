import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { errorResponseSchema } from '#common/contracts/errors.ts';
import { databaseReadiness } from '../../db/readiness.ts';
import type { Metrics } from '../../metrics.ts';

const readinessSchema = z.object({ status: z.enum(['ready', 'not ready']), database: z.boolean(), migrations: z.boolean(), reason: z.string().optional() });

/**
 * Liveness, readiness and Prometheus metrics; outside /api and left out of the API document. The metrics go
 * only to the scraper `metricsScraper` lets through (server/http/metrics-access.ts).
 */
export function systemRoutes(pool: pg.Pool, metrics: Metrics, metricsScraper: onRequestAsyncHookHandler): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({ status: 'ok' as const }));

    app.get('/readyz', { schema: { hide: true, response: { 200: readinessSchema, 503: readinessSchema } } }, async (_request, reply) => {
      const readiness = await databaseReadiness(pool);
      const ready = readiness.reason === undefined;
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', ...readiness });
    });

    app.get('/metrics', { schema: { hide: true, response: { 200: z.string().describe('Prometheus text format'), 403: errorResponseSchema } }, onRequest: metricsScraper }, async (_request, reply) => {
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  };
}
