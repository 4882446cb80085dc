import type pg from 'pg';
import type { MaintenanceLog, MaintenanceResult, MaintenanceTask, MaintenanceTaskPatch } from '#common/contracts/maintenance.ts';
import {
  MAINTENANCE_LOGS_SHOWN,
  MAINTENANCE_TASK_NAMES,
  minimumRetentionDays,
  nextRunAfter,
  retentionProblem,
  STANDARD_TASKS,
  type MaintenanceSchedule,
  type MaintenanceTaskName,
} from '#common/rules/maintenance.ts';
import { HttpError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import type { Actor, AuditLog } from '../admin/audit.ts';
import { MAINTENANCE_TASKS } from './tasks.ts';

interface TaskRow {
  id: number;
  task_name: string;
  description: string;
  enabled: boolean;
  schedule: MaintenanceSchedule;
  retention_days: number;
  last_run: Date | null;
  next_run: Date | null;
}

interface LogRow {
  id: string;
  task_name: string;
  status: string;
  started_at: Date;
  execution_time_ms: number | null;
  records_deleted: string;
  space_saved_mb: number;
  error_message: string | null;
}

const TASK_COLUMNS = 'id, task_name, description, enabled, schedule, retention_days, last_run, next_run';
/** A run still marked running after this long belongs to a process that stopped; another may start. */
const RUN_LEASE_MS = 6 * 3_600_000;
const MB = 1024 * 1024;

function presentTask(row: TaskRow): MaintenanceTask {
  return {
    id: row.id,
    taskName: row.task_name,
    description: row.description,
    enabled: row.enabled,
    schedule: row.schedule,
    retentionDays: row.retention_days,
    lastRun: row.last_run?.toISOString() ?? null,
    nextRun: row.enabled ? (row.next_run?.toISOString() ?? null) : null,
  };
}

function presentLog(row: LogRow): MaintenanceLog {
  return {
    id: Number(row.id),
    taskName: row.task_name,
    status: row.status,
    startedAt: row.started_at.toISOString(),
    executionTimeMs: row.execution_time_ms,
    recordsDeleted: Number(row.records_deleted),
    spaceSavedMB: Math.round(row.space_saved_mb * 100) / 100,
    errorMessage: row.error_message,
  };
}

const isKnownTask = (name: string): name is MaintenanceTaskName => (MAINTENANCE_TASK_NAMES as readonly string[]).includes(name);

/**
 * The maintenance tasks: created by an admin, changed by an admin, run on their schedule by the maintenance job or
 * at once by an admin. Every run is logged (running, then completed or failed); a failed task never stops another.
 */
export class MaintenanceService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly audit: AuditLog,
    private readonly now: () => number,
    private readonly log?: Logger,
  ) {}

  async tasks(): Promise<MaintenanceTask[]> {
    const result = await this.pool.query<TaskRow>(`SELECT ${TASK_COLUMNS} FROM maintenance_tasks ORDER BY id`);
    return result.rows.map(presentTask);
  }

  async logs(): Promise<MaintenanceLog[]> {
    const result = await this.pool.query<LogRow>(
      `SELECT id, task_name, status, started_at, execution_time_ms, records_deleted, space_saved_mb, error_message
         FROM maintenance_logs ORDER BY started_at DESC, id DESC LIMIT ${MAINTENANCE_LOGS_SHOWN}`,
    );
    return result.rows.map(presentLog);
  }

  /**
   * Creates the standard tasks that do not exist yet, enabled and due at once, so a new install keeps its database
   * bounded without an admin's visit (the app calls it as it starts); a task that exists keeps its settings.
   */
  async ensureStandardTasks(): Promise<void> {
    await this.createMissing(this.pool);
  }

  /**
   * Initialize Tasks: creates the missing standard tasks and puts every other standard task back to its defaults
   * (enabled, schedule, retention, description), so an admin can undo any configuration in one press.
   */
  async initialize(actor: Actor): Promise<{ tasks: MaintenanceTask[]; created: number }> {
    const created = await this.audit.write(actor, async (client) => {
      const createdNames = await this.createMissing(client);
      const restored: string[] = [];
      for (const task of STANDARD_TASKS) {
        if (createdNames.includes(task.taskName)) continue;
        const found = await client.query<TaskRow>(`SELECT ${TASK_COLUMNS} FROM maintenance_tasks WHERE task_name = $1 FOR UPDATE`, [task.taskName]);
        const row = found.rows[0]!;
        if (row.enabled && row.schedule === task.schedule && row.retention_days === task.retentionDays && row.description === task.description) continue;
        const nextRun = nextRunAfter(row.last_run?.getTime() ?? null, task.schedule, this.now());
        await client.query(
          `UPDATE maintenance_tasks SET description = $2, enabled = true, schedule = $3, retention_days = $4, next_run = $5, updated_at = now() WHERE id = $1`,
          [row.id, task.description, task.schedule, task.retentionDays, new Date(nextRun)],
        );
        restored.push(task.taskName);
      }
      return {
        result: createdNames.length,
        log: { action: 'maintenance_tasks_initialized', targetType: 'maintenance_task', targetId: null, details: { created: createdNames, restored } },
      };
    });
    return { tasks: await this.tasks(), created };
  }

  /** Inserts the standard tasks that do not exist, each due now; the names of those it created. */
  private async createMissing(db: Pick<pg.Pool, 'query'>): Promise<string[]> {
    const names: string[] = [];
    for (const task of STANDARD_TASKS) {
      const inserted = await db.query(
        `INSERT INTO maintenance_tasks (task_name, description, schedule, retention_days, next_run)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (task_name) DO NOTHING`,
        [task.taskName, task.description, task.schedule, task.retentionDays, new Date(this.now())],
      );
      if (inserted.rowCount) names.push(task.taskName);
    }
    return names;
  }

  async update(actor: Actor, taskId: number, patch: MaintenanceTaskPatch): Promise<MaintenanceTask> {
    return this.audit.write(actor, async (client) => {
      const found = await client.query<TaskRow>(`SELECT ${TASK_COLUMNS} FROM maintenance_tasks WHERE id = $1 FOR UPDATE`, [taskId]);
      const before = found.rows[0];
      if (!before) throw new HttpError(404, 'Maintenance task not found');
      const problem = patch.retentionDays === undefined ? null : retentionProblem(before.task_name, patch.retentionDays);
      if (problem) throw new HttpError(400, problem);
      const schedule = patch.schedule ?? before.schedule;
      const nextRun = nextRunAfter(before.last_run?.getTime() ?? null, schedule, this.now());
      const updated = await client.query<TaskRow>(
        `UPDATE maintenance_tasks SET enabled = $2, retention_days = $3, schedule = $4, next_run = $5, updated_at = now()
          WHERE id = $1 RETURNING ${TASK_COLUMNS}`,
        [taskId, patch.enabled ?? before.enabled, patch.retentionDays ?? before.retention_days, schedule, new Date(nextRun)],
      );
      const after = updated.rows[0]!;
      const fields = (row: TaskRow) => ({ enabled: row.enabled, retentionDays: row.retention_days, schedule: row.schedule });
      return {
        result: presentTask(after),
        log: { action: 'maintenance_task_updated', targetType: 'maintenance_task', targetId: taskId, details: { taskName: after.task_name, before: fields(before), after: fields(after) } },
      };
    });
  }

  /** Run Now: the task runs at once, whether enabled or not, and the admin's action is in the audit log. */
  async executeNow(actor: Actor, taskId: number): Promise<MaintenanceResult> {
    const found = await this.pool.query<TaskRow>(`SELECT ${TASK_COLUMNS} FROM maintenance_tasks WHERE id = $1`, [taskId]);
    const task = found.rows[0];
    if (!task) throw new HttpError(404, 'Maintenance task not found');
    const result = await this.execute(task);
    await this.audit.write(actor, async () => ({
      result: null,
      log: { action: 'maintenance_task_executed', targetType: 'maintenance_task', targetId: taskId, details: { taskName: task.task_name, ...result } },
    }));
    return result;
  }

  /** The scheduled pass: every enabled task that is due, one after another. */
  async runDue(): Promise<MaintenanceResult[]> {
    const due = await this.pool.query<TaskRow>(
      `SELECT ${TASK_COLUMNS} FROM maintenance_tasks WHERE enabled AND (next_run IS NULL OR next_run <= $1) ORDER BY id`,
      [new Date(this.now())],
    );
    const results: MaintenanceResult[] = [];
    for (const task of due.rows) {
      try {
        results.push(await this.execute(task));
      } catch (error) {
        // Already running (someone pressed Run Now), or a task this version does not know: the others go on.
        this.log?.warn({ err: error, task: task.task_name }, 'maintenance task skipped');
      }
    }
    return results;
  }

  private async execute(task: TaskRow): Promise<MaintenanceResult> {
    if (!isKnownTask(task.task_name)) throw new HttpError(409, `No maintenance task is called ${task.task_name}.`);
    const definition = MAINTENANCE_TASKS[task.task_name];
    const startedMs = this.now();
    // One run of a task at a time, across instances: the log row is only written when none is running.
    const claimed = await this.pool.query<{ id: string }>(
      `INSERT INTO maintenance_logs (task_name, status, started_at)
       SELECT $1, 'running', $2
        WHERE NOT EXISTS (SELECT 1 FROM maintenance_logs WHERE task_name = $1 AND status = 'running' AND started_at > $3)
       RETURNING id`,
      [task.task_name, new Date(startedMs), new Date(startedMs - RUN_LEASE_MS)],
    );
    const logId = claimed.rows[0]?.id;
    if (!logId) throw new HttpError(409, 'This task is already running. Wait for it to finish.');
    const clock = performance.now();
    let result: MaintenanceResult;
    try {
      const sizeBefore = await this.tableBytes(definition.tables);
      // A retention stored before its minimum existed, or written with SQL, still never deletes what a page reads.
      const retentionDays = Math.max(task.retention_days, minimumRetentionDays(task.task_name));
      const recordsDeleted = await definition.run({ pool: this.pool, retentionDays, nowMs: startedMs });
      // VACUUM makes the space reusable and gives back the empty pages at each table's end; it cannot run inside a
      // transaction, so each table is its own statement.
      if (recordsDeleted > 0) for (const table of definition.tables) if (await this.exists(table)) await this.pool.query(`VACUUM ${table}`);
      const sizeAfter = await this.tableBytes(definition.tables);
      result = { success: true, recordsDeleted, spaceSavedMB: Math.max(0, sizeBefore - sizeAfter) / MB, errorMessage: null };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log?.error({ err: error, task: task.task_name }, 'maintenance task failed');
      result = { success: false, recordsDeleted: 0, spaceSavedMB: 0, errorMessage: message.slice(0, 1000) };
    }
    await this.pool.query(
      `UPDATE maintenance_logs SET status = $2, execution_time_ms = $3, records_deleted = $4, space_saved_mb = $5, error_message = $6 WHERE id = $1`,
      [logId, result.success ? 'completed' : 'failed', Math.round(performance.now() - clock), result.recordsDeleted, result.spaceSavedMB, result.errorMessage],
    );
    await this.pool.query(`UPDATE maintenance_tasks SET last_run = $2, next_run = $3 WHERE id = $1`, [
      task.id,
      new Date(startedMs),
      new Date(nextRunAfter(startedMs, task.schedule, startedMs)),
    ]);
    return { ...result, spaceSavedMB: Math.round(result.spaceSavedMB * 100) / 100 };
  }

  private async exists(table: string): Promise<boolean> {
    const result = await this.pool.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [table]);
    return result.rows[0]!.present;
  }

  /** The tables' total size with their indexes and TOAST, as the database itself counts it. */
  private async tableBytes(tables: string[]): Promise<number> {
    if (tables.length === 0) return 0;
    const result = await this.pool.query<{ bytes: string }>(
      'SELECT coalesce(sum(pg_total_relation_size(to_regclass(name))), 0) AS bytes FROM unnest($1::text[]) AS name',
      [tables],
    );
    return Number(result.rows[0]!.bytes);
  }
}
