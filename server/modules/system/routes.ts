import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { migrationsApplied } from '../../db/migrate.ts';
import type { Metrics } from '../../metrics.ts';

/** Liveness, readiness and Prometheus metrics; outside /api and left out of the API document. */
export function systemRoutes(pool: pg.Pool, metrics: Metrics): FastifyPluginAsync {
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

    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  };
}
