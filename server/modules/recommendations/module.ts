import type { ServerModule } from '../module.ts';
import { recommendationsRoutes } from './routes.ts';
import { RecommendationsService } from './service.ts';

export const recommendationsModule: ServerModule = {
  name: 'recommendations',
  async setup({ deps, server, resolveUser }) {
    await server.register(recommendationsRoutes(new RecommendationsService(deps.pool, deps.now), resolveUser));
  },
};
