import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { heatLevel } from '#common/rules/heat.ts';
import { itemPageUrl, storyLinkUrl } from '#common/rules/links.ts';
import { formatCount } from '#common/rules/plural.ts';
import { durationText, FRONT_PAGE_RANKS } from '#common/rules/story-history.ts';
import { timeAgoOrRecently } from '#common/rules/time-ago.ts';
import type { DrawnIcon } from '@/components/drawn-icons';
import { HeatBadge } from '@/components/heat-badge';
import { SyntheticBadge } from '@/components/synthetic-badge';
import { Banner, Empty, Section } from '@/components/page-parts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { parseStoryId, useStoryHistory, type StoryHistory } from './api';
import { formatIsoUtc, formatRate, formatUtc } from './format';
import { HistoryChart, MarkerLegend } from './history-chart';
import { parseIsoTime } from './iso-time';

const DAY_MS = 86_400_000;

export interface StoryPageProps {
  /** The path's id, as typed. */
  id: string | undefined;
  /** The card's actions for this story (composed in app/, as features never import each other). */
  renderActions?: (story: StoryHistory['story']) => ReactNode;
}

/**
 * /stories/{id}: one story's history (docs/web.md, "The story page"). Public, as the lists are; the server renders it
 * with its data, so it reads at once and the browser adopts it.
 */
export function StoryPage({ id, renderActions }: StoryPageProps) {
  const storyId = parseStoryId(id);
  const history = useStoryHistory(storyId);
  useDocumentTitle(history.data?.story.title ?? 'Story');

  if (storyId === null || (history.error instanceof ApiError && (history.error.status === 404 || history.error.status === 400))) {
    return (
      <NotFound>
        {storyId === null ? 'This address names no story: a story page is /stories/ and a number.' : (history.error as ApiError).serverMessage ?? 'Story not found.'}
      </NotFound>
    );
  }
  if (history.isError) {
    return (
      <div className="grid gap-4">
        <Banner title="Error Loading Story">We could not load this story's history. Please try again later.</Banner>
        <div>
          <Button variant="outline" onClick={() => void history.refetch()}>
            Try Again
          </Button>
        </div>
      </div>
    );
  }
  if (!history.data) return <StoryPageSkeleton />;
  return <StoryHistoryView data={history.data} renderActions={renderActions} />;
}

function NotFound({ children }: { children: ReactNode }) {
  return (
    <div className="grid justify-items-center gap-3 py-16 text-center">
      <h1 className="text-2xl font-bold">Story Not Found</h1>
      <p className="max-w-prose text-muted-foreground">{children}</p>
      <Button asChild variant="outline">
        <Link href="/">Browse Stories</Link>
      </Button>
    </div>
  );
}

function StoryPageSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true" aria-label="Loading the story">
      <Skeleton className="h-8 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-44 w-full" />
      <Skeleton className="h-44 w-full" />
    </div>
  );
}

