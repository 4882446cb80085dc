import { ANALYTICS_TIMEFRAMES, SHARED_LINK_PERIODS } from './analytics.ts';

/**
 * Database maintenance (spec part 2 §3, §4, §5, §9): the standard tasks that keep a database which grows every
 * minute bounded, their schedules and retention, and when each runs next.
 */

export const MAINTENANCE_SCHEDULES = ['daily', 'weekly', 'monthly'] as const;
export type MaintenanceSchedule = (typeof MAINTENANCE_SCHEDULES)[number];

export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 365;

/** Maintenance log states (part 2 §4). */
export const MAINTENANCE_LOG_STATUSES = ['running', 'completed', 'failed'] as const;
export type MaintenanceLogStatus = (typeof MAINTENANCE_LOG_STATUSES)[number];

/** The task page and its logs refresh every 30 s (part 2 §9). */
export const MAINTENANCE_REFRESH_MS = 30_000;
/** Log entries shown, newest first. */
export const MAINTENANCE_LOGS_SHOWN = 50;

/**
 * Snapshots are thinned by age: every one is kept for the task's retention days (velocity and heat read the last
 * hours), then the last one of each hour until this many days, then the last one of each day, so a story's chart
 * keeps its shape for ever while the table stops growing with time.
 */
export const SNAPSHOT_HOURLY_DAYS = 90;

export const MAINTENANCE_TASK_NAMES = [
  'thin_snapshots',
  'expired_sessions',
  'old_analytics',
  'old_email_bodies',
  'finished_jobs',
  'planner_statistics',
] as const;
export type MaintenanceTaskName = (typeof MAINTENANCE_TASK_NAMES)[number];

export interface StandardTask {
  taskName: MaintenanceTaskName;
  description: string;
  schedule: MaintenanceSchedule;
  retentionDays: number;
}

/** What "Initialize Tasks" creates (a task that exists keeps its settings). */
export const STANDARD_TASKS: readonly StandardTask[] = [
  {
    taskName: 'thin_snapshots',
    description: `Thin old story snapshots: keep every one for the retention days, then one an hour until ${SNAPSHOT_HOURLY_DAYS} days, then one a day.`,
    schedule: 'daily',
    retentionDays: 7,
  },
  {
    taskName: 'expired_sessions',
    description: 'Delete sign-in sessions and verification tokens that expired more than the retention days ago.',
    schedule: 'daily',
    retentionDays: 1,
  },
  {
    taskName: 'old_analytics',
    description: 'Delete API usage, analytics events, story activity and share-link view and click events older than the retention days, and who viewed or clicked a story or share link before yesterday.',
    schedule: 'weekly',
    retentionDays: 180,
  },
  {
    taskName: 'old_email_bodies',
    description: 'Clear the bodies of finished emails older than the retention days; the delivery record stays.',
    schedule: 'weekly',
    retentionDays: 30,
  },
  {
    taskName: 'finished_jobs',
    description: 'Delete finished background jobs and ingestion cycle records older than the retention days.',
    schedule: 'daily',
    retentionDays: 30,
  },
  {
    taskName: 'planner_statistics',
    description: "Refresh the database's planner statistics on the tables that grow, so queries keep their plans, and vacuum the stories, so lists are counted from their indexes.",
    schedule: 'weekly',
    retentionDays: 1,
  },
];

/**
 * The least retention a task may have: a task must never delete what a page still reads. old_analytics deletes the
 * events and hourly totals the admin analytics read (periods up to a week, from the start of the hour a week ago)
 * and the share-link events the shared-links analytics read (periods up to 90 days), so it keeps the longest of
 * them. The other tasks delete nothing a page reads.
 */
export function minimumRetentionDays(taskName: string): number {
  if (taskName !== 'old_analytics') return RETENTION_DAYS_MIN;
  const longestTimeframeHours = Math.max(...ANALYTICS_TIMEFRAMES.map(({ hours }) => hours));
  return Math.max(Math.ceil((longestTimeframeHours + 1) / 24), ...SHARED_LINK_PERIODS);
}

/** Why `retentionDays` is too short for the task, or null when it is long enough. */
export function retentionProblem(taskName: string, retentionDays: number): string | null {
  const minimum = minimumRetentionDays(taskName);
  return retentionDays < minimum
    ? `retentionDays must be at least ${minimum} for this task: the analytics pages read up to ${minimum} days back.`
    : null;
}

const DAY_MS = 86_400_000;

/**
 * When a task runs next: a day, a week or a calendar month after its last run (at the same time of day, UTC),
 * or within the hour for a task that has never run.
 */
export function nextRunAfter(lastRunMs: number | null, schedule: MaintenanceSchedule, nowMs: number): number {
  if (lastRunMs === null) return nowMs;
  if (schedule === 'daily') return lastRunMs + DAY_MS;
  if (schedule === 'weekly') return lastRunMs + 7 * DAY_MS;
  const next = new Date(lastRunMs);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  // 31 January is followed by the last day of February, not by 3 March.
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next.getTime();
}

/** The toast after Run Now (part 2 §8). */
export function executionMessage(result: { success: boolean; recordsDeleted: number; spaceSavedMB: number; errorMessage: string | null }): string {
  return result.success
    ? `Task completed: ${result.recordsDeleted} records deleted, ${result.spaceSavedMB.toFixed(2)} MB saved`
    : `Task failed: ${result.errorMessage ?? 'unknown error'}`;
}
