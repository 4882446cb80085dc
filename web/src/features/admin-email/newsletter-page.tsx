import { useEffect, useState } from 'react';
import { Newspaper } from 'lucide-react';
import { toast } from 'sonner';
import { clickRateColour, emailKindLabel, openRateColour, weekOfSunday, type RateColour, type SubscriberStatus } from '#common/rules/email.ts';
import { DIGEST_CONTENT_MAX_LENGTH, DIGEST_CONTENT_STYLES, type DigestContentStyle } from '#common/rules/limits.ts';
import { AdminPage } from '@/components/admin-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { messageOf } from '@/lib/api';
import { useActivity, useCustomContent, useDeleteCustomContent, useEngagement, useNewsletterStats, usePreview, useSaveCustomContent, useSubscribers } from './api';
import { ScrollBox } from '@/components/admin-page';
import { dateTime, Empty, Failed, Loading, Pager, Section } from './shared';

const COLOUR_CLASSES: Readonly<Record<RateColour, string>> = {
  green: 'text-green-700 dark:text-green-400',
  yellow: 'text-amber-700 dark:text-amber-400',
  red: 'text-red-700 dark:text-red-400',
};

/** What each status group means, under its count. */
const STATUS_MEANINGS: Record<SubscriberStatus, string> = {
  Full: 'Weekly newsletter and alert emails',
  Newsletter: 'Weekly newsletter only',
  Alerts: 'Alert emails only',
  Inactive: 'Neither',
};

const STATUS_CLASSES: Readonly<Record<string, string>> = {
  Full: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  Newsletter: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
  Alerts: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  Inactive: 'bg-muted text-muted-foreground',
};

/** /admin/newsletter (spec part 2 §2.9): overview, subscribers, activity, performance and the Sunday Digest. */
export function AdminNewsletterPage() {
  return (
    <AdminPage title="Newsletter Management" icon={Newspaper} level="admin" subtitle="Subscribers, delivery and engagement, and the Sunday Digest’s own content.">
      {() => (
        <Tabs defaultValue="overview" className="grid gap-3">
          <TabsList className="flex h-auto flex-wrap justify-start">
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="subscribers">Subscribers</TabsTrigger>
            <TabsTrigger value="activity">Activity</TabsTrigger>
            <TabsTrigger value="performance">Performance</TabsTrigger>
            <TabsTrigger value="digest">Sunday Digest</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <Overview />
          </TabsContent>
          <TabsContent value="subscribers">
            <Subscribers />
          </TabsContent>
          <TabsContent value="activity">
            <ActivityTab />
          </TabsContent>
          <TabsContent value="performance">
            <Performance />
          </TabsContent>
          <TabsContent value="digest">
            <SundayDigest />
          </TabsContent>
        </Tabs>
      )}
    </AdminPage>
  );
}

