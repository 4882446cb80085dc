import { AlertTriangle, ArrowUpRight, Clock, Eye, EyeOff, Flag, Flame, MessageSquare, TrendingUp, Triangle, Zap } from 'lucide-react';
import { toast } from 'sonner';
import { Link } from 'wouter';
import type { Watch } from '#common/contracts/actions.ts';
import { HEAT_LEVEL_NAMES, type WatchStatus } from '#common/rules/heat.ts';
import { itemPageUrl, storyLinkUrl, storyPagePath } from '#common/rules/links.ts';
import { formatCount } from '#common/rules/plural.ts';
import { timeAgoOrRecently } from '#common/rules/time-ago.ts';
import { Badge } from '@/components/ui/badge';
import { MetaItem } from '@/components/meta-item';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { BackLink, PageHeader } from '@/components/page-header';
import { isUnauthorizedError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useUnwatch, useWatches } from './api';

/** The heat badges' names; a story with no badge is simply watched. */
const STATUS_LABELS: Readonly<Record<WatchStatus, string>> = { ...HEAT_LEVEL_NAMES, other: 'Watching' };

const STATUS_ICONS = { viral: Flame, hot: Zap, trending: TrendingUp, rising: ArrowUpRight, other: Eye } as const;

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/** /watched-stories (spec part 1 §2): the stories a person watches, how they have grown, and unwatch. */
export function WatchedStoriesPage() {
  useDocumentTitle('Watched Stories');
  const watches = useWatches();
  const data = watches.data;

  return (
    <div className="grid gap-5">
      <BackLink>Back to Home</BackLink>
      <PageHeader icon={Eye} title="Watched Stories">
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="watches-count">
          {data && `${formatCount(data.count, 'watched story', 'watched stories')}`}
        </p>
      </PageHeader>

      {watches.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading watched stories">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-28 w-full rounded-xl" />
          ))}
        </div>
      ) : watches.isError ? (
        <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-destructive/40 bg-card p-8 text-center">
          <AlertTriangle className="size-8 text-destructive" aria-hidden="true" />
          <h2 className="text-lg font-semibold">Failed to load watched stories</h2>
          <Button variant="outline" onClick={() => void watches.refetch()}>
            Try Again
          </Button>
        </div>
      ) : data && data.watches.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-xl border bg-card p-8 text-center">
          <Eye className="size-8 text-muted-foreground" aria-hidden="true" />
          <h2 className="text-lg font-semibold">No watched stories yet</h2>
          <p className="text-muted-foreground">Watch a story to follow how its score and discussion grow.</p>
          <Button asChild>
            <Link href="/">Browse Stories</Link>
          </Button>
        </div>
      ) : (
        data && (
          <ol className="grid gap-3" aria-label="Watched stories">
            {data.watches.map((watch) => (
              <li key={watch.id}>
                <WatchCard watch={watch} />
              </li>
            ))}
          </ol>
        )
      )}
    </div>
  );
}

function WatchCard({ watch }: { watch: Watch }) {
  const unwatch = useUnwatch();
  const { story } = watch;
  const titleId = `watch-${watch.id}-title`;
  const StatusIcon = STATUS_ICONS[watch.currentStatus];
  const onUnwatch = () =>
    unwatch.mutate(story.id, {
      onSuccess: () => toast.success('Story unwatched'),
      onError: (error) => {
        if (!isUnauthorizedError(error)) toast.error('Failed to unwatch story');
      },
    });

  return (
    <article aria-labelledby={titleId} className="grid gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant={watch.currentStatus === 'other' ? 'outline' : watch.currentStatus} data-status={watch.currentStatus}>
          <StatusIcon aria-hidden="true" />
          {STATUS_LABELS[watch.currentStatus]}
        </Badge>
        {watch.statusChanged && (
          <Badge variant="outline" data-testid="status-changed">
            <Flag aria-hidden="true" className="text-primary" />
            Status changed
          </Badge>
        )}
      </div>
      <h2 id={titleId} className="font-semibold leading-snug text-balance">
        {story.title}
      </h2>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <MetaItem icon={Triangle} iconClassName="fill-current text-primary">
          {formatCount(story.score, 'point')} <span data-testid="score-growth">({signed(watch.scoreGrowth)} since watched)</span>
        </MetaItem>
        <MetaItem icon={MessageSquare}>
          {formatCount(story.descendants, 'comment')} <span data-testid="comments-growth">({signed(watch.commentsGrowth)} since watched)</span>
        </MetaItem>
        <MetaItem icon={Clock}>
          <Link href={storyPagePath(story.id)} className="rounded-sm hover:text-foreground hover:underline">
            {timeAgoOrRecently(story.timeAgo)}
            <span className="sr-only">, history of {story.title}</span>
          </Link>
        </MetaItem>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" asChild>
          <a href={storyLinkUrl(story)} target="_blank" rel="noopener noreferrer">
            Read
            <span className="sr-only">: {story.title}</span>
          </a>
        </Button>
        <Button variant="outline" size="sm" asChild>
          <a href={itemPageUrl(story.hnId)} target="_blank" rel="noopener noreferrer">
            <MessageSquare aria-hidden="true" />
            Comments
            <span className="sr-only">: {story.title}</span>
          </a>
        </Button>
        <Button variant="ghost" size="sm" className="sm:ml-auto" onClick={unwatch.isPending ? undefined : onUnwatch} aria-busy={unwatch.isPending || undefined}>
          <EyeOff aria-hidden="true" />
          Unwatch
          <span className="sr-only">: {story.title}</span>
        </Button>
      </div>
    </article>
  );
}
