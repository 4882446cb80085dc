import { cn } from '@/lib/utils';

/** What the badge says of a story the demo's replay made up (docs/hn-replay.md), on hover and to a screen reader. */
export const SYNTHETIC_STORY_NOTE = "a made-up story from the demo's replay, not from Hacker News";

/**
 * The quiet mark of a story the demo's replay made up: it carries no news, so no reader may take it for some.
 * Shown wherever the story's card or title is (the lists, its page, a share page).
 */
export function SyntheticBadge({ className }: { className?: string }) {
  return (
    <span
      data-testid="synthetic-badge"
      title={`Demo: ${SYNTHETIC_STORY_NOTE}`}
      className={cn(
        'story-badge rounded border border-dashed px-1 text-[11px] leading-3.5 font-medium tracking-wide text-muted-foreground uppercase',
        className,
      )}
    >
      Demo
      <span className="sr-only">{`: ${SYNTHETIC_STORY_NOTE}`}</span>
    </span>
  );
}
