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
import type pg from 'pg';
import { publicUrl, siteCredit, type Config } from './config.ts';
import { isDatabaseTimeout, isDatabaseUnavailable, type Db } from './db/index.ts';
import { installAccessControl, type Access, type UserResolver } from './http/access.ts';
import { documentRoute, rateLimitsDescription } from './http/api-docs.ts';
import { BROTLI_OPTIONS, COMPRESS_FROM_BYTES, compressAnswersAtOnce } from './http/compression.ts';
import { HttpError } from './http/errors.ts';
import { API_BODY_LIMIT_BYTES, installJsonBodyParser } from './http/json-body.ts';
import { markPrivateAnswers } from './http/caching.ts';
import { requestLogFields } from './http/log-redaction.ts';
import { metricsAccess } from './http/metrics-access.ts';
import { originCheck } from './http/origin.ts';
import { refuseDuringMaintenance } from './http/maintenance.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { isApiRequest, refuseNonCanonicalPaths } from './http/request-path.ts';
import { DatabaseRateLimiter } from './http/rate-limit.ts';
import type { Metrics } from './metrics.ts';
import { configuredProviders, createAuth, type Auth } from './modules/accounts/auth.ts';
import { createSessionLookup } from './modules/accounts/session-lookup.ts';
import { presentCurrentUser } from './modules/accounts/presenter.ts';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { loadOrCreateSecret } from './modules/accounts/secrets.ts';
import { AccountsService } from './modules/accounts/service.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { ApiUsageRecorder } from './modules/analytics/api-usage.ts';
import { bookmarksRoutes } from './modules/bookmarks/routes.ts';
import { collectionsRoutes } from './modules/collections/routes.ts';
import { CollectionsService } from './modules/collections/service.ts';
import { recommendationsRoutes } from './modules/recommendations/routes.ts';
import { RecommendationsService } from './modules/recommendations/service.ts';
import { BookmarksService } from './modules/bookmarks/service.ts';
import { flagsRoutes } from './modules/flags/routes.ts';
import { FlagsService } from './modules/flags/service.ts';
import { KeywordAlertsService } from './modules/keywords/alerts.ts';
import { keywordsRoutes } from './modules/keywords/routes.ts';
import { KeywordsService } from './modules/keywords/service.ts';
import { notesRoutes } from './modules/notes/routes.ts';
import { NotesService } from './modules/notes/service.ts';
import { sharePagesRoutes } from './modules/shares/pages.ts';
import { sharesRoutes } from './modules/shares/routes.ts';
import { SharesService } from './modules/shares/service.ts';
import { storyStatusesRoutes } from './modules/story-statuses/routes.ts';
import { watchesRoutes } from './modules/watches/routes.ts';
import { WatchesService } from './modules/watches/service.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { AuditLog } from './modules/admin/audit.ts';
import { announcementsRoutes } from './modules/announcements/routes.ts';
import { AnnouncementsService } from './modules/announcements/service.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { EmailControlsService } from './modules/email/controls.ts';
import { emailRoutes } from './modules/email/routes.ts';
import { EmailAdminService } from './modules/email/admin.ts';
import { emailAdminRoutes } from './modules/email/admin-routes.ts';
import { maintenanceRoutes } from './modules/maintenance/routes.ts';
import { adminAnalyticsRoutes } from './modules/analytics/admin-routes.ts';
import { MaintenanceService } from './modules/maintenance/service.ts';
import { emailPublicRoutes } from './modules/email/public-routes.ts';
import { EmailComposer } from './email/compose.ts';
import { MailDelivery } from './email/outbox.ts';
import { EmailService } from './email/service.ts';
import { EmailSigner } from './email/tokens.ts';
import { smtpTransport, type MailTransport } from './email/transport.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { feedsRoutes } from './modules/feeds/routes.ts';
import { FeedsService } from './modules/feeds/service.ts';
import { PrivateFeedsService } from './modules/feeds/private.ts';
import { FeedTokensService } from './modules/feeds/tokens.ts';
import { freshnessRoutes } from './modules/freshness/routes.ts';
import { siteStatsRoutes } from './modules/site-stats/routes.ts';
import { SiteStatsService } from './modules/site-stats/service.ts';
import { FreshnessService } from './modules/freshness/service.ts';
import { SettingsService } from './modules/settings/service.ts';
import { predictionsRoutes } from './modules/predictions/routes.ts';
import { PredictionsService } from './modules/predictions/service.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { SearchService } from './modules/search/service.ts';
import { StoryHistoryService } from './modules/stories/history.ts';
import { storiesRoutes, storyHistoryRoutes } from './modules/stories/routes.ts';
import { mutesRoutes } from './modules/mutes/routes.ts';
import { MutesService } from './modules/mutes/service.ts';
import { StoriesService, type CycleTrigger } from './modules/stories/service.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { THEME_INIT_SCRIPT_HASH } from '../web/theme-init-script.ts';
import { DEFAULT_WEB_DIST_DIR, DEFAULT_WEB_SSR_DIR, hasWebBuild, webRoutes } from './web.ts';

