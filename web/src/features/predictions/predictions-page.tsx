import { BarChart3, CheckCircle2, Clock, Globe, History, Info, Lightbulb, RefreshCw, Sparkles, Target, XCircle } from 'lucide-react';
import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Link, useLocation, useSearch } from 'wouter';
import type { Accuracy, DomainEntry, FirstCall, PredictionListView, PredictionOutcome, TrendEntry } from '#common/contracts/predictions.ts';
import type { Story } from '#common/contracts/stories.ts';
import { itemPageUrl, storyPagePath } from '#common/rules/links.ts';
import { formatCount } from '#common/rules/plural.ts';
import { timeAgo } from '#common/rules/time-ago.ts';
import {
  confidenceFloor,
  domainAccuracyColour,
  formatLead,
  predictionScore,
  PREDICTION_HORIZON_HOURS,
  TREND_CALL_THRESHOLD,
  PREDICTION_TARGET_POINTS,
  TREND_ROWS_SHOWN,
  trendAccuracyColour,
  type AccuracyColour,
  type PredictionConfidence,
} from '#common/rules/predictions.ts';
import { Banner, Empty, ListSkeleton, Section } from '@/components/page-parts';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { isUnauthorizedError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { pageFromSearch, pageSearch } from '@/lib/list-url';
import { cn } from '@/lib/utils';
import { useAccuracy, useDomains, useOutcomes, usePredictionList, useTrends, useUpdatePredictions } from './api';

export interface PredictionsPageProps {
  /** A predicted story's card with its actions (bookmark and flag state; the app composes it) and the given badges. */
  renderStory: (story: Story, storyIds: readonly number[], badges: ReactNode) => ReactNode;
  Pagination: ComponentType<{ page: number; totalPages: number; onPageChange: (page: number) => void }>;
}

const CONFIDENCE_LABELS: Readonly<Record<PredictionConfidence, string>> = { high: 'High Confidence', medium: 'Medium Confidence', low: 'Low Confidence' };
const CONFIDENCE_BADGES: Readonly<Record<PredictionConfidence, 'velocity' | 'rising' | 'outline'>> = { high: 'velocity', medium: 'rising', low: 'outline' };
/** Text colours with enough contrast on the card in both themes (yellow text would not have it: amber stands in). */
const COLOUR_CLASSES: Readonly<Record<AccuracyColour, string>> = {
  green: 'text-emerald-700 dark:text-emerald-300',
  yellow: 'text-amber-700 dark:text-amber-300',
  orange: 'text-orange-700 dark:text-orange-300',
  red: 'text-red-700 dark:text-red-300',
};
const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);
/** The cut and the confidence bands as Prediction Scores, read from the rules so any cut shows right. */
const CUT_SCORE = predictionScore(TREND_CALL_THRESHOLD);
const BAND_FROM: Readonly<Record<PredictionConfidence, number>> = {
  high: predictionScore(confidenceFloor('high')),
  medium: predictionScore(confidenceFloor('medium')),
  low: predictionScore(confidenceFloor('low')),
};
const TARGET = `${PREDICTION_TARGET_POINTS} points`;

