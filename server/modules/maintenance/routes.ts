import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  maintenanceInitializeResponseSchema,
  maintenanceLogsResponseSchema,
  maintenanceResultSchema,
  maintenanceTaskParamsSchema,
  maintenanceTaskPatchSchema,
  maintenanceTaskResponseSchema,
  maintenanceTasksResponseSchema,
} from '#common/contracts/maintenance.ts';
import { actorOf, ADMIN, errors, tags } from '../admin/routes.ts';
import type { MaintenanceService } from './service.ts';

/** Database maintenance (spec part 2 §2.9, §7): admins only, every change and every Run Now in the audit log. */
export function maintenanceRoutes(maintenance: MaintenanceService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/maintenance/tasks',
      { config: ADMIN, schema: { tags, summary: 'The maintenance tasks with their schedules', response: { 200: maintenanceTasksResponseSchema, ...errors } } },
      async () => ({ tasks: await maintenance.tasks() }),
    );

    app.get(
      '/api/admin/maintenance/logs',
      { config: ADMIN, schema: { tags, summary: 'The latest maintenance runs, newest first', response: { 200: maintenanceLogsResponseSchema, ...errors } } },
      async () => ({ logs: await maintenance.logs() }),
    );

    app.post(
      '/api/admin/maintenance/initialize',
      { config: ADMIN, schema: { tags, summary: 'Create the missing standard tasks and put every other back to its defaults', response: { 200: maintenanceInitializeResponseSchema, ...errors } } },
      async (request) => maintenance.initialize(actorOf(request)),
    );

    app.patch(
      '/api/admin/maintenance/tasks/:taskId',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: "Change a task's enabled state, retention (1-365 days) or schedule",
          params: maintenanceTaskParamsSchema,
          body: maintenanceTaskPatchSchema,
          response: { 200: maintenanceTaskResponseSchema, ...errors },
        },
      },
      async (request) => ({ task: await maintenance.update(actorOf(request), request.params.taskId, request.body) }),
    );

    app.post(
      '/api/admin/maintenance/execute/:taskId',
      {
        config: ADMIN,
        schema: { tags, summary: 'Run a task now (409 while it runs)', params: maintenanceTaskParamsSchema, response: { 200: maintenanceResultSchema, ...errors } },
      },
      async (request) => maintenance.executeNow(actorOf(request), request.params.taskId),
    );
  };
}
