import { metricsAccess } from '../../http/metrics-access.ts';
import type { ServerModule } from '../module.ts';
import { systemRoutes } from './routes.ts';

export const systemModule: ServerModule = {
  name: 'system',
  async setup({ deps, server }) {
    const { config } = deps;
    const scraper = metricsAccess({ token: config.METRICS_TOKEN, allow: config.METRICS_ALLOW, trustProxy: config.TRUST_PROXY });
    await server.register(systemRoutes(deps.pool, deps.metrics, scraper));
  },
};