function Overview() {
  const stats = useNewsletterStats();
  if (stats.isPending) return <Loading label="Loading newsletter figures" />;
  if (stats.isError) return <Failed message="Failed to load newsletter figures" onRetry={() => void stats.refetch()} />;
  const { data } = stats;
  const totals = [
    ['Total emails', data.totalEmails],
    ['Sent', data.sentEmails],
    ['Failed', data.failedEmails],
    ['Newsletters', data.newsletterEmails],
  ] as const;
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {totals.map(([label, value]) => (
          <div key={label} className="rounded-lg border bg-card p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      <Section title="Subscription status">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="People by what they receive">
          {data.statusGroups.map((group) => (
            <div key={group.status} className="grid gap-1 rounded-lg border bg-card p-3">
              <dt>
                <Badge className={STATUS_CLASSES[group.status]}>{group.status}</Badge>
              </dt>
              <dd className="text-2xl font-bold tabular-nums">{group.count}</dd>
              <dd className="text-xs text-muted-foreground">{STATUS_MEANINGS[group.status]}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section title="Type distribution">
        {data.typeDistribution.length === 0 ? (
          <Empty>No emails yet.</Empty>
        ) : (
          <ul className="grid gap-1 text-sm">
            {data.typeDistribution.map((entry) => (
              <li key={entry.emailType} className="flex items-center gap-2">
                <span className="w-40 shrink-0">{emailKindLabel(entry.emailType)}</span>
                <span className="h-2 rounded bg-primary" style={{ width: `${Math.max(2, (entry.count / Math.max(1, data.totalEmails)) * 100)}%` }} aria-hidden="true" />
                <span className="tabular-nums">{entry.count}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function Subscribers() {
  const [page, setPage] = useState(1);
  const subscribers = useSubscribers(page);
  if (subscribers.isPending) return <Loading label="Loading subscribers" rows={6} />;
  if (subscribers.isError) return <Failed message="Failed to load subscribers" onRetry={() => void subscribers.refetch()} />;
  const { data } = subscribers;
  if (data.subscribers.length === 0) return <Empty>No subscribers yet.</Empty>;
  return (
    <div className="grid gap-2">
      <ScrollBox label="Subscribers table">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Subscribers, newest first</caption>
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">Email</th>
              <th scope="col" className="py-1 pr-3 font-medium">Name</th>
              <th scope="col" className="py-1 pr-3 font-medium">Status</th>
              <th scope="col" className="py-1 pr-3 font-medium">Keyword alerts</th>
              <th scope="col" className="py-1 pr-3 font-medium">Last weekly</th>
              <th scope="col" className="py-1 pr-3 font-medium">Joined</th>
            </tr>
          </thead>
          <tbody>
            {data.subscribers.map((subscriber) => (
              <tr key={subscriber.email} className="border-t">
                <td className="py-1 pr-3 break-all">{subscriber.email}</td>
                <td className="py-1 pr-3">{[subscriber.firstName, subscriber.lastName].filter(Boolean).join(' ') || '—'}</td>
                <td className="py-1 pr-3">
                  <Badge className={STATUS_CLASSES[subscriber.status]}>{subscriber.status}</Badge>
                </td>
                <td className="py-1 pr-3 tabular-nums">{subscriber.keywordAlertsCount}</td>
                <td className="py-1 pr-3 whitespace-nowrap">{dateTime(subscriber.lastWeeklySent)}</td>
                <td className="py-1 pr-3 whitespace-nowrap">{new Date(subscriber.createdAt).toLocaleDateString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <Pager page={page} totalPages={data.pagination.totalPages} onPage={setPage} label="Subscriber pages" />
    </div>
  );
}

function ActivityTab() {
  const activity = useActivity();
  if (activity.isPending) return <Loading label="Loading activity" rows={6} />;
  if (activity.isError) return <Failed message="Failed to load activity" onRetry={() => void activity.refetch()} />;
  if (activity.data.length === 0) return <Empty>No email was sent in the last 30 days.</Empty>;
  return (
    <table className="w-full text-left text-sm">
      <caption className="pb-2 text-left text-xs text-muted-foreground">Emails sent per day, last 30 days</caption>
      <thead className="text-xs text-muted-foreground">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">Date</th>
          <th scope="col" className="py-1 pr-3 font-medium">Type</th>
          <th scope="col" className="py-1 pr-3 font-medium">Sent</th>
        </tr>
      </thead>
      <tbody>
        {activity.data.map((row) => (
          <tr key={`${row.emailDate}-${row.emailType}`} className="border-t">
            <td className="py-1 pr-3">{row.emailDate}</td>
            <td className="py-1 pr-3">{emailKindLabel(row.emailType)}</td>
            <td className="py-1 pr-3 tabular-nums">{row.emailsSent}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Performance() {
  const stats = useNewsletterStats();
  const engagement = useEngagement();
  return (
    <div className="grid gap-4">
      <Section title="Delivery performance">
        {stats.isPending ? (
          <Loading label="Loading delivery figures" rows={2} />
        ) : stats.isError ? (
          <Failed message="Failed to load delivery figures" onRetry={() => void stats.refetch()} />
        ) : (
          <p className="text-sm">
            {stats.data.sentEmails} sent, {stats.data.failedEmails} failed, {stats.data.pendingEmails} waiting, {stats.data.skippedEmails} skipped
            {stats.data.totalEmails > 0 && ` · ${Math.round((stats.data.sentEmails / stats.data.totalEmails) * 1000) / 10}% delivered`}
          </p>
        )}
      </Section>
      <Section title="Weekly newsletter">
        {stats.data && (
          <p className="text-sm">
            Week of {stats.data.weekly.weekOf}:{' '}
            {stats.data.weekly.sent ? `queued for ${stats.data.weekly.queued} subscribers on ${dateTime(stats.data.weekly.completedAt)}` : 'not sent yet'}
          </p>
        )}
      </Section>
      <Section title="Engagement">
        {engagement.isPending ? (
          <Loading label="Loading engagement" rows={3} />
        ) : engagement.isError ? (
          <Failed message="Failed to load engagement" onRetry={() => void engagement.refetch()} />
        ) : engagement.data.length === 0 ? (
          <Empty>No email has been sent yet.</Empty>
        ) : (
          <ScrollBox label="Engagement table">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Opens and clicks per email type</caption>
              <thead className="text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">Type</th>
                  <th scope="col" className="py-1 pr-3 font-medium">Sent</th>
                  <th scope="col" className="py-1 pr-3 font-medium">Opened</th>
                  <th scope="col" className="py-1 pr-3 font-medium">Open rate</th>
                  <th scope="col" className="py-1 pr-3 font-medium">Clicked</th>
                  <th scope="col" className="py-1 pr-3 font-medium">Click rate</th>
                </tr>
              </thead>
              <tbody>
                {engagement.data.map((row) => (
                  <tr key={row.emailType} className="border-t tabular-nums">
                    <td className="py-1 pr-3">{emailKindLabel(row.emailType)}</td>
                    <td className="py-1 pr-3">{row.totalSent}</td>
                    <td className="py-1 pr-3">{row.totalOpened}</td>
                    <td className={`py-1 pr-3 font-semibold ${COLOUR_CLASSES[openRateColour(row.openRate)]}`}>{row.openRate}%</td>
                    <td className="py-1 pr-3">{row.totalClicked}</td>
                    <td className={`py-1 pr-3 font-semibold ${COLOUR_CLASSES[clickRateColour(row.clickRate)]}`}>{row.clickRate}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
      </Section>
    </div>
  );
}

const STYLE_OPTIONS = DIGEST_CONTENT_STYLES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }));

function SundayDigest() {
  const [weekOf, setWeekOf] = useState(() => weekOfSunday(Date.now()));
  const content = useCustomContent(weekOf);
  const save = useSaveCustomContent();
  const remove = useDeleteCustomContent();
  const preview = usePreview();
  const [form, setForm] = useState({ topContent: '', topContentStyle: 'default' as DigestContentStyle, bottomContent: '', bottomContentStyle: 'default' as DigestContentStyle });

  useEffect(() => {
    if (content.data !== undefined) {
      setForm({
        topContent: content.data?.topContent ?? '',
        topContentStyle: content.data?.topContentStyle ?? 'default',
        bottomContent: content.data?.bottomContent ?? '',
        bottomContentStyle: content.data?.bottomContentStyle ?? 'default',
      });
    }
  }, [content.data]);

  const onSave = () =>
    save.mutate(
      { weekOf, ...form },
      {
        onSuccess: ({ content: saved }) => {
          // What the server stored (sanitised), even when it equals what was stored before and the query keeps its data.
          if (saved) setForm({ topContent: saved.topContent, topContentStyle: saved.topContentStyle, bottomContent: saved.bottomContent, bottomContentStyle: saved.bottomContentStyle });
          toast.success('Custom content saved', { description: `For the week of ${weekOf}.` });
        },
        onError: (error) => toast.error('Failed to save custom content', { description: messageOf(error, 'Please try again.') }),
      },
    );
  const onPreview = () => preview.mutate(weekOf, { onError: (error) => toast.error('Failed to generate preview', { description: messageOf(error, 'Please try again.') }) });
  const onDelete = () => {
    if (!window.confirm(`Delete the custom content of the week of ${weekOf}?`)) return;
    remove.mutate(weekOf, {
      onSuccess: () => toast.success('Custom content deleted'),
      onError: (error) => toast.error('Failed to delete custom content', { description: messageOf(error, 'Please try again.') }),
    });
  };

  // While a week's content loads, the fields wait for it: text typed meanwhile would be replaced when it arrives.
  const loading = content.isPending;

  return (
    <div className="grid gap-4">
      <div className="grid max-w-xs gap-1">
        <Label htmlFor="digest-week">Week of (snapped to its Sunday)</Label>
        <Input id="digest-week" type="date" value={weekOf} onChange={(event) => event.target.value && setWeekOf(weekOfSunday(event.target.value))} />
      </div>
      {content.isError && <Failed message="Failed to fetch custom content" onRetry={() => void content.refetch()} />}
      {(['top', 'bottom'] as const).map((place) => (
        <div key={place} className="grid gap-1">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <Label htmlFor={`${place}-content`}>{place === 'top' ? 'Top content' : 'Bottom content'} (HTML: links, lists, bold, quotes)</Label>
            <NativeSelect
              aria-label={`${place === 'top' ? 'Top' : 'Bottom'} content style`}
              value={form[`${place}ContentStyle`]}
              onChange={(event) => setForm({ ...form, [`${place}ContentStyle`]: event.target.value as DigestContentStyle })}
              options={STYLE_OPTIONS}
              disabled={loading}
            />
          </div>
          <textarea
            id={`${place}-content`}
            className="min-h-24 rounded-md border border-input bg-background p-2 text-sm"
            maxLength={DIGEST_CONTENT_MAX_LENGTH}
            value={form[`${place}Content`]}
            onChange={(event) => setForm({ ...form, [`${place}Content`]: event.target.value })}
            disabled={loading}
          />
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button onClick={onSave} disabled={save.isPending || loading}>
          Save
        </Button>
        <Button variant="outline" onClick={onPreview} disabled={preview.isPending}>
          Preview
        </Button>
        <Button variant="destructive" onClick={onDelete} disabled={remove.isPending || !content.data}>
          Delete
        </Button>
      </div>
      {preview.data && (
        // The preview is the email's own HTML in a sandboxed frame: no script runs and it cannot reach this page.
        <iframe title="Weekly digest preview" sandbox="" srcDoc={preview.data} className="h-[32rem] w-full rounded-lg border bg-white" />
      )}
    </div>
  );
}
