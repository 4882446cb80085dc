import { describeLimit } from '../../http/api-docs.ts';
import type { ServerModule } from '../module.ts';
import { adminAnalyticsRoutes } from './admin-routes.ts';
import { ApiUsageRecorder } from './api-usage.ts';
import { ANALYTICS_LIMIT, analyticsRoutes } from './routes.ts';
import { expireWindows } from './windows.ts';

export const analyticsModule: ServerModule = {
  name: 'analytics',
  rateLimitNotes: () => [`Analytics events: ${describeLimit(ANALYTICS_LIMIT)} per address.`],
  requestHooks({ deps, server, services }) {
    if (!deps.config.API_USAGE_RECORDING) return;
    const apiUsage = services.provide('apiUsage', new ApiUsageRecorder(deps.pool, { logger: server.log }));
    apiUsage.start();
    server.addHook('onClose', async () => apiUsage.stop());
    server.addHook('onResponse', async (request, reply) => {
      // API requests by the route they matched; an unmatched one under /api/ is counted as such, with no address.
      const route = request.routeOptions.url ?? 'unmatched';
      if (route.startsWith('/api/') || (route === 'unmatched' && request.url.startsWith('/api/'))) {
        apiUsage.record({ method: request.method, endpoint: route, responseTimeMs: reply.elapsedTime, statusCode: reply.statusCode, createdAtMs: deps.now() });
      }
    });
  },
  async setup({ deps, server, resolveUser, limiter, secret, addJob }) {
    // Takes the hours that left each admin analytics period off its counts, so a page never waits for it.
    addJob({ queue: 'analytics-periods', intervalSeconds: 60, expireInSeconds: 600, run: () => expireWindows(deps.pool, deps.now()) });
    await server.register(adminAnalyticsRoutes(deps.pool, deps.now));
    await server.register(analyticsRoutes(deps.pool, limiter, resolveUser, await secret('analytics-viewers'), deps.now));
  },
};
