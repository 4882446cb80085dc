import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Story } from '#common/contracts/stories.ts';
import { showsRisingFast, showsVelocityBadge } from '#common/rules/featured.ts';
import { heatLevel } from '#common/rules/heat.ts';
import { itemPageUrl, storyLinkUrl, storyPagePath } from '#common/rules/links.ts';
import { groupThousands, pluralise } from '#common/rules/plural.ts';
import { STORY_TAG_LABELS, storyTags } from '#common/rules/tags.ts';
import { shortTimeAgo, timeAgoOrRecently } from '#common/rules/time-ago.ts';
import { Skeleton } from '@/components/ui/skeleton';
import { HeatBadge } from '@/components/heat-badge';
import { SyntheticBadge } from '@/components/synthetic-badge';

export interface StoryCardProps {
  story: Story;
  featured: boolean;
  nowMs: number;
  /** A dense row in a divided list rather than a card of its own, from the compactView preference. */
  compact?: boolean;
  /** Whether to show the story's website (the showDomains preference). */
  showDomain?: boolean;
  /**
   * Slot for the per-story action buttons (story-actions). The card lays them out at its right end; where a mouse
   * points, Bookmark and Share always show and the others on hover and focus; on a phone or a touch screen one
   * button opens them in a sheet (index.css, `.story-actions`). Nothing shows while no actions are given.
   */
  actions?: ReactNode;
  /** Called when the title or the comments link is followed (the per-story analytics). */
  onLinkClick?: (link: 'title' | 'comments') => void;
  /** Opened from this browser before: the title shows in the visited colour, as a visited link does. */
  opened?: boolean;
  /** Not on the list the last time it was shown (since the last visit, or before the last refresh). */
  isNew?: boolean;
  /** Slot for badges other features add after the card's own (the keyword alert badge). */
  extraBadges?: ReactNode;
  /** The story's place in the list as served, counted across pages, shown before the title as on Hacker News. */
  rank?: number;
  /**
   * The title's heading level: 2 in the story list, whose page heading is its only one above; 3 (the default) on
   * pages whose sections have headings of their own. Headings go down one level at a time, for screen readers.
   */
  headingLevel?: 2 | 3;
}

