import {
  ArrowRight,
  BarChart3,
  Bell,
  Bookmark,
  Filter,
  MessageSquare,
  Search,
  Share2,
  Sparkles,
  Triangle,
  type LucideIcon,
} from 'lucide-react';
import type { Accuracy } from '#common/contracts/predictions.ts';
import type { Story } from '#common/contracts/stories.ts';
import { LANDING_HEAT_DIFFERENCE_TEXT, landingHeatLevel } from '#common/rules/heat.ts';
import { itemPageUrl } from '#common/rules/links.ts';
import { formatCount } from '#common/rules/plural.ts';
import { timeAgoOrRecently } from '#common/rules/time-ago.ts';
import { DataAge, useFreshness } from '@/components/data-age';
import { HeatBadge, HeatExplanation } from '@/components/heat-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { SIGN_UP_PATH } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { SAMPLE_SIZE, useMonthAccuracy, useSiteStats, useTrendingSample } from './api';

const FEATURES: readonly { icon: LucideIcon; title: string; text: string }[] = [
  { icon: Filter, title: 'Smart story browsing', text: 'Filter by score, time, domain and trending level, and sort by what is rising fastest.' },
  { icon: Search, title: 'Search with auto-complete', text: 'Find any story by title, domain or author, with suggestions as you type.' },
  { icon: Sparkles, title: 'Trend predictions', text: 'Spot viral stories 3-6 hours before they reach the front page, each with a confidence score.' },
  { icon: Bookmark, title: 'Bookmarks and recommendations', text: 'Keep the stories that matter to you and get personal recommendations.' },
  { icon: Bell, title: 'Keyword alerts', text: 'Hear about it the moment a topic you follow starts trending.' },
  { icon: Share2, title: 'Sharing and collections', text: 'Share stories with preview cards, and collect them into lists you can export.' },
];

/** The landing page's calls to action are for newcomers: they open the sign-in page on Sign Up. */
function SignUpButton({ children, size = 'lg' }: { children: string; size?: 'lg' | 'default' }) {
  return (
    <Button asChild size={size}>
      <a href={SIGN_UP_PATH}>
        {children}
        <ArrowRight aria-hidden="true" />
      </a>
    </Button>
  );
}

export function LandingPage() {
  useDocumentTitle();
  return (
    <div className="grid gap-16 pb-16">
      <section className="mx-auto grid max-w-3xl justify-items-center gap-6 pt-10 text-center sm:pt-16">
        <Badge variant="secondary" className="px-3 py-1 text-sm font-medium">
          <BarChart3 aria-hidden="true" /> Live Hacker News trends
        </Badge>
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          See what Hacker News is talking about <span className="text-primary">before everyone else</span>
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground text-pretty">
          HN Trends follows every story minute by minute, measures how fast points and comments arrive, and shows you what is
          heating up right now.
        </p>
        <SignUpButton>Start Exploring Stories</SignUpButton>
      </section>

      <TrendingNow />

      <section aria-labelledby="stats-heading" className="below-first-screen rounded-2xl border bg-card px-6 py-8 shadow-sm">
        <h2 id="stats-heading" className="sr-only">
          HN Trends in numbers
        </h2>
        <LiveFigures />
      </section>

      <section aria-labelledby="features-heading" className="below-first-screen grid gap-6">
        <h2 id="features-heading" className="text-center text-2xl font-bold sm:text-3xl">
          Everything you need to follow the conversation
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <Icon className="size-6 text-primary" aria-hidden="true" />
                  <CardTitle>{title}</CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section className="below-first-screen grid justify-items-center gap-4 rounded-2xl bg-primary/10 px-6 py-10 text-center dark:bg-primary/15">
        <h2 className="text-2xl font-bold sm:text-3xl">Ready to catch the next big story?</h2>
        <p className="text-muted-foreground">Free to use. No credit card required.</p>
        <SignUpButton>Get Started Free</SignUpButton>
      </section>
    </div>
  );
}

function TrendingNow() {
  const sample = useTrendingSample();
  // Heat as of the sample's answer: the same on the server that rendered the page and in the browser that adopts it.
  const nowMs = sample.dataUpdatedAt;
  return (
    <section aria-labelledby="trending-now-heading" className="mx-auto w-full max-w-3xl">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle level={2} id="trending-now-heading" className="flex items-center gap-2 text-xl">
            <span className="relative flex size-2.5" aria-hidden="true">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-500 opacity-75 motion-reduce:animate-none" />
              <span className="relative inline-flex size-2.5 rounded-full bg-red-500" />
            </span>
            Trending Now
          </CardTitle>
          <HeatExplanation reading="landing" note={LANDING_HEAT_DIFFERENCE_TEXT} />
        </CardHeader>
        <CardContent>
          {sample.isPending ? (
            <ul className="grid gap-3" aria-busy="true" aria-label="Loading trending stories">
              {Array.from({ length: SAMPLE_SIZE }, (_, index) => (
                <li key={index} className="grid gap-2 rounded-lg border p-3" data-testid="trending-skeleton">
                  <Skeleton className="h-4 w-4/5" />
                  <Skeleton className="h-3 w-2/5" />
                </li>
              ))}
            </ul>
          ) : sample.isError || !sample.data?.stories.length ? (
            <NoSampleYet />
          ) : (
            <ul className="grid gap-3">
              {sample.data.stories.map((story) => (
                <TrendingRow key={story.id} story={story} nowMs={nowMs} />
              ))}
            </ul>
          )}
          <DataAge className="mt-3" />
        </CardContent>
      </Card>
    </section>
  );
}

