import type { ServerModule } from '../module.ts';
import { watchesRoutes } from './routes.ts';
import { WatchesService } from './service.ts';

export const watchesModule: ServerModule = {
  name: 'watches',
  async setup({ deps, server, resolveUser }) {
    await server.register(watchesRoutes(new WatchesService(deps.pool, deps.now), resolveUser));
  },
};