/** /predictions (part 2 §2.5): the current predictions, their accuracy, trends and recent outcomes. */
export function PredictionsPage({ renderStory, Pagination }: PredictionsPageProps) {
  useDocumentTitle('Trending Predictions');
  const update = useUpdatePredictions();

  const refresh = () =>
    update.mutate(undefined, {
      onSuccess: () => void toast.success('Predictions updated successfully!'),
      onError: (error) => isUnauthorizedError(error) || void toast.error('Failed to update predictions. Please try again.'),
    });

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader icon={Sparkles} title="Trending Predictions">
          <p className="text-sm text-muted-foreground">Which stories will reach the front page’s top, before they do.</p>
        </PageHeader>
        <Button onClick={refresh} disabled={update.isPending}>
          <RefreshCw className={cn(update.isPending && 'animate-spin')} aria-hidden="true" />
          {update.isPending ? 'Refreshing...' : 'Refresh Predictions'}
        </Button>
      </div>

      <div className="flex gap-3 rounded-xl border border-sky-300/60 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100" data-testid="predictions-note">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          Stories predicted to trend in the next 2-6 hours, based on early velocity, engagement and other factors. A story’s Prediction Score is the
          chance it reaches {TARGET} within {PREDICTION_HORIZON_HOURS} hours. From {CUT_SCORE}% the story is <strong>called “will trend”</strong>: only
          those calls are listed and given a confidence (High from {BAND_FROM.high}%, Medium from {BAND_FROM.medium}%, Low from {BAND_FROM.low}%). Every
          prediction is kept and checked afterwards.
        </p>
      </div>

      <Tabs defaultValue="current">
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="current">Current Predictions</TabsTrigger>
          <TabsTrigger value="accuracy">Accuracy Dashboard</TabsTrigger>
          <TabsTrigger value="trends">Performance Trends</TabsTrigger>
          <TabsTrigger value="outcomes">Recent Outcomes</TabsTrigger>
        </TabsList>
        <TabsContent value="current">
          <CurrentPredictions renderStory={renderStory} Pagination={Pagination} />
        </TabsContent>
        <TabsContent value="accuracy">
          <AccuracyDashboard />
        </TabsContent>
        <TabsContent value="trends">
          <PerformanceTrends />
        </TabsContent>
        <TabsContent value="outcomes">
          <RecentOutcomes />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function CurrentPredictions({ renderStory, Pagination }: PredictionsPageProps) {
  // The page lives in the URL (`?page=2`), as on the other lists; the view is a choice on the page.
  const [path, navigate] = useLocation();
  const page = pageFromSearch(useSearch());
  const [view, setView] = useState<PredictionListView>('calls');
  const list = usePredictionList(page, view);
  const data = list.data;
  const storyIds = useMemo(() => data?.stories.map((story) => story.id) ?? [], [data]);
  const firstCalls = useMemo(() => new Map((data?.calls ?? []).map((call) => [call.storyId, call])), [data]);
  const changePage = (next: number) => {
    navigate(`${path}${pageSearch(next)}`);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const changeView = (next: PredictionListView) => {
    setView(next);
    if (page !== 1) navigate(`${path}${pageSearch(1)}`);
  };

  if (list.isPending) return <ListSkeleton rows={6} label="Loading predictions" />;
  if (list.isError || !data) return <Banner title="Failed to load predictions. Please try again later." />;
  const listName = view === 'calls' ? 'Predicted stories' : 'Stories not expected to trend';
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Calls to trend by confidence" aria-describedby="counters-definition">
        <Counter label="High Confidence" value={data.totalHighConfidence} className={COLOUR_CLASSES.green} />
        <Counter label="Medium Confidence" value={data.totalMediumConfidence} className={COLOUR_CLASSES.yellow} />
        <Counter label="Low Confidence" value={data.totalLowConfidence} />
        <Counter label="Total Predictions" value={data.totalCalls} className="text-primary" />
      </dl>
      <p id="counters-definition" className="-mt-2 text-xs text-muted-foreground" data-testid="counters-definition">
        Stories called “will trend” now (Prediction Score {CUT_SCORE}% or more), by confidence. {formatCount(data.totalNotExpected, 'other story', 'other stories')}{' '}
        {data.totalNotExpected === 1 ? 'is' : 'are'} predicted under {CUT_SCORE}%: not expected to trend.
      </p>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Which predictions">
        <Button size="sm" variant={view === 'calls' ? 'default' : 'outline'} aria-pressed={view === 'calls'} onClick={() => changeView('calls')}>
          Called to trend ({data.totalCalls})
        </Button>
        <Button size="sm" variant={view === 'not-expected' ? 'default' : 'outline'} aria-pressed={view === 'not-expected'} onClick={() => changeView('not-expected')}>
          Not expected to trend ({data.totalNotExpected})
        </Button>
      </div>
      {view === 'not-expected' && (
        <p className="text-sm text-muted-foreground" data-testid="not-expected-note">
          Front-page stories the model gives under {CUT_SCORE}%: these are not calls, and carry no confidence. Most front-page stories never reach {TARGET}.
        </p>
      )}
      {data.stories.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-xl border bg-card p-8 text-center">
          <Target className="size-8 text-muted-foreground" aria-hidden="true" />
          <h2 className="text-lg font-semibold">No Predictions Available</h2>
          <p className="text-sm text-muted-foreground">
            {view === 'calls'
              ? `No story is called to trend right now: none of the front-page stories under ${PREDICTION_HORIZON_HOURS} hours old has a Prediction Score of ${CUT_SCORE}% or more. Refresh, or check back after the next update.`
              : `Predictions are made for front-page stories under ${PREDICTION_HORIZON_HOURS} hours old. Refresh, or check back after the next update.`}
          </p>
        </div>
      ) : (
        <>
          <ol className="grid gap-3" aria-label={listName} aria-busy={list.isFetching}>
            {data.stories.map((story) => (
              <li key={story.id}>{renderStory(story, storyIds, <PredictionBadges story={story} call={firstCalls.get(story.id)} />)}</li>
            ))}
          </ol>
          <Pagination page={page} totalPages={data.totalPages} onPageChange={changePage} />
        </>
      )}
    </div>
  );
}

