import { Database, Play, Settings2, Sparkles, Wrench } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { MaintenanceLog, MaintenanceTask } from '#common/contracts/maintenance.ts';
import {
  executionMessage,
  MAINTENANCE_SCHEDULES,
  minimumRetentionDays,
  RETENTION_DAYS_MAX,
  type MaintenanceSchedule,
} from '#common/rules/maintenance.ts';
import { AdminPage, EmptyState, formatDateTime, LoadFailed, ScrollBox } from '@/components/admin-page';
import { SwitchRow } from '@/components/form-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, isUnauthorizedError } from '@/lib/api';
import { useExecuteTask, useInitializeTasks, useMaintenanceLogs, useMaintenanceTasks, useUpdateTask } from './api';

const SCHEDULE_LABELS: Readonly<Record<MaintenanceSchedule, string>> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };
const SCHEDULE_OPTIONS = MAINTENANCE_SCHEDULES.map((value) => ({ value, label: SCHEDULE_LABELS[value] }));

/** "thin_snapshots" as people read it: "Thin snapshots". */
const taskLabel = (taskName: string) => taskName.charAt(0).toUpperCase() + taskName.slice(1).replaceAll('_', ' ');

/** A refusal's own words (a task already running), else the spec's message. */
function failure(error: unknown, fallback: string): void {
  if (isUnauthorizedError(error)) return;
  const detail = error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
  toast.error(fallback, detail ? { description: detail } : undefined);
}

/** /admin/maintenance: the task cards, the recent runs and Initialize Tasks (spec part 2 §2.9). */
export function AdminMaintenancePage() {
  const initialize = useInitializeTasks();
  const onInitialize = () =>
    initialize.mutate(undefined, {
      onSuccess: ({ created }) =>
        toast.success('Maintenance tasks initialized', {
          description: `${created === 0 ? '' : `${created} ${created === 1 ? 'task' : 'tasks'} created. `}Every standard task is at its default settings.`,
        }),
      onError: (error) => failure(error, 'Failed to initialize maintenance tasks'),
    });
  return (
    <AdminPage
      title="Database Maintenance"
      icon={Database}
      level="admin"
      subtitle={<span>Retention tasks that keep the database bounded</span>}
      actions={
        <Button onClick={onInitialize} disabled={initialize.isPending}>
          <Sparkles aria-hidden="true" />
          {initialize.isPending ? 'Initializing...' : 'Initialize Tasks'}
        </Button>
      }
    >
      {() => (
        <div className="grid gap-6">
          <Tasks />
          <Logs />
        </div>
      )}
    </AdminPage>
  );
}

function Tasks() {
  const tasks = useMaintenanceTasks();
  if (tasks.isPending)
    return (
      <div className="grid gap-3 sm:grid-cols-2" aria-busy="true" aria-label="Loading maintenance tasks">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-44 w-full rounded-lg" />
        ))}
      </div>
    );
  if (tasks.isError) return <LoadFailed text="Failed to load maintenance tasks. Please try again." onRetry={() => void tasks.refetch()} />;
  if (tasks.data.length === 0) return <EmptyState icon={Wrench} text="No maintenance tasks yet. Initialize Tasks creates the standard ones." />;
  return (
    <section aria-label="Maintenance tasks" className="grid gap-3 sm:grid-cols-2">
      {tasks.data.map((task) => (
        <TaskCard key={task.id} task={task} />
      ))}
    </section>
  );
}

function TaskCard({ task }: { task: MaintenanceTask }) {
  const execute = useExecuteTask();
  const [configuring, setConfiguring] = useState(false);
  const label = taskLabel(task.taskName);
  const runNow = () =>
    execute.mutate(task.id, {
      onSuccess: (result) => (result.success ? toast.success(executionMessage(result)) : toast.error(executionMessage(result))),
      onError: (error) => failure(error, 'Failed to execute maintenance task'),
    });
  return (
    <article className="grid content-start gap-2 rounded-lg border bg-card p-3 text-sm" aria-label={label}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">{label}</h2>
        <Badge variant={task.enabled ? 'velocity' : 'outline'} className="ml-auto">
          {task.enabled ? 'Enabled' : 'Disabled'}
        </Badge>
      </div>
      <p className="text-muted-foreground">{task.description}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        <dt className="text-muted-foreground">Schedule</dt>
        <dd>{SCHEDULE_LABELS[task.schedule]}</dd>
        <dt className="text-muted-foreground">Retention</dt>
        <dd>
          {task.retentionDays} {task.retentionDays === 1 ? 'day' : 'days'}
        </dd>
        <dt className="text-muted-foreground">Last run</dt>
        <dd>{task.lastRun ? formatDateTime(task.lastRun) : 'Never'}</dd>
        <dt className="text-muted-foreground">Next run</dt>
        <dd>{task.nextRun ? formatDateTime(task.nextRun) : 'Not scheduled'}</dd>
      </dl>
      <div className="flex flex-wrap gap-2 pt-1">
        <Button size="sm" onClick={runNow} disabled={execute.isPending} aria-label={`Run ${label} now`}>
          <Play aria-hidden="true" />
          {execute.isPending ? 'Running...' : 'Run Now'}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfiguring(true)} aria-label={`Configure ${label}`}>
          <Settings2 aria-hidden="true" />
          Configure
        </Button>
      </div>
      {configuring && <ConfigureDialog task={task} label={label} onClose={() => setConfiguring(false)} />}
    </article>
  );
}

