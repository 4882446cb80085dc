import type { ServerModule } from '../module.ts';
import { flagsRoutes } from './routes.ts';
import { FlagsService } from './service.ts';

export const flagsModule: ServerModule = {
  name: 'flags',
  async setup({ deps, server, resolveUser }) {
    await server.register(flagsRoutes(new FlagsService(deps.pool), resolveUser));
  },
};
