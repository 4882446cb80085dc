import { Clock, ExternalLink, MessageSquare, Rocket, Triangle, User } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Story } from '../../../../../common/contracts/stories.ts';
import { showsRisingFast, showsVelocityBadge } from '../../../../../common/rules/featured.ts';
import { heatLevel } from '../../../../../common/rules/heat.ts';
import { itemPageUrl, storyLinkUrl } from '../../../../../common/rules/links.ts';
import { formatCount, pluralise } from '../../../../../common/rules/plural.ts';
import { STORY_TAG_LABELS, storyTags } from '../../../../../common/rules/tags.ts';
import { timeAgoOrRecently } from '../../../../../common/rules/time-ago.ts';
import { MetaItem } from '@/components/meta-item';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { HeatBadge } from './heat-badge';


export interface StoryCardProps {
  story: Story;
  featured: boolean;
  nowMs: number;
  /** Tighter spacing, from the compactView preference. */
  compact?: boolean;
  /** Whether to show the story's website (the showDomains preference). */
  showDomain?: boolean;
  /**
   * Slot for the per-story action buttons (bookmark, share, note, flag, watch), which a later issue adds.
   * The card lays them out at its bottom right; nothing shows while no actions are given.
   */
  actions?: ReactNode;
  /** Called when the title or the comments link is followed (the per-story analytics). */
  onLinkClick?: (link: 'title' | 'comments') => void;
  /** Slot for badges other features add after the card's own (the keyword alert badge). */
  extraBadges?: ReactNode;
}

export function StoryCard({ story, featured, nowMs, compact = false, showDomain = true, actions, onLinkClick, extraBadges }: StoryCardProps) {
  const heat = heatLevel(story, nowMs);
  const tags = storyTags(story);
  const velocity = Math.round(story.scoreVelocity);
  const titleId = `story-${story.id}-title`;

  return (
    <article
      aria-labelledby={titleId}
      data-featured={featured || undefined}
      className={cn(
        'rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md',
        compact ? 'px-4 py-2.5' : 'p-4 sm:p-5',
        featured && 'border-primary/50 bg-gradient-to-br from-orange-50 to-card ring-1 ring-primary/20 dark:from-orange-950/40',
      )}
    >
      <div className="flex flex-wrap items-center gap-1.5">
        {heat && <HeatBadge level={heat} />}
        {featured && showsRisingFast(story.scoreVelocity) && (
          <Badge variant="default">
            <Rocket aria-hidden="true" />
            Rising Fast
          </Badge>
        )}
        {showsVelocityBadge(story.scoreVelocity, featured) && (
          <Badge variant="velocity" title="Points per hour">
            +{velocity}/hr
          </Badge>
        )}
        {tags.map((tag) => (
          <Badge key={tag} variant="tag">
            {STORY_TAG_LABELS[tag]}
          </Badge>
        ))}
        {extraBadges}
      </div>

      <h3 id={titleId} className={cn(compact ? 'mt-1' : 'mt-2', 'font-semibold leading-snug text-balance', featured ? 'text-lg sm:text-xl' : 'text-base')}>
        <a
          href={storyLinkUrl(story)}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-sm hover:text-primary hover:underline focus-visible:underline"
          onClick={onLinkClick && (() => onLinkClick('title'))}
        >
          {story.title}
        </a>
      </h3>

      <div className={cn(compact ? 'mt-1' : 'mt-2', 'flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground')}>
        <MetaItem icon={Triangle} iconClassName="fill-current text-primary" className="font-medium text-foreground">
          {story.score.toLocaleString('en-US')} <span className="font-normal text-muted-foreground">{pluralise(story.score, 'point')}</span>
        </MetaItem>
        <a
          href={itemPageUrl(story.hnId)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 rounded-sm hover:text-foreground hover:underline"
          onClick={onLinkClick && (() => onLinkClick('comments'))}
        >
          <MessageSquare className="size-3.5" aria-hidden="true" />
          {formatCount(story.descendants, 'comment')}
        </a>
        <MetaItem icon={User}>
          {story.by || 'Anonymous'}
        </MetaItem>
        <MetaItem icon={Clock}>
          {timeAgoOrRecently(story.timeAgo)}
        </MetaItem>
        {showDomain && story.domain && (
          <MetaItem icon={ExternalLink}>
            {story.domain}
          </MetaItem>
        )}
        {actions && <div className="ml-auto flex items-center gap-1">{actions}</div>}
      </div>
    </article>
  );
}

export function StoryCardSkeleton() {
  return (
    <div className="rounded-xl border bg-card p-4 shadow-sm sm:p-5" data-testid="story-skeleton">
      <div className="flex gap-2">
        <Skeleton className="h-5 w-16 rounded-full" />
        <Skeleton className="h-5 w-12 rounded-full" />
      </div>
      <Skeleton className="mt-3 h-5 w-4/5" />
      <Skeleton className="mt-3 h-4 w-3/5" />
    </div>
  );
}
