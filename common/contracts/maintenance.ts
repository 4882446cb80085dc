import { z } from 'zod';
import { MAINTENANCE_SCHEDULES, RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from '../rules/maintenance.ts';
import { idParam } from './fields.ts';

/** The database maintenance calls (spec part 2 §3, §7): requests and answers. */

export const maintenanceTaskSchema = z.object({
  id: z.number().int(),
  taskName: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  schedule: z.enum(MAINTENANCE_SCHEDULES),
  retentionDays: z.number().int(),
  lastRun: z.string().nullable(),
  nextRun: z.string().nullable(),
});
export type MaintenanceTask = z.infer<typeof maintenanceTaskSchema>;

export const maintenanceLogSchema = z.object({
  id: z.number().int(),
  taskName: z.string(),
  status: z.string(),
  startedAt: z.string(),
  executionTimeMs: z.number().int().nullable(),
  recordsDeleted: z.number().int(),
  spaceSavedMB: z.number(),
  errorMessage: z.string().nullable(),
});
export type MaintenanceLog = z.infer<typeof maintenanceLogSchema>;

export const maintenanceTasksResponseSchema = z.object({ tasks: z.array(maintenanceTaskSchema) });
export const maintenanceInitializeResponseSchema = z.object({ tasks: z.array(maintenanceTaskSchema), created: z.number().int() });
export const maintenanceTaskResponseSchema = z.object({ task: maintenanceTaskSchema });
export const maintenanceLogsResponseSchema = z.object({ logs: z.array(maintenanceLogSchema) });
export const maintenanceResultSchema = z.object({
  success: z.boolean(),
  recordsDeleted: z.number().int(),
  spaceSavedMB: z.number(),
  errorMessage: z.string().nullable(),
});
export type MaintenanceResult = z.infer<typeof maintenanceResultSchema>;

export const maintenanceTaskParamsSchema = z.object({ taskId: idParam('taskId') });

/** The client may send the whole task back; only these three fields change (at least one of them). */
export const maintenanceTaskPatchSchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    retentionDays: z
      .number({ error: 'retentionDays must be a number' })
      .int('retentionDays must be a whole number')
      .min(RETENTION_DAYS_MIN, `retentionDays must be at least ${RETENTION_DAYS_MIN}`)
      .max(RETENTION_DAYS_MAX, `retentionDays must be at most ${RETENTION_DAYS_MAX}`),
    schedule: z.enum(MAINTENANCE_SCHEDULES, { error: `schedule must be one of ${MAINTENANCE_SCHEDULES.join(', ')}` }),
  })
  .partial()
  .strict()
  .refine((body) => body.enabled !== undefined || body.retentionDays !== undefined || body.schedule !== undefined, {
    message: 'Send at least one of enabled, retentionDays and schedule',
  });
export type MaintenanceTaskPatch = z.infer<typeof maintenanceTaskPatchSchema>;
