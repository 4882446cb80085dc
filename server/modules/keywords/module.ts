import type { ServerModule } from '../module.ts';
import { KeywordAlertsService } from './alerts.ts';
import { indexStoryKeywords } from './ingest.ts';
import { keywordsRoutes } from './routes.ts';
import { KeywordsService } from './service.ts';

export const keywordsModule: ServerModule = {
  name: 'keywords',
  // The keyword counts of the stories a cycle stored, and the alerts they fire.
  storiesStored: ({ pool, storyIds, nowMs }) => indexStoryKeywords(pool, storyIds, nowMs),
  async setup({ deps, server, services, resolveUser }) {
    const keywords = services.provide('keywords', new KeywordsService(deps.pool, deps.now));
    const mutes = services.get('mutes');
    await server.register(keywordsRoutes(keywords, new KeywordAlertsService(deps.pool), resolveUser, (userId) => mutes.matcherFor(userId)));
  },
};
