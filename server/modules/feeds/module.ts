import { publicUrl } from '../../config.ts';
import type { ServerModule } from '../module.ts';
import { PrivateFeedsService } from './private.ts';
import { feedsRoutes } from './routes.ts';
import { FeedsService } from './service.ts';
import { FeedTokensService } from './tokens.ts';

export const feedsModule: ServerModule = {
  name: 'feeds',
  rateLimitNotes: (config) => [
    `Feeds (\`/feeds/…\`, section "feeds"): ${config.FEED_REQUESTS_PER_MINUTE > 0 ? `${config.FEED_REQUESTS_PER_MINUTE} a minute per client address` : 'no limit on this server (FEED_REQUESTS_PER_MINUTE is 0)'}; they are not counted in the general limit.`,
  ],
  async setup({ deps, server, services, resolveUser }) {
    const baseUrl = publicUrl(deps.config);
    const feeds = new FeedsService({
      pool: deps.pool,
      stories: services.get('stories'),
      search: services.get('search'),
      keywords: services.get('keywords'),
      freshness: services.get('freshness'),
      baseUrl,
      now: deps.now,
    });
    await server.register(
      feedsRoutes(feeds, deps.config.FEED_REQUESTS_PER_MINUTE, {
        feeds: new PrivateFeedsService({ pool: deps.pool, feeds, baseUrl }),
        tokens: new FeedTokensService(deps.pool, deps.now),
        resolveUser,
        baseUrl,
      }),
    );
  },
};
