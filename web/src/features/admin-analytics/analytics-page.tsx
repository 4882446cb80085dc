import { Activity, BarChart3, Flame, MousePointerClick } from 'lucide-react';
import { Fragment, useId, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AnalyticsEvents, ApiUsage, PopularStories } from '#common/contracts/analytics.ts';
import { ANALYTICS_LIST_SHOWN, ANALYTICS_TIMEFRAME_DEFAULT, ANALYTICS_TIMEFRAMES, type AnalyticsTimeframe } from '#common/rules/analytics.ts';
import { storyLinkUrl } from '#common/rules/links.ts';
import { formatCount } from '#common/rules/plural.ts';
import { AdminPage, EmptyState, formatDateTime, LoadFailed, ScrollBox, StatTile, TableHead } from '@/components/admin-page';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { messageOf } from '@/lib/api';
import { useAnalyticsEvents, useApiUsage, usePopularStories } from './api';

const TIMEFRAME_OPTIONS = ANALYTICS_TIMEFRAMES.map(({ hours, label }) => ({ value: String(hours), label }));

/** The period from the address (`?timeframe=24`), so a reload or a shared address shows the same. */
function timeframeOf(search: string): AnalyticsTimeframe {
  const hours = Number(new URLSearchParams(search).get('timeframe'));
  return ANALYTICS_TIMEFRAMES.find((option) => option.hours === hours)?.hours ?? ANALYTICS_TIMEFRAME_DEFAULT;
}

