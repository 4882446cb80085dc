import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import type { AdminLog } from '#common/contracts/admin.ts';
import { PaginationBar } from '@/components/pagination-bar';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { AdminPage, EmptyState, formatDateTime, LoadFailed } from '@/components/admin-page';
import { useAdminLogs, type LogsFilter } from './api';

/** /admin/logs (spec §2.9): the audit log's cards, newest first, filterable by action and by person. */
export function AdminLogsPage() {
  return (
    <AdminPage title="Admin Logs" icon={ScrollText} level="moderator" subtitle="Every action taken by moderators and admins. Entries cannot be changed or deleted.">
      {() => <Logs />}
    </AdminPage>
  );
}

function Logs() {
  const [filter, setFilter] = useState<LogsFilter>({ page: 1, action: '', adminUserId: '' });
  const logs = useAdminLogs(filter);
  const data = logs.data;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-3">
        <div className="grid gap-1">
          <Label htmlFor="log-action">Action</Label>
          <NativeSelect
            id="log-action"
            className="w-56"
            value={filter.action}
            onChange={(event) => setFilter({ ...filter, page: 1, action: event.target.value })}
            options={[{ value: '', label: 'All actions' }, ...(data?.actions ?? []).map((action) => ({ value: action, label: action }))]}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="log-person">Person</Label>
          <NativeSelect
            id="log-person"
            className="w-56"
            value={filter.adminUserId}
            onChange={(event) => setFilter({ ...filter, page: 1, adminUserId: event.target.value })}
            options={[{ value: '', label: 'Everyone' }, ...(data?.admins ?? []).map((admin) => ({ value: admin.id, label: admin.name ?? admin.id }))]}
          />
        </div>
      </div>
      {logs.isPending ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading logs">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-24 w-full rounded-lg" />
          ))}
        </div>
      ) : logs.isError ? (
        <LoadFailed text="Failed to load admin logs. Please try again." onRetry={() => void logs.refetch()} />
      ) : data && data.logs.length === 0 ? (
        <EmptyState icon={ScrollText} text="No log entries match." />
      ) : (
        data && (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {data.pagination.totalCount.toLocaleString()} {data.pagination.totalCount === 1 ? 'entry' : 'entries'}
            </p>
            <ol className="grid gap-2" aria-label="Log entries">
              {data.logs.map((log) => (
                <li key={log.id}>
                  <LogCard log={log} />
                </li>
              ))}
            </ol>
            <PaginationBar page={data.pagination.currentPage} totalPages={data.pagination.totalPages} onPageChange={(page) => setFilter({ ...filter, page })} />
          </>
        )
      )}
    </div>
  );
}

function LogCard({ log }: { log: AdminLog }) {
  const hasDetails = Object.keys(log.details).length > 0;
  return (
    <article className="grid gap-1.5 rounded-lg border bg-card p-3 text-sm" aria-label={`${log.action} on ${log.targetType}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs font-semibold">{log.action}</span>
        <span className="text-muted-foreground">{log.targetType}</span>
        <time className="ml-auto text-xs text-muted-foreground" dateTime={log.createdAt}>
          {formatDateTime(log.createdAt)}
        </time>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
        <dt className="text-muted-foreground">By</dt>
        <dd className="break-all">
          {log.adminName ?? 'Deleted account'} <span className="text-muted-foreground">({log.adminUserId})</span>
        </dd>
        <dt className="text-muted-foreground">Target ID</dt>
        <dd className="break-all">{log.targetId ?? '-'}</dd>
        <dt className="text-muted-foreground">IP Address</dt>
        <dd>{log.ipAddress ?? '-'}</dd>
      </dl>
      {hasDetails && (
        <details>
          <summary className="cursor-pointer text-xs text-muted-foreground">Details</summary>
          <pre className="mt-1 max-h-60 overflow-auto rounded bg-muted p-2 text-xs whitespace-pre-wrap break-all">{JSON.stringify(log.details, null, 2)}</pre>
        </details>
      )}
    </article>
  );
}