function PredictionBadges({ story, call }: { story: Story; call: FirstCall | undefined }) {
  if (story.predictionScore === undefined) return null;
  return (
    <>
      <Badge variant="trending" data-testid="prediction-score" title={`The chance it reaches ${TARGET} within ${PREDICTION_HORIZON_HOURS} hours`}>
        Prediction Score: {story.predictionScore}%
      </Badge>
      {story.predictionConfidence !== undefined ? (
        <Badge variant={CONFIDENCE_BADGES[story.predictionConfidence]} title={`Called “will trend”; ${CONFIDENCE_LABELS[story.predictionConfidence]} from ${BAND_FROM[story.predictionConfidence]}%`}>
          {CONFIDENCE_LABELS[story.predictionConfidence]}
        </Badge>
      ) : (
        <Badge variant="outline">Not expected to trend</Badge>
      )}
      {call && (
        <span className="text-xs text-muted-foreground" data-testid="first-call">
          First called <time dateTime={call.calledAt}>{timeAgo(Date.parse(call.calledAt) / 1000, Date.now())}</time> at {formatCount(call.scoreAtCall, 'point')} (score{' '}
          {call.predictionScoreAtCall}%)
        </span>
      )}
    </>
  );
}

function Counter({ label, value, className, caption }: { label: string; value: ReactNode; className?: string; caption?: ReactNode }) {
  return (
    <div className="grid content-start gap-0.5 rounded-xl border bg-card p-3 shadow-sm">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('text-2xl font-bold tabular-nums', className)}>{value}</dd>
      {caption && <dd className="text-xs text-muted-foreground">{caption}</dd>}
    </div>
  );
}

function AccuracyDashboard() {
  const accuracy = useAccuracy();
  if (accuracy.isPending) return <ListSkeleton rows={5} label="Loading accuracy" />;
  if (accuracy.isError) return <Banner title="Failed to fetch accuracy stats">Please try again later.</Banner>;
  const data = accuracy.data;
  const days = formatCount(data.timeframe / 24, 'day');
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Counter
          label={`Overall Accuracy (last ${data.timeframe / 24} days)`}
          value={percent(data.overallAccuracy)}
          className="text-primary"
          caption={
            <span data-testid="always-will-not">
              Always “will not”: {percent(data.alwaysWillNotAccuracy)}. Share of verified predictions whose call (“will trend” from {CUT_SCORE}%, else “will
              not”) came true; answering “will not” every time would score the baseline.
            </span>
          }
        />
        <Counter label="Predictions Generated" value={data.totalPredictions.toLocaleString('en-US')} caption={`Recorded in the last ${days}, either side of the cut`} />
        <Counter label="Verified" value={data.verifiedPredictions.toLocaleString('en-US')} caption={`Checked ${PREDICTION_HORIZON_HOURS} hours after they were made`} />
        <Counter label="Timeframe" value={days} caption="Predictions made in this window" />
      </dl>
      <Section title="Calls to Trend" icon={<Target className="size-5 text-primary" aria-hidden="true" />}>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Calls to trend">
          <Counter
            label="Precision"
            value={percent(data.calls.precision)}
            caption={`${data.calls.cameTrue.toLocaleString('en-US')} of ${formatCount(data.calls.settled, 'settled call')} reached ${TARGET} within ${PREDICTION_HORIZON_HOURS} hours of the call`}
          />
          <Counter
            label="Recall"
            value={percent(data.reached.recall)}
            caption={`${data.reached.calledEarly.toLocaleString('en-US')} of ${formatCount(data.reached.stories, 'predicted story', 'predicted stories')} first seen at ${TARGET} in the window were called before`}
          />
          <Counter
            label="Median Lead"
            value={data.reached.medianLeadMinutes === null ? '—' : formatLead(data.reached.medianLeadMinutes)}
            caption={`From the call to the first sighting at ${TARGET}, over the ${formatCount(data.reached.calledEarly, 'early call')}`}
          />
          <Counter label="Calls Made" value={data.calls.made.toLocaleString('en-US')} caption={`Stories first called “will trend” (${CUT_SCORE}% or more) in the last ${days}`} />
        </dl>
      </Section>
      <Section title="Accuracy by Confidence Level" icon={<BarChart3 className="size-5 text-primary" aria-hidden="true" />}>
        <p className="text-sm text-muted-foreground">
          For the settled calls of each confidence, the share that reached {TARGET} within {PREDICTION_HORIZON_HOURS} hours of the call. With honest
          scores, a band does at least as well as its lowest score (High {BAND_FROM.high}%, Medium {BAND_FROM.medium}%, Low {BAND_FROM.low}%).
        </p>
        <ul className="grid gap-3" aria-label="Accuracy by confidence level">
          {data.accuracyByConfidence.map((entry) => (
            <li key={entry.confidence} className="grid gap-1">
              <div className="flex justify-between gap-2 text-sm">
                <span className="font-medium">{CONFIDENCE_LABELS[entry.confidence]}</span>
                <span className="text-muted-foreground tabular-nums">
                  {percent(entry.accuracy)} of {formatCount(entry.count, 'settled call')}
                </span>
              </div>
              <Bar value={entry.accuracy ?? 0} label={`${CONFIDENCE_LABELS[entry.confidence]} accuracy`} />
            </li>
          ))}
        </ul>
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <Clock className="size-3.5" aria-hidden="true" />
          Predictions are verified after {PREDICTION_HORIZON_HOURS}+ hours, against the story’s score by then.
        </p>
      </Section>
      <Reliability bins={data.reliability} />
    </div>
  );
}

