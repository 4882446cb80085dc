import type { ServerModule } from '../module.ts';
import { mergeSearchIndexPendingLists } from './indexes.ts';
import { searchRoutes } from './routes.ts';
import { SearchService } from './service.ts';

export const searchModule: ServerModule = {
  name: 'search',
  // The cycle's entries merged into the search indexes, so searches do not read them from a pending list.
  storiesStored: ({ pool }) => mergeSearchIndexPendingLists(pool),
  async setup({ deps, server, services, resolveUser }) {
    const stories = services.get('stories');
    const search = services.provide('search', new SearchService(deps.pool, deps.now, () => stories.currentIndex()));
    await server.register(searchRoutes(search, services.get('mutes'), resolveUser));
  },
};