export interface AppDeps {
  config: Config;
  pool: pg.Pool;
  db: Db;
  metrics: Metrics;
  /** Starts an ingestion cycle somewhere (the job queue in production). */
  trigger: CycleTrigger;
  now: () => number;
  /** Where mail goes; by default SMTP_URL's server, or none (mail stays in the outbox). Tests pass their own. */
  mailTransport?: MailTransport | null;
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
  stories: StoriesService;
  predictions: PredictionsService;
  auth: Auth;
  email: EmailService;
  /** The database maintenance tasks, run on their schedule by the maintenance job (server/jobs/maintenance.ts). */
  maintenance: MaintenanceService;
  /** Where API requests are recorded for the admin analytics (none when API_USAGE_RECORDING is off). */
  apiUsage: ApiUsageRecorder | null;
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

  const apiUsage = deps.config.API_USAGE_RECORDING ? new ApiUsageRecorder(deps.pool, { logger: server.log }) : null;
  apiUsage?.start();
  server.addHook('onClose', async () => apiUsage?.stop());
  server.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    deps.metrics.httpDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    // API requests by the route they matched; an unmatched one under /api/ is counted as such, with no address.
    if (apiUsage && (route.startsWith('/api/') || (route === 'unmatched' && request.url.startsWith('/api/')))) {
      apiUsage.record({ method: request.method, endpoint: route, responseTimeMs: reply.elapsedTime, statusCode: reply.statusCode, createdAtMs: deps.now() });
    }
  });

  const trustedOrigins = (): string[] => [new URL(publicUrl(deps.config)).origin];
  const secret = deps.config.AUTH_SECRET ?? (await loadOrCreateSecret(deps.pool, 'auth'));
  const mailTransport = deps.mailTransport !== undefined ? deps.mailTransport : deps.config.SMTP_URL ? smtpTransport(deps.config.SMTP_URL, Math.max(5, deps.config.EMAIL_SEND_CONCURRENCY)) : null;
  const email = new EmailService({
    pool: deps.pool,
    composer: new EmailComposer(new EmailSigner(await loadOrCreateSecret(deps.pool, 'email')), publicUrl(deps.config)),
    delivery: new MailDelivery({
      pool: deps.pool,
      transport: mailTransport,
      from: deps.config.EMAIL_FROM,
      ratePerSecond: deps.config.EMAIL_RATE_PER_SECOND,
      concurrency: deps.config.EMAIL_SEND_CONCURRENCY,
      maxAttempts: deps.config.EMAIL_MAX_ATTEMPTS,
      now: deps.now,
    }),
    from: deps.config.EMAIL_FROM,
    now: deps.now,
  });
  server.addHook('onClose', async () => mailTransport?.close());
  const auth = createAuth({
    config: deps.config,
    db: deps.db,
    secret,
    // The mail job writes the welcome email; sign-up only asks for a run.
    onUserCreated: async () => email.kick(),
    // The site's own address, as the browser reached it, is trusted besides PUBLIC_URL (as for the Origin check).
    trustedOrigins: (request) => [...trustedOrigins(), ...(request ? [new URL(request.url).origin] : [])],
  });
  const authContext = await auth.$context;
  const lookUpSession = createSessionLookup({
    pool: deps.pool,
    secret,
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
  const settings = new SettingsService(deps.pool);
  // In maintenance mode the API answers admins only, besides signing in and the status (server/http/maintenance.ts).
  server.addHook('onRequest', refuseDuringMaintenance(() => settings.recentMaintenanceMode(), resolveUser));

  installSecurityHeaders(server, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script is the theme script, allowed by its hash (web/theme-init-script.ts).
        scriptSrc: ["'self'", THEME_INIT_SCRIPT_HASH],
        // Radix and Tailwind set inline style attributes; the prerendered landing page inlines its stylesheet.
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
        description: rateLimitsDescription(deps.config),
        version: '1.0.0',
      },
    },
    transform: documentRoute,
  });
  await server.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const limiter = new DatabaseRateLimiter(deps.pool, await loadOrCreateSecret(deps.pool, 'rate-limits'));
  const emailControls = new EmailControlsService(deps.db, deps.pool, deps.now);
  const accounts = new AccountsService(deps.db, emailControls, settings);
  const stories = new StoriesService(deps.pool, deps.trigger, deps.now);
  const metricsScraper = metricsAccess({ token: deps.config.METRICS_TOKEN, allow: deps.config.METRICS_ALLOW, trustProxy: deps.config.TRUST_PROXY });
  await server.register(systemRoutes(deps.pool, deps.metrics, metricsScraper));
  const mutes = new MutesService(deps.pool);
  await server.register(storiesRoutes(stories, mutes, resolveUser));
  await server.register(storyHistoryRoutes(new StoryHistoryService(deps.pool, deps.now)));
  await server.register(mutesRoutes(mutes, resolveUser));
  await server.register(settingsRoutes(settings));
  const freshness = new FreshnessService(deps.pool);
  await server.register(freshnessRoutes(freshness));
  await server.register(siteStatsRoutes(new SiteStatsService(deps.pool, deps.config.SESSION_TTL_HOURS * 3600)));
  await server.register(
    accountsRoutes({
      auth,
      service: accounts,
      resolveUser,
      limiter,
      providers: configuredProviders(deps.config),
      localAccounts: deps.config.LOCAL_ACCOUNTS,
      signInAttemptsPerMinute: deps.config.SIGN_IN_ATTEMPTS_PER_MINUTE,
      signUps: { perAddressPerHour: deps.config.SIGN_UPS_PER_HOUR_PER_ADDRESS, perDomainPerHour: deps.config.SIGN_UPS_PER_HOUR_PER_EMAIL_DOMAIN },
    }),
  );
  await server.register(emailRoutes(emailControls, resolveUser, () => email.enabled));
  await server.register(emailPublicRoutes(email, email.deps.composer.signer, deps.now));
  const audit = new AuditLog(deps.pool);
  await server.register(emailAdminRoutes(email, new EmailAdminService(deps.pool, deps.now, audit), deps.config.EMAIL_FROM, resolveUser));
  const announcements = new AnnouncementsService(deps.pool);
  await server.register(announcementsRoutes(announcements, resolveUser));
  await server.register(contactRoutes(deps.pool, limiter, resolveUser, settings, (message) => email.notifyContactMessage(message)));
  await server.register(
    adminRoutes({
      pool: deps.pool,
      settings,
      announcements,
      audit,
      storiesChanged: () => {
        stories.invalidate();
        predictions.invalidate();
      },
    }),
  );
  const maintenance = new MaintenanceService(deps.pool, audit, deps.now, server.log);
  await maintenance.ensureStandardTasks();
  await server.register(maintenanceRoutes(maintenance));
  await server.register(adminAnalyticsRoutes(deps.pool, deps.now));
  await server.register(bookmarksRoutes(new BookmarksService(deps.pool, deps.now), resolveUser));
  await server.register(collectionsRoutes(new CollectionsService(deps.pool, deps.now), resolveUser));
  await server.register(recommendationsRoutes(new RecommendationsService(deps.pool, deps.now), resolveUser));
  await server.register(watchesRoutes(new WatchesService(deps.pool, deps.now), resolveUser));
  await server.register(notesRoutes(new NotesService(deps.pool), resolveUser));
  await server.register(flagsRoutes(new FlagsService(deps.pool), resolveUser));
  await server.register(storyStatusesRoutes(deps.pool, resolveUser));
  const keywords = new KeywordsService(deps.pool, deps.now);
  await server.register(keywordsRoutes(keywords, new KeywordAlertsService(deps.pool), resolveUser, (userId) => mutes.matcherFor(userId)));
  const shares = new SharesService(deps.pool, deps.now, publicUrl(deps.config));
  await server.register(sharesRoutes(shares, resolveUser, await loadOrCreateSecret(deps.pool, 'share-views')));
  await server.register(analyticsRoutes(deps.pool, limiter, resolveUser, await loadOrCreateSecret(deps.pool, 'analytics-viewers'), deps.now));
  const search = new SearchService(deps.pool, deps.now, () => stories.currentIndex());
  await server.register(searchRoutes(search, mutes, resolveUser));
  const feeds = new FeedsService({ pool: deps.pool, stories, search, keywords, freshness, baseUrl: publicUrl(deps.config), now: deps.now });
  await server.register(
    feedsRoutes(feeds, deps.config.FEED_REQUESTS_PER_MINUTE, {
      feeds: new PrivateFeedsService({ pool: deps.pool, feeds, baseUrl: publicUrl(deps.config) }),
      tokens: new FeedTokensService(deps.pool, deps.now),
      resolveUser,
      baseUrl: publicUrl(deps.config),
    }),
  );
  const predictions = new PredictionsService(deps.pool, deps.now);
  await server.register(predictionsRoutes(predictions, mutes, resolveUser));
  // The web app's catch-all goes last, so every route above takes precedence over it.
  const webDistDir = deps.webDistDir ?? DEFAULT_WEB_DIST_DIR;
  await server.register(sharePagesRoutes({ service: shares, baseUrl: publicUrl(deps.config), webDistDir }));
  const webSsrDir = deps.webSsrDir ?? (deps.webDistDir === undefined ? DEFAULT_WEB_SSR_DIR : undefined);
  if (hasWebBuild(webDistDir)) {
    await server.register(webRoutes({ distDir: webDistDir, ssrDir: webSsrDir, maintenanceMode: () => settings.maintenanceMode(), publicUrl: publicUrl(deps.config), credit: siteCredit(deps.config) }));
  }
  return { server, stories, predictions, auth, email, maintenance, apiUsage, routes };
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
