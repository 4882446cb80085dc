import type { ServerModule } from '../module.ts';
import { announcementsRoutes } from './routes.ts';
import { AnnouncementsService } from './service.ts';

export const announcementsModule: ServerModule = {
  name: 'announcements',
  async setup({ deps, server, services, resolveUser }) {
    await server.register(announcementsRoutes(services.provide('announcements', new AnnouncementsService(deps.pool)), resolveUser));
  },
};
