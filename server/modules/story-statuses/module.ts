import type { ServerModule } from '../module.ts';
import { storyStatusesRoutes } from './routes.ts';

export const storyStatusesModule: ServerModule = {
  name: 'story-statuses',
  async setup({ deps, server, resolveUser }) {
    await server.register(storyStatusesRoutes(deps.pool, resolveUser));
  },
};
