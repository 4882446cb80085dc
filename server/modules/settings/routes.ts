import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maintenanceStatusSchema } from '#common/contracts/stories.ts';
import type { SettingsService } from './service.ts';

export function settingsRoutes(settings: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/maintenance-status',
      {
        config: { access: 'public', duringMaintenance: 'open' },
        schema: {
          tags: ['settings'],
          summary: 'Whether the site is in maintenance mode',
          response: { 200: maintenanceStatusSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { maintenanceMode: await settings.maintenanceMode() };
      },
    );
  };
}
