import { describeLimit } from '../../http/api-docs.ts';
import type { ServerModule } from '../module.ts';
import { adminAnalyticsRoutes } from './admin-routes.ts';
import { ANALYTICS_LIMIT, analyticsRoutes } from './routes.ts';
import { expireWindows } from './windows.ts';

export const analyticsModule: ServerModule = {
  name: 'analytics',
  rateLimitNotes: () => [`Analytics events: ${describeLimit(ANALYTICS_LIMIT)} per address.`],
  async setup({ deps, server, resolveUser, limiter, secret, addJob }) {
    // Takes the hours that left each admin analytics period off its counts, so a page never waits for it.
    addJob({ queue: 'analytics-periods', intervalSeconds: 60, expireInSeconds: 600, run: () => expireWindows(deps.pool, deps.now()) });
    await server.register(adminAnalyticsRoutes(deps.pool, deps.now));
    await server.register(analyticsRoutes(deps.pool, limiter, resolveUser, await secret('analytics-viewers'), deps.now));
  },
};