const number = (value: number) => value.toLocaleString('en-US');
const milliseconds = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} ms`;

/** /admin/analytics (spec part 2 §2.9): what people read, and how the API is used, over a period. */
export function AdminAnalyticsPage() {
  return (
    <AdminPage title="Analytics" icon={BarChart3} level="admin">
      {() => <Analytics />}
    </AdminPage>
  );
}

function Analytics() {
  const id = useId();
  const [, navigate] = useLocation();
  const hours = timeframeOf(useSearch());
  const popular = usePopularStories(hours);
  const usage = useApiUsage(hours);
  const events = useAnalyticsEvents(hours);
  return (
    <div className="grid gap-5">
      <div className="grid w-fit gap-1">
        <Label htmlFor={`${id}-period`}>Time period</Label>
        <NativeSelect id={`${id}-period`} className="w-40" value={String(hours)} options={TIMEFRAME_OPTIONS} onChange={(event) => navigate(`?timeframe=${event.target.value}`, { replace: true })} />
      </div>
      <Totals usage={usage.data} events={events.data} />
      <Section title="Popular stories" icon={Flame}>
        {popular.isPending ? (
          <Skeleton className="h-48 w-full rounded-lg" aria-label="Loading popular stories" />
        ) : popular.isError ? (
          <LoadFailed text={`Error loading analytics data: ${messageOf(popular.error, 'Failed to fetch popular stories')}`} onRetry={() => void popular.refetch()} />
        ) : (
          <PopularList stories={popular.data.popularStories} />
        )}
      </Section>
      <div className="grid gap-5 xl:grid-cols-2">
        <Section title="API usage" icon={Activity}>
          {usage.isPending ? (
            <Skeleton className="h-48 w-full rounded-lg" aria-label="Loading API usage" />
          ) : usage.isError ? (
            <LoadFailed text={messageOf(usage.error, 'Failed to fetch API usage')} onRetry={() => void usage.refetch()} />
          ) : (
            <ApiUsageTables usage={usage.data} />
          )}
        </Section>
        <Section title="User events" icon={MousePointerClick}>
          {events.isPending ? (
            <Skeleton className="h-48 w-full rounded-lg" aria-label="Loading user events" />
          ) : events.isError ? (
            <LoadFailed text={messageOf(events.error, 'Failed to fetch user events')} onRetry={() => void events.refetch()} />
          ) : (
            <EventsTable events={events.data.events} />
          )}
        </Section>
      </div>
    </div>
  );
}

function Section({ title, icon: Icon, children }: { title: string; icon: typeof Flame; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid content-start gap-2">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
        <Icon className="size-4" aria-hidden="true" />
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The period's totals; each figure shows once its call has answered. */
function Totals({ usage, events }: { usage?: ApiUsage; events?: AnalyticsEvents }) {
  const pending = '…';
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" aria-label="Totals">
      <StatTile label="API requests" value={usage ? number(usage.totals.requests) : pending} />
      <StatTile label="Average response" value={usage ? milliseconds(usage.totals.averageResponseTime) : pending} />
      <StatTile label="Client errors (4xx)" value={usage ? number(usage.totals.clientErrors) : pending} />
      <StatTile label="Server errors (5xx)" value={usage ? number(usage.totals.serverErrors) : pending} />
      <StatTile label="Story views" value={events ? number(events.totals.views) : pending} />
      <StatTile label="Bookmarks" value={events ? number(events.totals.bookmarks) : pending} />
    </dl>
  );
}

/** Ranked stories; a title opens the story's link, or its discussion page when it has none. */
function PopularList({ stories }: { stories: PopularStories['popularStories'] }) {
  if (stories.length === 0) return <EmptyState icon={Flame} text="No story was viewed, shared or bookmarked in this period." />;
  return (
    <ol className="divide-y rounded-lg border bg-card" aria-label="Popular stories, most viewed first">
      {stories.map(({ story, viewCount, uniqueViews, shareCount, bookmarkCount }, index) => (
        <li key={story.id} className="flex gap-3 px-3 py-2">
          <span className="w-6 shrink-0 text-right text-sm text-muted-foreground tabular-nums">{index + 1}.</span>
          <div className="min-w-0 grid gap-0.5">
            <div className="break-words">
              <a href={storyLinkUrl(story)} target="_blank" rel="noopener noreferrer" className="font-medium hover:underline">
                {story.title}
              </a>
              {story.domain && <span className="ml-1 text-xs text-muted-foreground">({story.domain})</span>}
            </div>
            <div className="text-xs text-muted-foreground">
              {formatCount(story.score, 'point')} · {formatCount(story.descendants, 'comment')} · by {story.by} · {story.timeAgo}
            </div>
            <div className="text-xs">
              <strong className="tabular-nums">{formatCount(viewCount, 'view')}</strong> ({number(uniqueViews)} unique) · {formatCount(shareCount, 'share')} ·{' '}
              {formatCount(bookmarkCount, 'bookmark')}
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A route, allowed to wrap only after its slashes, so a narrow column never splits a word. */
function Route({ method, endpoint }: { method: string; endpoint: string }) {
  return (
    <>
      {method}{' '}
      {endpoint.split('/').map((part, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <>
              /<wbr />
            </>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
}

function statusClass(status: number): string {
  if (status >= 500) return 'text-destructive font-semibold';
  if (status >= 400) return 'text-amber-800 dark:text-amber-300';
  return '';
}

function ApiUsageTables({ usage }: { usage: ApiUsage }) {
  if (usage.totals.requests === 0 && usage.usage.length === 0) return <EmptyState icon={Activity} text="No API requests in this period." />;
  return (
    <div className="grid gap-3">
      <ScrollBox label="Latest API requests table">
        <table className="w-full text-left text-sm">
          <caption className="px-3 py-1 text-left text-xs text-muted-foreground">The latest {ANALYTICS_LIST_SHOWN} requests</caption>
          <TableHead columns={['Time', 'Request', { label: 'Status', numeric: true }, { label: 'Time taken', numeric: true }]} />
          <tbody>
            {usage.usage.map((entry, index) => (
              <tr key={`${entry.createdAt}-${index}`} className="border-t align-top">
                <td className="px-3 py-1.5 whitespace-nowrap text-muted-foreground">{formatDateTime(entry.createdAt)}</td>
                <td className="px-3 py-1.5 font-mono text-xs">
                  <Route method={entry.method} endpoint={entry.endpoint} />
                </td>
                <td className={`px-3 py-1.5 text-right tabular-nums ${statusClass(entry.statusCode)}`}>{entry.statusCode}</td>
                <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">{milliseconds(entry.responseTime)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <ScrollBox label="Busiest routes table">
        <table className="w-full text-left text-sm">
          <caption className="px-3 py-1 text-left text-xs text-muted-foreground">The busiest routes of the period</caption>
          <TableHead columns={['Route', { label: 'Requests', numeric: true }, { label: 'Average', numeric: true }, { label: 'Errors', numeric: true }]} />
          <tbody>
            {usage.endpoints.map((route) => (
              <tr key={`${route.method} ${route.endpoint}`} className="border-t align-top">
                <td className="px-3 py-1.5 font-mono text-xs">
                  <Route method={route.method} endpoint={route.endpoint} />
                </td>
                <td className="px-3 py-1.5 text-right tabular-nums">{number(route.requests)}</td>
                <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">{milliseconds(route.averageResponseTime)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{number(route.clientErrors + route.serverErrors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </div>
  );
}

const EVENT_LABELS: Record<string, string> = { story_view: 'Story view', story_bookmark: 'Bookmark' };

function EventsTable({ events }: { events: AnalyticsEvents['events'] }) {
  if (events.length === 0) return <EmptyState icon={MousePointerClick} text="No user events in this period." />;
  return (
    <ScrollBox label="Latest user events table">
      <table className="w-full text-left text-sm">
        <caption className="px-3 py-1 text-left text-xs text-muted-foreground">The latest {ANALYTICS_LIST_SHOWN} events; a person shows only when they agreed to analytics</caption>
        <TableHead columns={['Time', 'Event', 'Story', 'Person']} />
        <tbody>
          {events.map((event, index) => (
            <tr key={`${event.createdAt}-${index}`} className="border-t align-top">
              <td className="px-3 py-1.5 whitespace-nowrap text-muted-foreground">{formatDateTime(event.createdAt)}</td>
              <td className="px-3 py-1.5 whitespace-nowrap">{EVENT_LABELS[event.eventType] ?? event.eventType}</td>
              <td className="max-w-72 px-3 py-1.5 break-words">{event.properties.title ?? '—'}</td>
              <td className={`px-3 py-1.5 font-mono text-xs text-muted-foreground ${event.userId ? 'break-all' : ''}`}>{event.userId ?? 'anonymous'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
