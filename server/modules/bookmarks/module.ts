import type { ServerModule } from '../module.ts';
import { bookmarksRoutes } from './routes.ts';
import { BookmarksService } from './service.ts';

export const bookmarksModule: ServerModule = {
  name: 'bookmarks',
  async setup({ deps, server, resolveUser }) {
    await server.register(bookmarksRoutes(new BookmarksService(deps.pool, deps.now), resolveUser));
  },
};
