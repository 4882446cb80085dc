import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifySchema } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { publicUrl, siteCredit } from './config.ts';
import { isDatabaseTimeout, isDatabaseUnavailable } from './db/index.ts';
import type { ModuleJob } from './modules/module.ts';
import { installAccessControl, type Access, type UserResolver } from './http/access.ts';
import { documentRoute, rateLimitsDescription } from './http/api-docs.ts';
import { BROTLI_OPTIONS, COMPRESS_FROM_BYTES, compressAnswersAtOnce } from './http/compression.ts';
import { HttpError } from './http/errors.ts';
import { API_BODY_LIMIT_BYTES, installJsonBodyParser } from './http/json-body.ts';
import { markPrivateAnswers } from './http/caching.ts';
import { requestLogFields } from './http/log-redaction.ts';
import { refuseDuringMaintenance } from './http/maintenance.ts';
import { originCheck } from './http/origin.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { isApiRequest, refuseNonCanonicalPaths } from './http/request-path.ts';
import { DatabaseRateLimiter } from './http/rate-limit.ts';
import type { IngestionEvents } from './hn/events.ts';
import { createAuth, type Auth } from './modules/accounts/auth.ts';
import { createSessionLookup } from './modules/accounts/session-lookup.ts';
import { presentCurrentUser } from './modules/accounts/presenter.ts';
import { loadOrCreateSecret } from './modules/accounts/secrets.ts';
import { ingestionEventsFor, SERVER_MODULES } from './modules/index.ts';
import { ServiceRegistry, type ModuleContext, type ModuleDeps } from './modules/module.ts';
import { SettingsService } from './modules/settings/service.ts';
import { THEME_INIT_SCRIPT_HASH } from '../web/theme-init-script.ts';
import { storyPageReader } from './story-page.ts';
import { DEFAULT_WEB_DIST_DIR, DEFAULT_WEB_SSR_DIR, hasWebBuild, pageScriptHashes, webRoutes } from './web.ts';

export interface AppDeps extends ModuleDeps {
  /** Where the built web app is; it is served when a build exists there. */
  webDistDir?: string;
  /**
   * Where the web app's server-side renderer is (signed-in home pages rendered per request). Defaults to the
   * build's own (dist/web-ssr) when webDistDir is the default; none for another webDistDir unless given.
   */
  webSsrDir?: string;
}

export interface App {
  server: FastifyInstance;
  /** The services the modules provide, by name (server/modules/module.ts, `Services`). */
  services: ServiceRegistry;
  auth: Auth;
  /** The modules' scheduled jobs; the process runs them through its job queue (server/main.ts). */
  jobs: ModuleJob[];
  /** Where ingestion announces stored stories and finished cycles, with the modules' listeners subscribed. */
  ingestionEvents: IngestionEvents;
  /**
   * Every route the server answers (HEAD left out) with its declared access, its input schemas, and whether it takes
   * requests from any origin (`signedLinkOnly`), for the route-walking tests and docs.
   */
  routes: { method: string; url: string; access: Access | undefined; signedLinkOnly: boolean; schema: FastifySchema | undefined }[];
}

