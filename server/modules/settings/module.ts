import type { ServerModule } from '../module.ts';
import { settingsRoutes } from './routes.ts';

/** The settings service itself is the app's (maintenance mode is read before any route); this module serves it. */
export const settingsModule: ServerModule = {
  name: 'settings',
  async setup({ server, services }) {
    await server.register(settingsRoutes(services.get('settings')));
  },
};
