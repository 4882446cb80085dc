import type { ServerModule } from '../module.ts';
import { mutesRoutes } from './routes.ts';
import { MutesService } from './service.ts';

export const mutesModule: ServerModule = {
  name: 'mutes',
  async setup({ deps, server, services, resolveUser }) {
    const mutes = services.provide('mutes', new MutesService(deps.pool));
    await server.register(mutesRoutes(mutes, resolveUser));
  },
};
