import type { ServerModule } from '../module.ts';
import { maintenanceRoutes } from './routes.ts';
import { MaintenanceService } from './service.ts';

export const maintenanceModule: ServerModule = {
  name: 'maintenance',
  async setup({ deps, server, services, log, addJob }) {
    const maintenance = services.provide('maintenance', new MaintenanceService(deps.pool, services.get('audit'), deps.now, log));
    await maintenance.ensureStandardTasks();
    // Tasks are due at most daily; an hourly look keeps "next run" honest to within the hour.
    addJob({
      queue: 'maintenance-run',
      intervalSeconds: 3600,
      expireInSeconds: 6 * 3600,
      run: async () => {
        await maintenance.runDue();
      },
    });
    await server.register(maintenanceRoutes(maintenance));
  },
};