/** With no stories to show, say why: still waiting for the first data, or Hacker News cannot be reached. */
function NoSampleYet() {
  const freshness = useFreshness();
  if (freshness.data?.unreachableSince != null) {
    return <p className="text-sm text-muted-foreground">Hacker News cannot be reached from this server right now, so there are no live stories to show yet.</p>;
  }
  return <p className="text-sm text-muted-foreground">Live stories are on their way. Check back in a minute.</p>;
}

function TrendingRow({ story, nowMs }: { story: Story; nowMs: number }) {
  const velocity = Math.round(story.scoreVelocity);
  const heat = landingHeatLevel(story, nowMs);
  return (
    <li data-testid="trending-row">
      <a
        href={itemPageUrl(story.hnId)}
        target="_blank"
        rel="noopener noreferrer"
        className="grid gap-1.5 rounded-lg border p-3 transition-colors hover:bg-accent"
      >
        <span className="flex items-start justify-between gap-3">
          <span className="font-medium leading-snug">{story.title}</span>
          <HeatBadge level={heat} reading="landing" className="shrink-0" />
        </span>
        <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Triangle className="size-3 fill-current text-primary" aria-hidden="true" />
            {formatCount(story.score, 'point')}
          </span>
          {story.scoreVelocity > 0 && <span className="text-emerald-700 dark:text-emerald-300">+{velocity}/hr</span>}
          {story.descendants > 0 && (
            <span className="inline-flex items-center gap-1">
              <MessageSquare className="size-3" aria-hidden="true" />
              {formatCount(story.descendants, 'comment')}
            </span>
          )}
          <span>{timeAgoOrRecently(story.timeAgo)}</span>
        </span>
      </a>
    </li>
  );
}

interface Figure {
  label: string;
  /** Undefined while it loads. */
  value: string | undefined;
  /** What the figure counts, or its baseline. */
  note?: string;
}

/**
 * The product's own measurements (GET /api/site/stats, and the precision of the last 30 days' "will trend" calls
 * beside the share of all predicted stories that trended), not copy: each says what it counts.
 */
function LiveFigures() {
  const stats = useSiteStats();
  const accuracy = useMonthAccuracy();
  const count = (value: number | undefined) => value?.toLocaleString('en-US');
  const figures: Figure[] = [
    { label: 'Stories followed in the last 30 days', value: count(stats.data?.storiesLast30Days), note: 'Every story posted, minute by minute' },
    { label: 'Readers in the last 24 hours', value: count(stats.data?.readersLast24Hours), note: 'People signed in today' },
    { label: '“Will trend” calls that came true', ...callPrecision(accuracy.data) },
    { label: 'Advanced search and filters', value: '24/7', note: 'Title, site, author, score and dates' },
  ];
  const failed = stats.isError || accuracy.isError;
  return (
    <dl className="grid grid-cols-2 gap-6 text-center md:grid-cols-4" aria-busy={stats.isPending || accuracy.isPending}>
      {figures.map((figure) => (
        // The value first on screen, then its name, then what it counts (a line kept whether or not the note has come,
        // so nothing moves when it does).
        <div key={figure.label} className="flex flex-col gap-1" data-testid="live-figure">
          <dt className="order-2 text-sm text-muted-foreground">{figure.label}</dt>
          <dd data-testid="figure-value" className="order-1 h-9 text-3xl font-bold text-primary tabular-nums">{figure.value ?? <Skeleton className="mx-auto h-8 w-24" />}</dd>
          <dd className="order-3 min-h-4 text-xs text-muted-foreground">{figure.note ?? (failed && figure.value === undefined ? 'Not available right now' : '')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The window's call precision beside its baseline; "—" while no call has settled. */
function callPrecision(accuracy: Accuracy | undefined): Pick<Figure, 'value' | 'note'> {
  if (!accuracy) return { value: undefined };
  const { precision } = accuracy.calls;
  if (precision === null) return { value: '—', note: 'No call settled in the last 30 days yet' };
  const trended = accuracy.alwaysWillNotAccuracy === null ? 'no' : `${(100 - accuracy.alwaysWillNotAccuracy).toFixed(1)}%`;
  return { value: `${precision}%`, note: `Last 30 days; ${trended} of all predicted stories trended` };
}