/** Predicted probability against observed frequency, from every verified prediction: whether "70 %" means 70 %. */
function Reliability({ bins }: { bins: Accuracy['reliability'] }) {
  return (
    <Section title="Reliability" icon={<Target className="size-5 text-primary" aria-hidden="true" />}>
      <p className="text-sm text-muted-foreground">
        For each band of Prediction Score, the share of stories that did reach {PREDICTION_TARGET_POINTS} points. Well-calibrated predictions come true as
        often as they say.
      </p>
      {bins.length === 0 ? (
        <Empty>No verified predictions yet.</Empty>
      ) : (
        <table className="w-full text-sm" aria-label="Predicted against observed">
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th className="py-1 font-medium">Prediction Score</th>
              <th className="py-1 font-medium">Predicted</th>
              <th className="py-1 font-medium">Came true</th>
              <th className="py-1 text-right font-medium">Verified</th>
            </tr>
          </thead>
          <tbody>
            {bins.map((bin) => (
              <tr key={bin.bin} className="border-t">
                <td className="py-1.5 tabular-nums">
                  {bin.bin * 10}-{bin.bin * 10 + 10}%
                </td>
                <td className="py-1.5 pr-2">
                  <BarWithValue value={bin.predicted} label="predicted" />
                </td>
                <td className="py-1.5 pr-2">
                  <BarWithValue value={bin.observed} label="came true" tone="bg-emerald-600" />
                </td>
                <td className="py-1.5 text-right tabular-nums">{bin.verified.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function BarWithValue({ value, label, tone }: { value: number; label: string; tone?: string }) {
  return (
    <div className="flex items-center gap-2">
      <div className="w-12 shrink-0 text-right tabular-nums sm:w-14">{value.toFixed(1)}%</div>
      <Bar value={value} label={label} tone={tone} />
    </div>
  );
}

function Bar({ value, label, tone = 'bg-primary' }: { value: number; label: string; tone?: string }) {
  const width = Math.max(0, Math.min(100, value));
  return (
    <div className="h-2 w-full overflow-hidden rounded-full bg-muted" role="meter" aria-label={label} aria-valuenow={Math.round(width)} aria-valuemin={0} aria-valuemax={100}>
      <div className={cn('h-full rounded-full', tone)} style={{ width: `${width}%` }} />
    </div>
  );
}

function PerformanceTrends() {
  const trends = useTrends();
  const domains = useDomains();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <Section title="Daily Performance (last 30 days)" icon={<BarChart3 className="size-5 text-primary" aria-hidden="true" />}>
          {trends.isPending ? (
            <ListSkeleton rows={5} label="Loading prediction trends" />
          ) : trends.isError ? (
            <Banner title="Failed to fetch prediction trends">Please try again later.</Banner>
          ) : trends.data.length === 0 ? (
            <Empty>No trend data yet: predictions appear here from their first day, and are verified {PREDICTION_HORIZON_HOURS} hours after they are made.</Empty>
          ) : (
            <>
              {trends.data.length === 1 && (
                <p className="text-sm text-muted-foreground">Only one day of data so far: trends show once predictions have been made on more days.</p>
              )}
              <TrendTable trends={trends.data.slice(0, TREND_ROWS_SHOWN)} />
              <p className="text-xs text-muted-foreground">
                Accuracy: verified predictions whose call came true. Avg. Confidence: the mean Prediction Score of the stories first called “will trend”
                that day (0 when none was).
              </p>
            </>
          )}
        </Section>
      </div>
      <Section title="Domain Performance" icon={<Globe className="size-5 text-primary" aria-hidden="true" />}>
        {domains.isPending ? (
          <ListSkeleton rows={5} label="Loading domain performance" />
        ) : domains.isError ? (
          <Banner title="Failed to fetch domain analytics">Please try again later.</Banner>
        ) : domains.data.length === 0 ? (
          <Empty>No verified predictions by domain yet.</Empty>
        ) : (
          <DomainList domains={domains.data} />
        )}
      </Section>
      <Section title="Key Insights" icon={<Lightbulb className="size-5 text-primary" aria-hidden="true" />}>
        {trends.data && trends.data.length > 0 ? <Insights latest={trends.data[0]!} /> : <Empty>Insights appear with the first day of predictions.</Empty>}
      </Section>
    </div>
  );
}

function TrendTable({ trends }: { trends: TrendEntry[] }) {
  return (
    // Scrolls sideways on a phone: focusable and named, so a keyboard can scroll it too.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Daily performance table">
      <table className="w-full text-sm">
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th className="py-1 pr-3 font-medium">Date</th>
            <th className="py-1 pr-3 text-right font-medium">Predictions</th>
            <th className="py-1 pr-3 text-right font-medium">Verified</th>
            <th className="py-1 pr-3 text-right font-medium">Accuracy</th>
            <th className="py-1 text-right font-medium" title="Mean Prediction Score of the stories first called that day">
              Avg. Confidence
            </th>
          </tr>
        </thead>
        <tbody>
          {trends.map((day) => (
            <tr key={day.date} className="border-t">
              <td className="py-1.5 pr-3 whitespace-nowrap">{day.date}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{day.totalPredictions.toLocaleString('en-US')}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{day.verifiedPredictions.toLocaleString('en-US')}</td>
              <td className={cn('py-1.5 pr-3 text-right font-semibold tabular-nums', day.accuracyRate !== null && COLOUR_CLASSES[trendAccuracyColour(day.accuracyRate)])}>
                {percent(day.accuracyRate)}
              </td>
              <td className="py-1.5 text-right tabular-nums">{day.avgConfidenceScore.toFixed(1)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DomainList({ domains }: { domains: DomainEntry[] }) {
  return (
    <ol className="grid gap-1.5 text-sm" aria-label="Domain performance">
      {domains.map((domain) => (
        <li key={domain.domain} className="flex items-center justify-between gap-2">
          <span className="truncate font-medium">{domain.domain}</span>
          <span className="flex shrink-0 items-center gap-2 tabular-nums">
            <span className={cn('font-semibold', domain.accuracyRate !== null && COLOUR_CLASSES[domainAccuracyColour(domain.accuracyRate)])}>{percent(domain.accuracyRate)}</span>
            <span className="text-xs text-muted-foreground">{domain.verifiedPredictions.toLocaleString('en-US')} verified</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

function Insights({ latest }: { latest: TrendEntry }) {
  return (
    <ul className="grid gap-1.5 text-sm" data-testid="key-insights">
      <li>
        On {latest.date}, {formatCount(latest.totalPredictions, 'prediction')} {latest.totalPredictions === 1 ? 'was' : 'were'} made;{' '}
        {latest.callsMade === 0
          ? 'no story was called “will trend”.'
          : `${formatCount(latest.callsMade, 'story', 'stories')} called “will trend”, with an average Prediction Score of ${latest.avgConfidenceScore.toFixed(1)}%.`}
      </li>
      <li>
        {latest.verifiedPredictions === 0
          ? `None is verified yet: each is checked ${PREDICTION_HORIZON_HOURS} hours after it was made.`
          : `${formatCount(latest.verifiedPredictions, 'prediction')} verified so far, ${percent(latest.accuracyRate)} of them accurate.`}
      </li>
    </ul>
  );
}

function RecentOutcomes() {
  const outcomes = useOutcomes();
  return (
    <Section title="Recent Outcomes" icon={<History className="size-5 text-primary" aria-hidden="true" />}>
      <p className="text-sm text-muted-foreground">
        Each call to trend, settled {PREDICTION_HORIZON_HOURS} hours after it was made: accurate when the story reached {TARGET} by then. The lead is the
        time from the call to the first sighting at {TARGET}.
      </p>
      {outcomes.isPending ? (
        <ListSkeleton rows={6} label="Loading outcomes" />
      ) : outcomes.isError ? (
        <Banner title="Failed to fetch prediction outcomes">Please try again later.</Banner>
      ) : outcomes.data.length === 0 ? (
        <Empty>No calls yet: a story is called “will trend” from a Prediction Score of {CUT_SCORE}%, and settled {PREDICTION_HORIZON_HOURS} hours later.</Empty>
      ) : (
        <ol className="grid divide-y" aria-label="Recent outcomes">
          {outcomes.data.map((outcome) => (
            <OutcomeRow key={outcome.prediction.id} outcome={outcome} />
          ))}
        </ol>
      )}
    </Section>
  );
}

function OutcomeRow({ outcome }: { outcome: PredictionOutcome }) {
  const { prediction } = outcome;
  const growth = outcome.scoreGrowth;
  return (
    <li className="grid gap-1 py-2 sm:flex sm:items-center sm:gap-3" data-testid="prediction-outcome">
      <div className="min-w-0 flex-1">
        <a href={itemPageUrl(prediction.story.hnId)} className="line-clamp-2 font-medium hover:text-primary hover:underline sm:truncate" target="_blank" rel="noreferrer">
          {prediction.story.title}
        </a>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <Badge variant={CONFIDENCE_BADGES[prediction.confidence]}>{CONFIDENCE_LABELS[prediction.confidence]}</Badge>
          <span>Prediction Score {prediction.predictionScore}%</span>
          <span>called {outcome.hoursElapsed.toFixed(1)}h ago</span>
          <Link href={storyPagePath(prediction.story.id)} className="rounded-sm underline underline-offset-2 hover:text-foreground">
            History
            <span className="sr-only">: {prediction.story.title}</span>
          </Link>
          <span className="tabular-nums">
            {prediction.scoreAtPrediction} → {prediction.story.score} points
          </span>
          <span data-testid="outcome-lead">{leadText(outcome)}</span>
          <span className={cn('font-semibold tabular-nums', growth > 0 && COLOUR_CLASSES.green)}>
            {growth > 0 ? '+' : ''}
            {growth}
          </span>
        </div>
      </div>
      <OutcomeBadge outcome={outcome.outcome} />
    </li>
  );
}

function leadText(outcome: PredictionOutcome): string {
  if (outcome.leadMinutes !== null) return `called ${formatLead(outcome.leadMinutes)} before ${PREDICTION_TARGET_POINTS}`;
  if (outcome.reachedAt !== null) return `not called before ${PREDICTION_TARGET_POINTS}`;
  return outcome.outcome === 'pending' ? `not at ${PREDICTION_TARGET_POINTS} yet` : `not seen at ${PREDICTION_TARGET_POINTS}`;
}

function OutcomeBadge({ outcome }: { outcome: PredictionOutcome['outcome'] }) {
  if (outcome === 'accurate')
    return (
      <Badge variant="velocity" className="w-fit">
        <CheckCircle2 aria-hidden="true" />
        Accurate
      </Badge>
    );
  if (outcome === 'inaccurate')
    return (
      <Badge variant="viral" className="w-fit">
        <XCircle aria-hidden="true" />
        Inaccurate
      </Badge>
    );
  return (
    <Badge variant="outline" className="w-fit">
      <Clock aria-hidden="true" />
      Pending
    </Badge>
  );
}
