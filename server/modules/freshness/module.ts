import type { ServerModule } from '../module.ts';
import { freshnessRoutes } from './routes.ts';
import { FreshnessService } from './service.ts';

export const freshnessModule: ServerModule = {
  name: 'freshness',
  async setup({ deps, server, services }) {
    await server.register(freshnessRoutes(services.provide('freshness', new FreshnessService(deps.pool))));
  },
};
