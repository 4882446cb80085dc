import type { ServerModule } from '../module.ts';
import { collectionsRoutes } from './routes.ts';
import { CollectionsService } from './service.ts';

export const collectionsModule: ServerModule = {
  name: 'collections',
  async setup({ deps, server, resolveUser }) {
    await server.register(collectionsRoutes(new CollectionsService(deps.pool, deps.now), resolveUser));
  },
};