function ConfigureDialog({ task, label, onClose }: { task: MaintenanceTask; label: string; onClose: () => void }) {
  const id = useId();
  const update = useUpdateTask();
  const [enabled, setEnabled] = useState(task.enabled);
  const [schedule, setSchedule] = useState<MaintenanceSchedule>(task.schedule);
  const [retention, setRetention] = useState(String(task.retentionDays));
  const retentionDays = Number(retention);
  // The server refuses less than this: a shorter retention would delete what the analytics pages read.
  const retentionMin = minimumRetentionDays(task.taskName);
  const retentionValid = Number.isInteger(retentionDays) && retentionDays >= retentionMin && retentionDays <= RETENTION_DAYS_MAX;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!retentionValid) return;
    update.mutate(
      { taskId: task.id, patch: { enabled, schedule, retentionDays } },
      {
        onSuccess: () => {
          toast.success('Task updated', { description: `${label} saved.` });
          onClose();
        },
        onError: (error) => failure(error, 'Failed to update maintenance task'),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Configure {label}</DialogTitle>
          <DialogDescription>{task.description}</DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} onSubmit={onSubmit} className="grid gap-3">
          <SwitchRow label="Enabled" description="Runs on its schedule when enabled." checked={enabled} onCheckedChange={setEnabled} />
          <div className="grid gap-1">
            <Label htmlFor={`${id}-schedule`}>Schedule</Label>
            <NativeSelect id={`${id}-schedule`} value={schedule} options={SCHEDULE_OPTIONS} onChange={(event) => setSchedule(event.target.value as MaintenanceSchedule)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-retention`}>Retention (days)</Label>
            <Input
              id={`${id}-retention`}
              type="number"
              inputMode="numeric"
              min={retentionMin}
              max={RETENTION_DAYS_MAX}
              value={retention}
              onChange={(event) => setRetention(event.target.value)}
              aria-invalid={!retentionValid}
              aria-describedby={`${id}-retention-hint`}
            />
            <p id={`${id}-retention-hint`} className={retentionValid ? 'text-xs text-muted-foreground' : 'text-xs font-medium text-destructive'}>
              A whole number of days from {retentionMin} to {RETENTION_DAYS_MAX}.
            </p>
          </div>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={update.isPending || !retentionValid}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const STATUS_VARIANTS: Readonly<Record<string, 'velocity' | 'viral' | 'trending'>> = { completed: 'velocity', failed: 'viral', running: 'trending' };

function Logs() {
  const logs = useMaintenanceLogs();
  return (
    <section aria-labelledby="maintenance-logs-heading" className="grid gap-2">
      <h2 id="maintenance-logs-heading" className="text-lg font-semibold">
        Recent runs
      </h2>
      {logs.isPending ? (
        <Skeleton className="h-32 w-full rounded-lg" aria-label="Loading maintenance logs" />
      ) : logs.isError ? (
        <LoadFailed text="Failed to load maintenance logs. Please try again." onRetry={() => void logs.refetch()} />
      ) : logs.data.length === 0 ? (
        <EmptyState icon={Wrench} text="No task has run yet." />
      ) : (
        <ScrollBox label="Maintenance logs table">
          <table className="w-full text-left text-sm">
            <thead className="bg-muted/50 text-xs text-muted-foreground">
              <tr>
                <th className="px-3 py-2 font-medium">Task</th>
                <th className="px-3 py-2 font-medium">Status</th>
                <th className="px-3 py-2 font-medium">Started</th>
                <th className="px-3 py-2 text-right font-medium">Time</th>
                <th className="px-3 py-2 text-right font-medium">Records deleted</th>
                <th className="px-3 py-2 text-right font-medium">Space saved</th>
                <th className="px-3 py-2 font-medium">Error</th>
              </tr>
            </thead>
            <tbody>
              {logs.data.map((log) => (
                <LogRow key={log.id} log={log} />
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}

function LogRow({ log }: { log: MaintenanceLog }) {
  return (
    <tr className="border-t">
      <td className="px-3 py-1.5 whitespace-nowrap">{taskLabel(log.taskName)}</td>
      <td className="px-3 py-1.5">
        <Badge variant={STATUS_VARIANTS[log.status] ?? 'outline'}>{log.status}</Badge>
      </td>
      <td className="px-3 py-1.5 whitespace-nowrap">{formatDateTime(log.startedAt)}</td>
      <td className="px-3 py-1.5 text-right tabular-nums whitespace-nowrap">{log.executionTimeMs === null ? '—' : `${(log.executionTimeMs / 1000).toFixed(1)} s`}</td>
      <td className="px-3 py-1.5 text-right tabular-nums">{log.recordsDeleted.toLocaleString('en-US')}</td>
      <td className="px-3 py-1.5 text-right tabular-nums whitespace-nowrap">{log.spaceSavedMB.toFixed(2)} MB</td>
      <td className="max-w-64 px-3 py-1.5 break-words text-destructive">{log.errorMessage ?? ''}</td>
    </tr>
  );
}