export function StoryCard({
  story,
  featured,
  nowMs,
  compact = false,
  showDomain = true,
  actions,
  onLinkClick,
  opened = false,
  isNew = false,
  extraBadges,
  rank,
  headingLevel = 3,
}: StoryCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const heat = heatLevel(story, nowMs);
  const tags = storyTags(story);
  const velocity = Math.round(story.scoreVelocity);
  const risingFast = featured && showsRisingFast(story.scoreVelocity);
  const titleId = `story-${story.id}-title`;
  const age = timeAgoOrRecently(story.timeAgo);

  return (
    // One story as Hacker News shows it: the title with its site, then one line of facts. The featured rule marks
    // a row with an accent at its edge, at the same size as the others, so the list keeps its rhythm.
    <article
      aria-labelledby={titleId}
      // The keyboard reader focuses the card itself (announced by its title), never by Tab.
      tabIndex={-1}
      data-featured={featured || undefined}
      // The card's styles are classes of index.css (its layer of components), one name each rather than the
      // utilities spelled out on every row of a page: with actions, the card leaves room for them on wider screens.
      className={`story-card ${compact ? 'story-card-compact' : 'story-card-boxed'}${actions ? ' story-card-with-actions' : ''}`}
    >
      {rank !== undefined && <span className="story-rank">{`${rank}.`}</span>}
      {/* break-words: a long domain or word of a title wraps rather than widening a phone's page. */}
      <div className={compact ? 'story-text story-text-compact' : 'story-text story-text-boxed'}>
        {isNew && (
          <span
            data-testid="new-badge"
            className="story-badge mr-1.5 inline-block rounded border border-emerald-700/60 px-1 align-[1px] text-[11px] leading-3.5 font-semibold tracking-wide text-emerald-800 uppercase max-sm:text-[10px] max-sm:leading-3 dark:border-emerald-300/60 dark:text-emerald-200"
          >
            New
          </span>
        )}
        <Heading id={titleId} className={compact ? 'inline text-pretty font-medium' : 'inline text-pretty font-semibold'}>
          <a
            href={storyLinkUrl(story)}
            target="_blank"
            rel="noopener noreferrer"
            data-story-link="title"
            // Opened titles take the visited colour, from the browser's history or the app's own record of them.
            className={opened ? 'story-title-link text-purple-700 dark:text-purple-300' : 'story-title-link'}
            onClick={onLinkClick && (() => onLinkClick('title'))}
          >
            {story.title}
          </a>
        </Heading>
        {/* Spaces, not margins, between the title, the site and the facts: a line may break there. */}{' '}
        {showDomain && story.domain && <span className="story-domain">{`(${story.domain})`}</span>}{' '}
        {/* A compact line is 16 px, a phone's 14 px: badges fit inside it (badges lose their border, the tags' 14 px
            line, a phone's 12 px, plus border is 16 px), so a row with a badge or a tag is exactly as tall as one
            without; a phone's tags are in small letters, narrower. The badges' own sizes, padding and border are
            utilities, so these are too. */}
        <div
          className={
            compact
              ? 'story-meta story-meta-compact [&_[data-slot=badge]]:border-0 [&_[data-slot=badge]]:py-0 max-sm:[&_.story-badge]:py-0 max-sm:[&_.story-badge]:text-[10px] max-sm:[&_.story-badge]:leading-3 max-sm:[&_.story-badge]:tracking-normal max-sm:[&_.story-badge]:normal-case max-sm:[&_[data-slot=badge]]:px-1 max-sm:[&_[data-slot=badge]]:text-[10px] max-sm:[&_[data-slot=badge]]:leading-3'
              : 'story-meta story-meta-boxed [&_[data-slot=badge]]:py-0'
          }
        >
          {/* A phone's compact row shows each fact in short, a mark standing for its words (index.css,
              `.story-words`): the words stay for screen readers, and as the fact's text. */}
          <span className="story-fact" data-icon="triangle">
            <span className="font-medium text-foreground">{groupThousands(story.score)}</span>
            <span className="story-words">{` ${pluralise(story.score, 'point')}`}</span>
          </span>
          <a
            href={itemPageUrl(story.hnId)}
            target="_blank"
            rel="noopener noreferrer"
            data-story-link="comments"
            className="story-fact story-comments-link"
            data-icon="message-square"
            onClick={onLinkClick && (() => onLinkClick('comments'))}
          >
            {groupThousands(story.descendants)}
            <span className="story-words">{` ${pluralise(story.descendants, 'comment')}`}</span>
          </a>
          <span className="story-fact">
            <span className="story-words">by </span>
            {story.by || 'Anonymous'}
          </span>
          {/* The age leads to the story's own page (its history), as the age does on Hacker News. */}
          {/* Its name says where it leads, whether the age shows in words or in short. */}
          <Link
            href={storyPagePath(story.id)}
            className="story-fact story-history-link"
            data-story-link="history"
            aria-label={`${age}, story history`}
            data-short={shortTimeAgo(age)}
          >
            <span className="story-words">{age}</span>
          </Link>
          {heat && <HeatBadge level={heat} />}
          {showsVelocityBadge(story.scoreVelocity, featured) && (
            <span className="story-badge story-velocity" title="Points per hour" data-icon={risingFast ? 'rocket' : undefined}>
              {/* The rocket alone says it on a compact row, which then keeps to one line. */}
              {risingFast && <span className={compact ? 'sr-only' : undefined}>Rising Fast</span>}
              {` +${velocity}/hr`}
            </span>
          )}
          {tags.map((tag) => (
            <span key={tag} className="story-badge rounded border px-1 text-[11px] leading-3.5 font-medium tracking-wide uppercase">
              {STORY_TAG_LABELS[tag]}
            </span>
          ))}
          {story.synthetic && <SyntheticBadge />}
          {extraBadges}
          {actions && <div className="story-actions">{actions}</div>}
        </div>
      </div>
    </article>
  );
}

export function StoryCardSkeleton() {
  return (
    <div className="rounded-xl border bg-card px-4 py-3 shadow-sm" data-testid="story-skeleton">
      <Skeleton className="h-5 w-4/5" />
      <Skeleton className="mt-2 h-4 w-2/5" />
    </div>
  );
}
