import { ExternalLink, Share2 } from 'lucide-react';
import { useId } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { SharedLinkStat } from '#common/contracts/analytics.ts';
import { SHARED_LINK_PERIOD_DEFAULT, SHARED_LINK_PERIODS, type SharedLinkPeriod } from '#common/rules/analytics.ts';
import { AdminPage, EmptyState, formatDate, formatDateTime, LoadFailed, ScrollBox, StatTile, TableHead } from '@/components/admin-page';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useSharedLinksAnalytics } from './api';

const PERIOD_OPTIONS = SHARED_LINK_PERIODS.map((days) => ({ value: String(days), label: `Last ${days} days` }));

/** The period from the address (`?days=30`), so a reload or a shared address shows the same. */
function periodOf(search: string): SharedLinkPeriod {
  const days = Number(new URLSearchParams(search).get('days'));
  return (SHARED_LINK_PERIODS as readonly number[]).includes(days) ? (days as SharedLinkPeriod) : SHARED_LINK_PERIOD_DEFAULT;
}

/** /admin/shared-links-analytics (spec part 2 §2.9): links people shared, their views and clicks (links made for emails are not counted). */
export function AdminSharedLinksPage() {
  return (
    <AdminPage title="Shared Links Analytics" icon={Share2} level="admin">
      {() => <SharedLinks />}
    </AdminPage>
  );
}

function SharedLinks() {
  const id = useId();
  const [, navigate] = useLocation();
  const days = periodOf(useSearch());
  const analytics = useSharedLinksAnalytics(days);
  return (
    <div className="grid gap-5">
      <div className="grid w-fit gap-1">
        <Label htmlFor={`${id}-period`}>Period</Label>
        <NativeSelect id={`${id}-period`} className="w-40" value={String(days)} options={PERIOD_OPTIONS} onChange={(event) => navigate(`?days=${event.target.value}`, { replace: true })} />
      </div>
      {analytics.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading shared links analytics">
          <Skeleton className="h-20 w-full rounded-lg" />
          <Skeleton className="h-48 w-full rounded-lg" />
        </div>
      ) : analytics.isError ? (
        <LoadFailed text="Failed to fetch shared links analytics" onRetry={() => void analytics.refetch()} />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Totals">
            <StatTile label="Links shared" value={analytics.data.totalLinks.toLocaleString('en-US')} />
            <StatTile label="Views" value={analytics.data.totalViews.toLocaleString('en-US')} />
            <StatTile label="Clicks" value={analytics.data.totalClicks.toLocaleString('en-US')} />
            <StatTile label="Average click rate" value={`${analytics.data.averageClickRate.toFixed(1)}%`} />
          </dl>
          <LinksTable title={`Top links of the last ${days} days`} links={analytics.data.topSharedLinks} empty="No links were shared in this period." />
          <TodaysLinks links={analytics.data.todaysLinks} />
          <section aria-labelledby={`${id}-daily`} className="grid gap-2">
            <h2 id={`${id}-daily`} className="text-lg font-semibold">
              Last 7 days
            </h2>
            <ScrollBox label="Daily stats table">
              <table className="w-full text-left text-sm">
                <TableHead columns={['Day', { label: 'New links', numeric: true }, { label: 'Views', numeric: true }, { label: 'Clicks', numeric: true }]} />
                <tbody>
                  {analytics.data.dailyStats.map((day) => (
                    <tr key={day.date} className="border-t">
                      <td className="px-3 py-1.5 whitespace-nowrap">{formatDate(`${day.date}T12:00:00Z`)}</td>
                      <td className="px-3 py-1.5 text-right tabular-nums">{day.newLinks}</td>
                      <td className="px-3 py-1.5 text-right tabular-nums">{day.views}</td>
                      <td className="px-3 py-1.5 text-right tabular-nums">{day.clicks}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          </section>
        </>
      )}
    </div>
  );
}

/** Today's links, all shared by people: emails link their stories directly, and the server counts no email link. */
function TodaysLinks({ links }: { links: SharedLinkStat[] }) {
  return <LinksTable title={`Today (${links.length})`} links={links} empty="No links shared today." />;
}

function LinksTable({ title, links, empty }: { title: string; links: SharedLinkStat[]; empty: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid content-start gap-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {links.length === 0 ? (
        <EmptyState icon={Share2} text={empty} />
      ) : (
        <ScrollBox label={`${title} table`}>
          <table className="w-full text-left text-sm">
            <TableHead columns={['Link', 'Shared by', { label: 'Views', numeric: true }, { label: 'Clicks', numeric: true }, { label: 'Rate', numeric: true }]} />
            <tbody>
              {links.map((link) => (
                <tr key={link.shareToken} className="border-t align-top">
                  <td className="max-w-80 px-3 py-1.5">
                    <a href={`/share/${link.shareToken}`} target="_blank" rel="noopener noreferrer" className="font-medium hover:underline">
                      {link.customTitle ?? link.storyTitle}
                      <ExternalLink aria-label="(opens in a new tab)" className="ml-1 inline size-3 align-baseline" />
                    </a>
                    <div className="text-xs text-muted-foreground">{formatDateTime(link.createdAt)}</div>
                  </td>
                  <td className="px-3 py-1.5">
                    <div>{link.userName ?? '—'}</div>
                    <div className="text-xs break-all text-muted-foreground">{link.userEmail}</div>
                  </td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{link.viewCount}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{link.clickCount}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{link.clickRate.toFixed(1)}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}