/** Builds the HTTP app. Tests build it too, on a real database. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const server = Fastify({
    logger:
      deps.config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: deps.config.LOG_LEVEL,
            // Cookies and credentials never reach the logs, nor the tokens of private feeds' addresses.
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            serializers: { req: requestLogFields },
          },
    trustProxy: deps.config.TRUST_PROXY,
    // Long-running requests (refresh waits for a cycle) must still end when the process stops.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    bodyLimit: API_BODY_LIMIT_BYTES,
  }).withTypeProvider<ZodTypeProvider>();
  const routes: App['routes'] = [];
  server.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access: route.config?.access, signedLinkOnly: route.config?.signedLinkOnly === true, schema: route.schema });
    }
  });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  server.setErrorHandler(errorHandler);
  installJsonBodyParser(server);
  server.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
  // First of all hooks: a path spelled any other way than its one canonical spelling goes no further.
  server.addHook('onRequest', refuseNonCanonicalPaths);
  server.addHook('onSend', markPrivateAnswers);

  const services = new ServiceRegistry();
  // The modules' request hooks before any route is registered: Fastify gives a hook only to the routes after it.
  for (const module of SERVER_MODULES) module.requestHooks?.({ deps, server, services });
  server.addHook('onResponse', async (request, reply) => {
    deps.metrics.httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const trustedOrigins = (): string[] => [new URL(publicUrl(deps.config)).origin];
  const secret = (name: string): Promise<string> => loadOrCreateSecret(deps.pool, name);

  // Who is calling, settled before any route: access levels, the origin check and maintenance mode depend on it.
  const authSecret = deps.config.AUTH_SECRET ?? (await secret('auth'));
  const auth = createAuth({
    config: deps.config,
    db: deps.db,
    secret: authSecret,
    // The mail job writes the welcome email; sign-up only asks for a run.
    onUserCreated: async () => services.get('email').kick(),
    // The site's own address, as the browser reached it, is trusted besides PUBLIC_URL (as for the Origin check).
    trustedOrigins: (request) => [...trustedOrigins(), ...(request ? [new URL(request.url).origin] : [])],
  });
  const authContext = await auth.$context;
  const lookUpSession = createSessionLookup({
    pool: deps.pool,
    secret: authSecret,
    cookieName: authContext.authCookies.sessionToken.name,
    expiresInSeconds: authContext.sessionConfig.expiresIn,
    updateAgeSeconds: authContext.sessionConfig.updateAge,
    fallback: async (cookie) => {
      const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
      return session ? presentCurrentUser(session.user as Parameters<typeof presentCurrentUser>[0]) : null;
    },
  });
  // No cookie, no session: visitors cost no database lookup.
  const resolveUser: UserResolver = async (request) => (request.headers.cookie ? lookUpSession(request.headers.cookie) : null);
  installAccessControl(server, resolveUser);
  server.addHook('onRequest', originCheck(trustedOrigins));
  const settings = services.provide('settings', new SettingsService(deps.pool));
  // In maintenance mode the API answers admins only, besides signing in and the status (server/http/maintenance.ts).
  server.addHook('onRequest', refuseDuringMaintenance(() => settings.maintenanceMode(), resolveUser));

  const webDistDir = deps.webDistDir ?? DEFAULT_WEB_DIST_DIR;
  const webSsrDir = deps.webSsrDir ?? (deps.webDistDir === undefined ? DEFAULT_WEB_SSR_DIR : undefined);
  installSecurityHeaders(server, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Inline scripts are allowed by their hash: the theme script (web/theme-init-script.ts), and the rendered
        // pages' start script, as the build wrote it into their template.
        scriptSrc: ["'self'", ...new Set([THEME_INIT_SCRIPT_HASH, ...pageScriptHashes(webSsrDir)])],
        // Radix and Tailwind set inline style attributes; the rendered pages carry their own rules inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Headers of software long gone, a few bytes more on every answer: X-Download-Options is Internet Explorer 8's,
    // X-Permitted-Cross-Domain-Policies governs Flash's policy files (this site serves none).
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
  });

  // Pages, scripts and JSON go out compressed to clients that accept it (BROTLI_OPTIONS says how); JSON of up to
  // 64 KB in one call, the rest through the plugin.
  compressAnswersAtOnce(server);
  await server.register(compress, {
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
  });

  const perMinute = deps.config.RATE_LIMIT_PER_MINUTE;
  await server.register(rateLimit, {
    // The general API limit is per instance, in memory: cheap on the hot read paths. Limits that must hold
    // across instances (sign-in, contact) use DatabaseRateLimiter.
    global: perMinute > 0,
    max: perMinute || 1,
    timeWindow: '1 minute',
    allowList: (request) => !isApiRequest(request),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });

  await server.register(swagger, {
    openapi: {
      info: {
        title: 'HN Trends API',
        description: rateLimitsDescription(deps.config, SERVER_MODULES.flatMap((module) => module.rateLimitNotes?.(deps.config) ?? [])),
        version: '1.0.0',
      },
    },
    transform: documentRoute,
  });
  await server.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // The features, each plugged in by its module (server/modules/index.ts).
  const jobs: ModuleJob[] = [];
  const ingestionEvents = ingestionEventsFor(SERVER_MODULES);
  const context: ModuleContext = {
    deps,
    server,
    log: server.log,
    resolveUser,
    auth,
    limiter: new DatabaseRateLimiter(deps.pool, await secret('rate-limits')),
    secret,
    services,
    ingestion: ingestionEvents,
    addJob: (job) => jobs.push(job),
    webDistDir,
  };
  for (const module of SERVER_MODULES) await module.setup(context);

  // The web app's catch-all goes last, so every route above takes precedence over it.
  if (hasWebBuild(webDistDir)) {
    const maintenanceMode = () => settings.maintenanceMode();
    // A story page's answers were API calls, counted by the API's limit: read from the services, a page counts once
    // against an allowance of its own of the same size per address (pages are otherwise left out of the API's).
    const storyPageLimit = perMinute > 0 ? server.createRateLimit({ allowList: () => false }) : null;
    const readStoryPage = storyPageReader({
      resolveUser,
      maintenanceMode,
      withinRateLimit: async (request) => {
        const verdict = await storyPageLimit?.(request);
        return !verdict || verdict.isAllowed || !verdict.isExceeded;
      },
      history: (storyId) => services.get('storyHistory').packedHistory(storyId),
      preferences: (userId) => services.get('accounts').preferences(userId),
    });
    await server.register(webRoutes({ distDir: webDistDir, ssrDir: webSsrDir, maintenanceMode, readStoryPage, publicUrl: publicUrl(deps.config), credit: siteCredit(deps.config), mode: deps.config.NODE_ENV, renderThreads: deps.config.RENDER_THREADS }));
  }
  return { server, services, auth, jobs, ingestionEvents, routes };
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
  if (isDatabaseUnavailable(error)) {
    // Overload, a stuck statement or a database that went away, not a fault in this request: ask the client to come
    // back shortly.
    const timeout = isDatabaseTimeout(error);
    request.log.warn({ err: error }, timeout ? 'database timeout' : 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', '5')
      .send({ message: timeout ? 'The service is busy. Please try again in a moment.' : 'The service is unavailable for a moment. Please try again shortly.' });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500 && !(error instanceof HttpError)) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({ message: 'Something went wrong on our side. Please try again.' });
  }
  return reply.code(status).send({ message: error.message });
}
