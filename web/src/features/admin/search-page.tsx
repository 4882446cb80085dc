import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import type { AdminSearchHit } from '#common/contracts/admin.ts';
import {
  ADMIN_SEARCH_MAX_LENGTH,
  ADMIN_SEARCH_MIN_LENGTH,
  ADMIN_SEARCH_TIMES,
  ADMIN_SEARCH_TYPES,
  adminSearchViewPath,
  type AdminSearchTime,
  type AdminSearchType,
} from '#common/rules/admin.ts';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AdminPage, EmptyState, formatDateTime, hasAdminLevel, LoadFailed } from '@/components/admin-page';
import { useAdminSearch, useAdminSearchSummary } from './api';

type ResultType = Exclude<AdminSearchType, 'all'>;

const TYPE_LABELS: Record<AdminSearchType, string> = {
  all: 'All types',
  users: 'Users',
  stories: 'Stories',
  keywords: 'Keywords',
  alerts: 'Alerts',
  flags: 'Flags',
  logs: 'Logs',
  settings: 'Settings',
};
const TIME_LABELS: Record<AdminSearchTime, string> = { all: 'All time', '1h': 'Last hour', '24h': 'Last 24 hours', '7d': 'Last 7 days', '30d': 'Last 30 days' };
/** Typing settles for this long before the search runs, so each keystroke does not cost a query. */
const TYPING_PAUSE_MS = 250;

/** /admin/search (spec §2.9, §5): one server call over the database, results per type. */
export function AdminSearchPage() {
  return (
    <AdminPage title="Admin Search" icon={Search} level="moderator" deniedRedirect="/">
      {(user) => <AdminSearch isAdmin={hasAdminLevel(user, 'admin')} />}
    </AdminPage>
  );
}

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

function AdminSearch({ isAdmin }: { isAdmin: boolean }) {
  const id = useId();
  const [text, setText] = useState('');
  const [type, setType] = useState<AdminSearchType>('all');
  const [time, setTime] = useState<AdminSearchTime>('all');
  const q = useSettled(text.trim());
  const searching = q.length >= ADMIN_SEARCH_MIN_LENGTH;
  const results = useAdminSearch(q, type, time, searching);
  const types = ADMIN_SEARCH_TYPES.filter((entry) => entry !== 'all' && (isAdmin || entry !== 'settings')) as ResultType[];
  const shown = type === 'all' ? types : types.filter((entry) => entry === type);

  return (
    <div className="grid gap-3">
      <div className="grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-q`}>Search</Label>
          <Input
            id={`${id}-q`}
            type="search"
            value={text}
            maxLength={ADMIN_SEARCH_MAX_LENGTH}
            placeholder="Users, stories, keywords, alerts, flags, logs, settings"
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-type`}>Type</Label>
          <NativeSelect
            id={`${id}-type`}
            className="sm:w-40"
            value={type}
            onChange={(event) => setType(event.target.value as AdminSearchType)}
            options={ADMIN_SEARCH_TYPES.filter((entry) => isAdmin || entry !== 'settings').map((entry) => ({ value: entry, label: TYPE_LABELS[entry] }))}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-time`}>Time</Label>
          <NativeSelect
            id={`${id}-time`}
            className="sm:w-40"
            value={time}
            onChange={(event) => setTime(event.target.value as AdminSearchTime)}
            options={ADMIN_SEARCH_TIMES.map((entry) => ({ value: entry, label: TIME_LABELS[entry] }))}
          />
        </div>
      </div>
      {!searching ? (
        <Summary isAdmin={isAdmin} />
      ) : results.isPending ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Searching">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-12 w-full" />
          ))}
        </div>
      ) : results.isError ? (
        <LoadFailed text="Search failed. Please try again." onRetry={() => void results.refetch()} />
      ) : (
        <Tabs key={shown.join()} defaultValue={shown[0]}>
          <TabsList className="h-auto flex-wrap">
            {shown.map((entry) => (
              <TabsTrigger key={entry} value={entry}>
                {TYPE_LABELS[entry]} ({results.data[entry].count})
              </TabsTrigger>
            ))}
          </TabsList>
          {shown.map((entry) => (
            <TabsContent key={entry} value={entry}>
              <Hits type={entry} hits={results.data[entry].results} count={results.data[entry].count} />
            </TabsContent>
          ))}
        </Tabs>
      )}
    </div>
  );
}

function Summary({ isAdmin }: { isAdmin: boolean }) {
  const summary = useAdminSearchSummary();
  const counts = summary.data;
  const entries: [string, number | undefined][] = [
    ['Users', counts?.users],
    ['Stories', counts?.stories],
    ['Alerts', counts?.alerts],
    ...(isAdmin ? ([['Settings', counts?.settings]] as [string, number | undefined][]) : []),
  ];
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">Type at least {ADMIN_SEARCH_MIN_LENGTH} characters to search.</p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-busy={summary.isPending} data-testid="search-summary">
        {entries.map(([label, value]) => (
          <div key={label} className="rounded-lg border bg-card p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-xl font-bold tabular-nums">{value === undefined ? '…' : value.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Hits({ type, hits, count }: { type: ResultType; hits: AdminSearchHit[]; count: number }) {
  if (hits.length === 0) return <EmptyState icon={Search} text={`No ${TYPE_LABELS[type].toLowerCase()} match.`} />;
  return (
    <div className="grid gap-2">
      {count > hits.length && (
        <p className="text-sm text-muted-foreground">
          Showing the first {hits.length} of {count.toLocaleString()}
        </p>
      )}
      <ul className="divide-y rounded-lg border bg-card" aria-label={`${TYPE_LABELS[type]} results`}>
        {hits.map((hit) => (
          <li key={hit.id} className="flex items-center gap-3 px-3 py-2 text-sm">
            <div className="grid min-w-0 flex-1">
              <span className="truncate font-medium">{hit.title}</span>
              <span className="truncate text-xs text-muted-foreground">
                {hit.subtitle}
                {hit.createdAt && ` · ${formatDateTime(hit.createdAt)}`}
              </span>
            </div>
            <Link href={adminSearchViewPath(type)} className="text-primary underline-offset-4 hover:underline">
              View<span className="sr-only"> {hit.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
