import { Bell, Clock, Flame, Pause, Play, Plus, Search, Trash2, TrendingDown, TrendingUp, Minus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { KeywordTrend, TrendingKeyword } from '#common/contracts/keywords.ts';
import {
  ALL_TRENDS_SHOWN,
  COOLING_SHOWN,
  DAY_PERIOD_LABELS,
  DAY_PERIODS,
  DEFAULT_KEYWORD_PERIOD,
  KEYWORD_PERIOD_LABELS,
  KEYWORD_PERIODS,
  KEYWORD_SORTS,
  PER_DAY_PERIOD_SHOWN,
  RISING_SHOWN,
  STABLE_SHOWN,
  TREND_RISING_SHOWN,
  trendClass,
  trendThresholds,
  type KeywordPeriod,
  type KeywordSort,
} from '#common/rules/keyword-trends.ts';
import { formatCount } from '#common/rules/plural.ts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PageHeader } from '@/components/page-header';
import { Banner, Empty, ListSkeleton, Section } from '@/components/page-parts';
import { isUnauthorizedError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useDeleteAlert, useHourlyPatterns, useKeywordAlerts, useKeywordTrends, useSetAlertActive, useTrendingKeywords } from './api';
import { CreateAlertDialog } from './components/create-alert-dialog';
import { KeywordStoriesDialog } from './components/keyword-stories-dialog';

const SORT_LABELS: Readonly<Record<KeywordSort, string>> = { frequency: 'Frequency', growth: 'Growth', recent: 'Recent' };
const signed = (change: number) => `${change > 0 ? '+' : ''}${change}%`;

/** /keywords (spec part 1 §2): hot keywords, insights, trend analysis and the person's keyword alerts. */
export function KeywordsPage() {
  useDocumentTitle('Keyword Intelligence');
  const [period, setPeriod] = useState<KeywordPeriod>(DEFAULT_KEYWORD_PERIOD);
  const [sort, setSort] = useState<KeywordSort>('frequency');
  const [search, setSearch] = useState('');
  const [alertFor, setAlertFor] = useState<string | null>(null);
  const [opened, setOpened] = useState<TrendingKeyword | null>(null);
  const trending = useTrendingKeywords(period);
  const trends = useKeywordTrends(period);
  const patterns = useHourlyPatterns(period);

  const needle = search.trim().toLowerCase();
  const matches = (keyword: string) => keyword.toLowerCase().includes(needle);
  const allTrends = (trends.data?.trends ?? []).filter((trend) => matches(trend.keyword));
  const changeOf = new Map((trends.data?.trends ?? []).map((trend) => [trend.keyword, trend.percentageChange]));
  const hot = sortHot((trending.data ?? []).filter((keyword) => matches(keyword.keyword)), sort, changeOf);
  const thresholds = trendThresholds((trends.data?.trends ?? []).map((trend) => trend.percentageChange));
  const rising = allTrends.filter((trend) => trend.isRising);
  const cooling = allTrends.filter((trend) => trendClass(trend.percentageChange, thresholds) === 'cooling').reverse();
  const stable = allTrends.filter((trend) => trendClass(trend.percentageChange, thresholds) === 'stable');

  // Its grids have columns of minmax(0, 1fr) (grid-cols-1), not auto: an auto column grows to the widest keyword a
  // row truncates, which made the page wider than a phone.
  return (
    <div className="grid grid-cols-1 gap-5">
      <PageHeader icon={TrendingUp} title="Keyword Intelligence">
        <p className="text-sm text-muted-foreground">The topics of the day on Hacker News, how they move, and alerts for the ones you follow.</p>
      </PageHeader>

      <div className="flex flex-wrap items-end gap-3">
        <div className="relative min-w-48 flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input type="search" aria-label="Search keywords" placeholder="Search keywords..." className="pl-9" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <NativeSelect
          aria-label="Period"
          className="w-40"
          value={period}
          onChange={(event) => setPeriod(event.target.value as KeywordPeriod)}
          options={KEYWORD_PERIODS.map((value) => ({ value, label: KEYWORD_PERIOD_LABELS[value] }))}
        />
        <NativeSelect
          aria-label="Sort by"
          className="w-36"
          value={sort}
          onChange={(event) => setSort(event.target.value as KeywordSort)}
          options={KEYWORD_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
        />
        <Button onClick={() => setAlertFor('')}>
          <Plus aria-hidden="true" />
          New Alert
        </Button>
      </div>

      {trends.isError && <Banner title="Data Loading Issues">Keyword trends could not be loaded. Please try again later.</Banner>}
      {trending.isError && <Banner title="Unable to load trending keywords at the moment. Please try again later." />}
      {patterns.isError && <Banner title="Pattern Analysis Unavailable">The time-of-day patterns could not be loaded.</Banner>}

      <Tabs defaultValue="hot">
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="hot">Hot Keywords</TabsTrigger>
          <TabsTrigger value="insights">Insights</TabsTrigger>
          <TabsTrigger value="analysis">Trend Analysis</TabsTrigger>
          <TabsTrigger value="alerts">My Alerts</TabsTrigger>
        </TabsList>

        <TabsContent value="hot">
          <Section title="Hot Keywords" icon={<Flame className="size-5 text-primary" aria-hidden="true" />}>
            {trending.isPending ? (
              <ListSkeleton rows={8} label="Loading hot keywords" />
            ) : hot.length === 0 ? (
              <Empty>{needle ? 'No hot keyword matches your search.' : 'No keywords in this period yet.'}</Empty>
            ) : (
              <ol className="grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label="Hot keywords">
                {hot.map((keyword, index) => (
                  <li key={keyword.id} className="flex items-center gap-2 rounded-lg border bg-card p-2 pl-3">
                    <span className="w-6 text-sm text-muted-foreground tabular-nums">{index + 1}</span>
                    <button type="button" className="min-w-0 flex-1 truncate text-left font-medium hover:text-primary hover:underline" onClick={() => setOpened(keyword)}>
                      {keyword.keyword}
                    </button>
                    <Badge variant="secondary">{formatCount(keyword.frequency, 'story', 'stories')}</Badge>
                    <Button variant="ghost" size="icon" aria-label={`Create alert for ${keyword.keyword}`} onClick={() => setAlertFor(keyword.keyword)}>
                      <Plus aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ol>
            )}
          </Section>
        </TabsContent>

        <TabsContent value="insights" className="grid grid-cols-1 gap-4 lg:grid-cols-3">
          <TrendCard title="Rising Fast" icon={<TrendingUp className="size-5 text-emerald-600" aria-hidden="true" />} trends={rising.slice(0, RISING_SHOWN)} loading={trends.isPending} empty="Nothing is rising fast right now." />
          <TrendCard title="Cooling Down" icon={<TrendingDown className="size-5 text-sky-600" aria-hidden="true" />} trends={cooling.slice(0, COOLING_SHOWN)} loading={trends.isPending} empty="Nothing is cooling down." />
          <TrendCard title="Stable" icon={<Minus className="size-5 text-muted-foreground" aria-hidden="true" />} trends={stable.slice(0, STABLE_SHOWN)} loading={trends.isPending} empty="No steady keywords in this period." />
          <div className="lg:col-span-3">
            <Section title="Trending Patterns" icon={<Clock className="size-5 text-primary" aria-hidden="true" />}>
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
                {DAY_PERIODS.map((part) => (
                  <div key={part} className="grid grid-cols-1 content-start gap-2 rounded-lg border p-3" data-testid={`pattern-${part}`}>
                    <h4 className="text-sm font-semibold">{DAY_PERIOD_LABELS[part]}</h4>
                    {patterns.isPending ? (
                      <ListSkeleton rows={PER_DAY_PERIOD_SHOWN} label={`Loading ${part} keywords`} />
                    ) : (patterns.data?.[part] ?? []).length === 0 ? (
                      <p className="text-sm text-muted-foreground">No keywords.</p>
                    ) : (
                      <ol className="grid grid-cols-1 gap-1 text-sm">
                        {patterns.data![part].slice(0, PER_DAY_PERIOD_SHOWN).map((entry) => (
                          <li key={entry.keyword} className="flex justify-between gap-2">
                            <span className="truncate">{entry.keyword}</span>
                            <span className="text-muted-foreground tabular-nums">{entry.count}</span>
                          </li>
                        ))}
                      </ol>
                    )}
                  </div>
                ))}
              </div>
              {patterns.data && <p className="mt-2 text-xs text-muted-foreground">Times of day in {patterns.data.timeZone}.</p>}
            </Section>
          </div>
        </TabsContent>

        <TabsContent value="analysis" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <TrendCard title="Rising Keywords" icon={<TrendingUp className="size-5 text-emerald-600" aria-hidden="true" />} trends={rising.slice(0, TREND_RISING_SHOWN)} loading={trends.isPending} empty="No rising keywords in this period." />
          <TrendCard title="All Trends" icon={<Search className="size-5 text-primary" aria-hidden="true" />} trends={allTrends.slice(0, ALL_TRENDS_SHOWN)} loading={trends.isPending} empty="No keyword has enough stories for a trend yet." />
        </TabsContent>

        <TabsContent value="alerts">
          <MyAlerts onNew={() => setAlertFor('')} />
        </TabsContent>
      </Tabs>

      <CreateAlertDialog open={alertFor !== null} initialKeyword={alertFor ?? ''} onOpenChange={(open) => !open && setAlertFor(null)} />
      <KeywordStoriesDialog keyword={opened} period={period} onClose={() => setOpened(null)} />
    </div>
  );
}

/** Frequency: as the server ranks them; growth: by their change against the previous period; recent: latest first. */
function sortHot(keywords: TrendingKeyword[], sort: KeywordSort, changeOf: Map<string, number>): TrendingKeyword[] {
  if (sort === 'frequency') return keywords;
  const sorted = [...keywords];
  if (sort === 'growth') sorted.sort((a, b) => (changeOf.get(b.keyword) ?? -Infinity) - (changeOf.get(a.keyword) ?? -Infinity));
  else sorted.sort((a, b) => b.date.localeCompare(a.date));
  return sorted;
}

function MyAlerts({ onNew }: { onNew: () => void }) {
  const alerts = useKeywordAlerts();
  const setActive = useSetAlertActive();
  const remove = useDeleteAlert();
  const quiet = (error: unknown) => isUnauthorizedError(error);

  return (
    <Section title="My Alerts" icon={<Bell className="size-5 text-primary" aria-hidden="true" />}>
      {alerts.isPending ? (
        <ListSkeleton rows={3} label="Loading your alerts" />
      ) : alerts.isError ? (
        <Banner title="Unable to load your keyword alerts. Please try again later." />
      ) : alerts.data.alerts.length === 0 ? (
        <div className="grid justify-items-center gap-3 p-6 text-center">
          <Bell className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold">No keyword alerts yet</p>
          <p className="text-sm text-muted-foreground">Create an alert to hear when a keyword takes off.</p>
          <Button onClick={onNew}>
            <Plus aria-hidden="true" />
            New Alert
          </Button>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-2" aria-label="Keyword alerts">
          {alerts.data.alerts.map((alert) => (
            <li key={alert.id} className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-3" data-testid="keyword-alert">
              <div className="grid min-w-0 flex-1 gap-0.5">
                <span className="truncate font-medium">{alert.keyword}</span>
                <span className="text-sm text-muted-foreground">Fires at {formatCount(alert.threshold, 'story', 'stories')} in 24 hours</span>
              </div>
              <Badge variant={alert.isActive ? 'velocity' : 'outline'}>{alert.isActive ? 'Active' : 'Paused'}</Badge>
              <Button
                variant="outline"
                size="icon"
                aria-label={`${alert.isActive ? 'Pause' : 'Resume'} alert for ${alert.keyword}`}
                disabled={setActive.isPending}
                onClick={() =>
                  setActive.mutate({ id: alert.id, isActive: !alert.isActive }, { onError: (error) => quiet(error) || void toast.error('Failed to update keyword alert.') })
                }
              >
                {alert.isActive ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
              </Button>
              <Button
                variant="outline"
                size="icon"
                aria-label={`Delete alert for ${alert.keyword}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(alert.id, {
                    onSuccess: () => void toast.success('Alert deleted'),
                    onError: (error) => quiet(error) || void toast.error('Failed to delete keyword alert.'),
                  })
                }
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function TrendCard({ title, icon, trends, loading, empty }: { title: string; icon: ReactNode; trends: KeywordTrend[]; loading: boolean; empty: string }) {
  return (
    <Section title={title} icon={icon}>
      {loading ? (
        <ListSkeleton rows={4} label={`Loading ${title}`} />
      ) : trends.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <ol className="grid grid-cols-1 gap-1.5" aria-label={title}>
          {trends.map((trend) => (
            <li key={trend.keyword} className="flex items-center justify-between gap-2 text-sm">
              <span className="truncate font-medium">{trend.keyword}</span>
              <span className="flex shrink-0 items-center gap-2 text-muted-foreground tabular-nums">
                {trend.currentFrequency} <span className="sr-only">stories now,</span>
                <span className="text-xs">vs {trend.previousFrequency}</span>
                <Badge variant={trend.percentageChange > 0 ? 'velocity' : 'trending'}>{signed(trend.percentageChange)}</Badge>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
