import type { ServerModule } from '../module.ts';
import { AuditLog } from './audit.ts';
import { adminRoutes } from './routes.ts';

export const adminModule: ServerModule = {
  name: 'admin',
  async setup({ deps, server, services }) {
    const audit = services.provide('audit', new AuditLog(deps.pool));
    await server.register(
      adminRoutes({
        pool: deps.pool,
        settings: services.get('settings'),
        announcements: services.get('announcements'),
        audit,
        // Moderation hid or showed a story: what is kept in memory is read again. Looked up when it happens, as
        // those modules come later in the list.
        storiesChanged: () => {
          services.get('stories').invalidate();
          services.get('predictions').invalidate();
        },
      }),
    );
  },
};
