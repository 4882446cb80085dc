import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type pg from 'pg';
import { databaseReadiness } from '../../db/readiness.ts';
import type { Metrics } from '../../metrics.ts';

/**
 * Liveness, readiness and Prometheus metrics; outside /api and left out of the API document. The metrics go
 * only to the scraper `metricsScraper` lets through (server/http/metrics-access.ts).
 */
export function systemRoutes(pool: pg.Pool, metrics: Metrics, metricsScraper: onRequestAsyncHookHandler): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

    app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
      const readiness = await databaseReadiness(pool);
      const ready = readiness.reason === undefined;
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', ...readiness });
    });

    app.get('/metrics', { schema: { hide: true }, onRequest: metricsScraper }, async (_request, reply) => {
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  };
}
