import type { ServerModule } from '../module.ts';
import { notesRoutes } from './routes.ts';
import { NotesService } from './service.ts';

export const notesModule: ServerModule = {
  name: 'notes',
  async setup({ deps, server, resolveUser }) {
    await server.register(notesRoutes(new NotesService(deps.pool), resolveUser));
  },
};