export function StoryHistoryView({ data, renderActions }: { data: StoryHistory; renderActions?: StoryPageProps['renderActions'] }) {
  const { story, markers, resolution, predictions, keywords } = data;
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  // Spelled out rather than spread: the server renders this for every page, and a spread copy of each of up to 600
  // snapshots cost more than the rest of the mapping.
  const snapshots = data.snapshots.map(({ time, score, comments, rank }) => ({ time, score, comments, rank, timeMs: parseIsoTime(time) }));
  const startMs = snapshots[0]?.timeMs ?? story.time * 1000;
  // The last values hold until something changes (snapshots record changes), so the chart runs to now (the answer's
  // time) while the story is on the top list or changed in the last day; an older story's ends at its last change.
  const asOfMs = Date.parse(data.asOf);
  const lastMs = snapshots.at(-1)?.timeMs ?? startMs;
  const endMs = Math.max(startMs + 60_000, story.rank !== null || asOfMs - lastMs < DAY_MS ? asOfMs : lastMs);
  const chartMarkers = markers.map((marker) => ({ kind: marker.kind, timeMs: Date.parse(marker.time) }));
  const worstRank = Math.max(FRONT_PAGE_RANKS, ...snapshots.map((snapshot) => snapshot.rank ?? 0));
  // The badge the story's card shows now: the card's own rule on the story as it is.
  const currentHeat = heatLevel(story, asOfMs);

  return (
    <article className="grid gap-6" aria-labelledby="story-page-title">
      <header className="grid gap-2">
        <Link href="/" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground" data-icon="arrow-left">
          Back to stories
        </Link>
        <h1 id="story-page-title" className="text-2xl font-bold text-pretty break-words">
          {story.title}
          {story.domain && <span className="ml-2 text-base font-normal text-muted-foreground">({story.domain})</span>}
        </h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span>
            <span className="font-medium text-foreground">{story.score.toLocaleString('en-US')}</span> {story.score === 1 ? 'point' : 'points'}
          </span>
          <span>{formatCount(story.descendants, 'comment')}</span>
          <span>{`by ${story.by || 'Anonymous'}`}</span>
          <span>{timeAgoOrRecently(story.timeAgo)}</span>
          {story.rank !== null && <span>{`#${story.rank} on the top list now`}</span>}
          {currentHeat && <HeatBadge level={currentHeat} />}
          {story.synthetic && <SyntheticBadge />}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild size="sm">
            <a href={storyLinkUrl(story)} target="_blank" rel="noopener noreferrer" data-icon="external-link">
              Read Article
            </a>
          </Button>
          <Button asChild size="sm" variant="outline">
            <a href={itemPageUrl(story.hnId)} target="_blank" rel="noopener noreferrer" data-icon="message-square">
              Discussion on Hacker News
            </a>
          </Button>
          {renderActions && <div className="story-page-actions flex items-center gap-1">{renderActions(story)}</div>}
        </div>
      </header>

      <Section title="Facts" icon={<SectionIcon name="sparkles" />}>
        <Facts data={data} />
      </Section>

      <Section title="History" icon={<SectionIcon name="history" />}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground" data-testid="resolution">
            {resolution.label}
          </p>
          {snapshots.length > 0 && (
            <Button variant="outline" size="sm" aria-expanded={asTable} aria-controls={tableId} onClick={() => setAsTable((shown) => !shown)} data-icon="chart-column">
              {asTable ? 'Show as charts' : 'Show as table'}
            </Button>
          )}
        </div>
        {snapshots.length === 0 ? (
          <Empty>No snapshots of this story yet: its history starts at the next ingestion cycle that sees it.</Empty>
        ) : asTable ? (
          <div id={tableId} className="max-h-[28rem] overflow-auto rounded border" tabIndex={0} role="region" aria-label="Snapshots as a table">
            <table className="w-full text-sm tabular-nums" data-testid="history-table">
              <caption className="sr-only">Score, comments and top-list rank at each snapshot, oldest first</caption>
              <thead className="sticky top-0 bg-card">
                <tr className="border-b text-left">
                  <th scope="col" className="px-3 py-2 font-medium">Time</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Points</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Comments</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Rank</th>
                </tr>
              </thead>
              <tbody>
                {snapshots.map((snapshot) => (
                  <tr key={snapshot.time} className="border-b last:border-0">
                    <td className="px-3 py-1.5 whitespace-nowrap">{formatUtc(snapshot.timeMs)}</td>
                    <td className="px-3 py-1.5 text-right">{snapshot.score.toLocaleString('en-US')}</td>
                    <td className="px-3 py-1.5 text-right">{snapshot.comments.toLocaleString('en-US')}</td>
                    <td className="px-3 py-1.5 text-right">{snapshot.rank ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div id={tableId} className="grid gap-4">
            <HistoryChart
              testId="chart-score"
              title="Points"
              unit="points"
              points={snapshots.map((s) => ({ timeMs: s.timeMs, value: s.score }))}
              startMs={startMs}
              endMs={endMs}
              markers={chartMarkers}
            />
            <HistoryChart
              testId="chart-comments"
              title="Comments"
              unit="comments"
              points={snapshots.map((s) => ({ timeMs: s.timeMs, value: s.comments }))}
              startMs={startMs}
              endMs={endMs}
              markers={chartMarkers}
            />
            <HistoryChart
              testId="chart-rank"
              title="Rank on the top list (1 at the top; 1-30 is the front page)"
              unit="rank"
              points={snapshots.map((s) => ({ timeMs: s.timeMs, value: s.rank }))}
              startMs={startMs}
              endMs={endMs}
              markers={chartMarkers}
              inverted
              domain={[1, worstRank]}
            />
            <MarkerLegend kinds={[...new Set(markers.map((marker) => marker.kind))]} />
          </div>
        )}
      </Section>

      <Section title="Predictions" icon={<SectionIcon name="chart-column" />}>
        {predictions.length === 0 ? (
          <Empty>No prediction was made for this story: only young stories on the front page are predicted.</Empty>
        ) : (
          // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Predictions table">
            <table className="w-full text-sm tabular-nums" data-testid="prediction-table">
              <caption className="sr-only">Each prediction made for this story, oldest first, and how it turned out</caption>
              <thead>
                <tr className="border-b text-left">
                  <th scope="col" className="px-2 py-2 font-medium">Made</th>
                  <th scope="col" className="px-2 py-2 text-right font-medium">Chance</th>
                  <th scope="col" className="px-2 py-2 font-medium">Confidence</th>
                  <th scope="col" className="px-2 py-2 text-right font-medium">Points then</th>
                  <th scope="col" className="px-2 py-2 font-medium">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {predictions.map((prediction) => (
                  <tr key={prediction.predictedAt} className="border-b last:border-0">
                    <td className="px-2 py-1.5 whitespace-nowrap">{formatIsoUtc(prediction.predictedAt)}</td>
                    <td className="px-2 py-1.5 text-right">{`${prediction.predictionScore}%`}</td>
                    <td className="px-2 py-1.5 capitalize">{prediction.confidence}</td>
                    <td className="px-2 py-1.5 text-right">{prediction.scoreAtPrediction.toLocaleString('en-US')}</td>
                    <td className="px-2 py-1.5">
                      <Badge variant={prediction.outcome === 'accurate' ? 'velocity' : prediction.outcome === 'inaccurate' ? 'viral' : 'outline'}>
                        {prediction.outcome === 'pending' ? 'Pending' : prediction.outcome === 'accurate' ? 'Accurate' : 'Inaccurate'}
                      </Badge>
                      {prediction.scoreAtHorizon !== null && <span className="ml-2 text-muted-foreground">{`${prediction.scoreAtHorizon.toLocaleString('en-US')} points at its horizon`}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>

      <Section title="Keywords" icon={<SectionIcon name="tag" />}>
        {keywords.length === 0 ? (
          <Empty>No keywords were found in this title.</Empty>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Keywords of this story">
            {keywords.map((keyword) => (
              <li key={keyword}>
                <Link href={`/keywords?keyword=${encodeURIComponent(keyword)}`} className="inline-block rounded-full border px-3 py-1 text-sm hover:bg-accent">
                  {keyword}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </article>
  );
}

/**
 * A section heading's icon, drawn by its element (index.css, `[data-icon]`): the page's icons are no SVG elements,
 * which the server would render for every page (drawn-icons.ts).
 */
function SectionIcon({ name }: { name: DrawnIcon }) {
  return <span data-icon={name} className="flex [--icon-size:1.25rem]" aria-hidden="true" />;
}

function Facts({ data }: { data: StoryHistory }) {
  const { facts } = data;
  const rows: [string, ReactNode][] = [
    ['First seen', facts.firstSeen ? formatIsoUtc(facts.firstSeen) : 'Not yet'],
    ['Time to the front page', facts.minutesToFrontPage === null ? 'Not on the front page' : durationText(facts.minutesToFrontPage)],
    ['Peak rank', facts.peak ? `#${facts.peak.rank}, ${formatIsoUtc(facts.peak.time)}` : 'Never ranked'],
    ['On the front page', durationText(facts.minutesOnFrontPage)],
    ['Points an hour, now', formatRate(facts.now.pointsPerHour)],
    ['Comments an hour, now', formatRate(facts.now.commentsPerHour)],
    ['Points an hour at the peak', facts.atPeak ? formatRate(facts.atPeak.pointsPerHour) : '—'],
    ['Comments an hour at the peak', facts.atPeak ? formatRate(facts.atPeak.commentsPerHour) : '—'],
  ];
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2" data-testid="story-facts">
        {rows.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-3 border-b pb-1.5">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="text-right font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-2">
        <h3 className="text-sm font-medium">Heat badge over time</h3>
        {facts.heat.length === 0 ? (
          <p className="text-sm text-muted-foreground">This story has not earned a heat badge.</p>
        ) : (
          <ol className="flex flex-wrap gap-2 text-sm" aria-label="Heat badge over time" data-testid="heat-history">
            {facts.heat.map((change) => (
              <li key={change.time} className="inline-flex items-center gap-1.5 rounded border px-2 py-1">
                {change.level ? <HeatBadge level={change.level} /> : <span className="text-muted-foreground">No badge</span>}
                <span className="text-muted-foreground">{`from ${formatIsoUtc(change.time)}`}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
