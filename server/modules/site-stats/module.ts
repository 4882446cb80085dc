import type { ServerModule } from '../module.ts';
import { siteStatsRoutes } from './routes.ts';
import { SiteStatsService } from './service.ts';

export const siteStatsModule: ServerModule = {
  name: 'site-stats',
  async setup({ deps, server }) {
    await server.register(siteStatsRoutes(new SiteStatsService(deps.pool, deps.config.SESSION_TTL_HOURS * 3600)));
  },
};
