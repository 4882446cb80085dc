import { publicUrl } from '../../config.ts';
import type { ServerModule } from '../module.ts';
import { sharePagesRoutes } from './pages.ts';
import { sharesRoutes } from './routes.ts';
import { SharesService } from './service.ts';

export const sharesModule: ServerModule = {
  name: 'shares',
  async setup({ deps, server, resolveUser, secret, webDistDir }) {
    const shares = new SharesService(deps.pool, deps.now, publicUrl(deps.config));
    await server.register(sharesRoutes(shares, resolveUser, await secret('share-views')));
    await server.register(sharePagesRoutes({ service: shares, baseUrl: publicUrl(deps.config), webDistDir }));
  },
};
