import type { ServerModule } from '../module.ts';
import { storeHistoryDigests } from './history-digests.ts';
import { StoryHistoryService } from './history.ts';
import { storiesRoutes, storyHistoryRoutes } from './routes.ts';
import { StoriesService } from './service.ts';

export const storiesModule: ServerModule = {
  name: 'stories',
  // The history digests of the stories a cycle stored, whose snapshots it may have added to.
  storiesStored: ({ pool, storyIds }) => storeHistoryDigests(pool, storyIds),
  async setup({ deps, server, services, resolveUser, ingestion }) {
    const stories = services.provide('stories', new StoriesService(deps.pool, deps.trigger, deps.now));
    // The lists are answered from memory: a finished cycle makes them stale.
    ingestion.onCycleFinished('stories', () => stories.invalidate());
    await server.register(storiesRoutes(stories, services.get('mutes'), resolveUser));
    await server.register(storyHistoryRoutes(services.provide('storyHistory', new StoryHistoryService(deps.pool, deps.now))));
  },
};
