import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type pg from 'pg';
import { migrationsApplied } from '../../db/migrate.ts';
import type { Metrics } from '../../metrics.ts';

/**
 * Liveness, readiness and Prometheus metrics; outside /api and left out of the API document. The metrics go
 * only to the scraper `metricsScraper` lets through (server/http/metrics-access.ts).
 */
export function systemRoutes(pool: pg.Pool, metrics: Metrics, metricsScraper: onRequestAsyncHookHandler): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

    app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
      const database = await pool
        .query('SELECT 1')
        .then(() => true)
        .catch(() => false);
      const migrations = database && (await migrationsApplied(pool));
      const ready = database && migrations;
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', database, migrations });
    });

    app.get('/metrics', { schema: { hide: true }, onRequest: metricsScraper }, async (_request, reply) => {
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  };
}
