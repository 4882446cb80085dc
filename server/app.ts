import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Config } from './config.ts';
import type { Metrics } from './metrics.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { SettingsService } from './modules/settings/service.ts';
import { storiesRoutes } from './modules/stories/routes.ts';
import { StoriesService, type CycleTrigger } from './modules/stories/service.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { DEFAULT_WEB_DIST_DIR, hasWebBuild, webRoutes } from './web.ts';

export interface AppDeps {
  config: Config;
  pool: pg.Pool;
  metrics: Metrics;
  /** Starts an ingestion cycle somewhere (the job queue in production). */
  trigger: CycleTrigger;
  now: () => number;
}

export interface App {
  server: FastifyInstance;
  stories: StoriesService;
}

/** Builds the HTTP app. Tests build it too, on a real database. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const server = Fastify({
    logger:
      deps.config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: deps.config.LOG_LEVEL,
            // Cookies and credentials never reach the logs.
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    trustProxy: deps.config.TRUST_PROXY,
    // Long-running requests (refresh waits for a cycle) must still end when the process stops.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  server.setErrorHandler(errorHandler);
  server.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });

  server.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    deps.metrics.httpDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  await server.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });

  await server.register(swagger, {
    openapi: {
      info: {
        title: 'Hacker News trends API',
        description: 'Trending, velocity and ranked lists of Hacker News stories.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await server.register(swaggerUi, { routePrefix: '/api/docs' });

  const stories = new StoriesService(deps.pool, deps.trigger, deps.now);
  const settings = new SettingsService(deps.pool);
  await server.register(systemRoutes(deps.pool, deps.metrics));
  await server.register(storiesRoutes(stories));
  await server.register(settingsRoutes(settings));
  if (hasWebBuild()) await server.register(webRoutes({ distDir: DEFAULT_WEB_DIST_DIR }));
  return { server, stories };
}

function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message ?? 'is invalid',
    }));
    const detail = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
    return reply.code(400).send({ message: `Invalid ${error.validationContext ?? 'request'}: ${detail}`, issues });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({ message: 'Something went wrong on our side. Please try again.' });
  }
  return reply.code(status).send({ message: error.message });
}
