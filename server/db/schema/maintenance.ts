import { bigint, bigserial, boolean, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The database maintenance tasks (spec part 2 §3): one row per task, created by "Initialize Tasks". */
export const maintenanceTasks = pgTable(
  'maintenance_tasks',
  {
    id: serial('id').primaryKey(),
    taskName: text('task_name').notNull(),
    description: text('description').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    schedule: text('schedule').notNull(),
    retentionDays: integer('retention_days').notNull(),
    lastRun: timestamp('last_run', { withTimezone: true }),
    nextRun: timestamp('next_run', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('maintenance_tasks_name_idx').on(table.taskName)],
);

/** Each run of a task: running while it works, then completed or failed with what it did. */
export const maintenanceLogs = pgTable(
  'maintenance_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskName: text('task_name').notNull(),
    status: text('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    executionTimeMs: integer('execution_time_ms'),
    recordsDeleted: bigint('records_deleted', { mode: 'number' }).notNull().default(0),
    spaceSavedMb: doublePrecision('space_saved_mb').notNull().default(0),
    errorMessage: text('error_message'),
  },
  (table) => [index('maintenance_logs_started_idx').on(table.startedAt.desc().nullsFirst(), table.id.desc().nullsFirst())],
);
