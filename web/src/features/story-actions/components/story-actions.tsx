import { Bookmark, BookmarkCheck, Eye, Flag, NotebookPen, Share2 } from 'lucide-react';
import { lazy, memo, Suspense, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { Story } from '../../../../../common/contracts/stories.ts';
import { Button } from '@/components/ui/button';
import { isUnauthorizedError, loginUrl, messageOf } from '@/lib/api';
import { cn } from '@/lib/utils';
import { trackBookmark } from '../analytics';
import { useBatchStatus, useToggleBookmark, useToggleWatch } from '../api';
import { truncateTitle } from '../rules';

// The dialogs are downloaded together on first open: the story list itself carries only these buttons.
const loadDialogs = () => import('./dialogs');
const NoteDialog = lazy(async () => ({ default: (await loadDialogs()).NoteDialog }));
const FlagDialog = lazy(async () => ({ default: (await loadDialogs()).FlagDialog }));
const ShareDialog = lazy(async () => ({ default: (await loadDialogs()).ShareDialog }));

export interface StoryActionsProps {
  story: Story;
  /** The ids of every story on the page: the batch status calls ask about all of them at once. */
  storyIds: readonly number[];
  signedIn: boolean;
}

type OpenDialog = 'note' | 'flag' | 'share' | null;

/**
 * A card's action buttons (spec part 1 §2): Bookmark and Share for everyone; Note, Flag and Watch for signed-in
 * people. Visitors pressing Bookmark or Share go to sign in and come back here. Memoised: the story list
 * re-renders every second for its refresh countdown, and the props (the story, the page's ids) stay the same.
 */
export const StoryActions = memo(function StoryActions({ story, storyIds, signedIn }: StoryActionsProps) {
  const bookmarks = useBatchStatus('bookmarks', storyIds, signedIn);
  const flags = useBatchStatus('flags', storyIds, signedIn);
  const watches = useBatchStatus('watches', storyIds, signedIn);
  const notes = useBatchStatus('notes', storyIds, signedIn);
  const bookmarked = bookmarks.data?.[story.id] === true;
  const flagged = flags.data?.[story.id] === true;
  const watched = watches.data?.[story.id] === true;
  const hasNote = notes.data?.[story.id] === true;

  const toggleBookmark = useToggleBookmark();
  const toggleWatch = useToggleWatch();
  // Which dialog is open, and which have been opened (kept mounted, so a note typed stays until saved).
  const [open, setOpen] = useState<OpenDialog>(null);
  const [mounted, setMounted] = useState<ReadonlySet<Exclude<OpenDialog, null>>>(() => new Set());

  // The button that opened the dialog gets focus back when it closes (the dialogs have no Radix trigger).
  const opener = useRef<HTMLElement | null>(null);
  const openDialog = (dialog: Exclude<OpenDialog, null>) => (event: MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
    setMounted((current) => (current.has(dialog) ? current : new Set(current).add(dialog)));
    setOpen(dialog);
  };
  const onOpenChange = (dialog: Exclude<OpenDialog, null>) => (next: boolean) => setOpen(next ? dialog : null);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    opener.current?.focus();
  };

  const askToSignIn = () => window.location.assign(loginUrl(`${window.location.pathname}${window.location.search}`));

  const onBookmark = () => {
    if (!signedIn) return askToSignIn();
    toggleBookmark.mutate(
      { story, bookmarked },
      {
        onSuccess: () => {
          if (bookmarked) {
            toast.success('Removed from bookmarks');
          } else {
            toast.success('Bookmarked!');
            trackBookmark(story);
          }
        },
        onError: (error) => {
          if (!isUnauthorizedError(error)) toast.error('Failed to update bookmark. Please try again.');
        },
      },
    );
  };

  const onWatch = () => {
    toggleWatch.mutate(
      { story, watched },
      {
        onSuccess: () =>
          watched
            ? toast.success('Story Watch Removed', {
                description: withTitle("You'll no longer receive notifications for this story.", story.title),
              })
            : toast.success('Story Watch Added', {
                description: withTitle("You'll be notified when this story grows in popularity!", story.title),
              }),
        onError: (error) => {
          if (isUnauthorizedError(error)) return;
          toast.error(watched ? 'Failed to Remove Watch' : 'Failed to Watch Story', {
            description: messageOf(error, 'Something went wrong. Please try again.'),
          });
        },
      },
    );
  };

  return (
    <>
      <ActionButton
        label={bookmarked ? 'Remove bookmark' : 'Bookmark'}
        pressed={signedIn ? bookmarked : undefined}
        busy={toggleBookmark.isPending}
        onClick={onBookmark}
        active={bookmarked}
      >
        {bookmarked ? <BookmarkCheck /> : <Bookmark />}
      </ActionButton>
      {signedIn && (
        <>
          <ActionButton
            label={watched ? 'Stop watching' : 'Watch story'}
            pressed={watched}
            busy={toggleWatch.isPending}
            onClick={onWatch}
            active={watched}
          >
            {/* The icon shows the state, as Bookmark's does: an open eye, tinted and filled while watching. */}
            <Eye className={cn(watched && 'fill-current/20')} />
          </ActionButton>
          <ActionButton
            label={hasNote ? 'Edit note' : 'Add note'}
            onClick={openDialog('note')}
            onPointerEnter={() => void loadDialogs()}
            active={hasNote}
            haspopup
          >
            <NotebookPen />
          </ActionButton>
          <ActionButton
            label={flagged ? 'Flagged for review' : 'Flag story'}
            disabled={flagged}
            onClick={openDialog('flag')}
            onPointerEnter={() => void loadDialogs()}
            active={flagged}
            haspopup
          >
            <Flag />
          </ActionButton>
        </>
      )}
      <ActionButton
        label="Share"
        onClick={signedIn ? openDialog('share') : askToSignIn}
        onPointerEnter={signedIn ? () => void loadDialogs() : undefined}
        haspopup={signedIn}
      >
        <Share2 />
      </ActionButton>

      {mounted.size > 0 && (
        <Suspense fallback={null}>
          {mounted.has('note') && (
            <NoteDialog
              story={story}
              knownToHaveNone={notes.isSuccess && !hasNote}
              open={open === 'note'}
              onOpenChange={onOpenChange('note')}
              onCloseAutoFocus={returnFocus}
            />
          )}
          {mounted.has('flag') && <FlagDialog story={story} open={open === 'flag'} onOpenChange={onOpenChange('flag')} onCloseAutoFocus={returnFocus} />}
          {mounted.has('share') && <ShareDialog story={story} open={open === 'share'} onOpenChange={onOpenChange('share')} onCloseAutoFocus={returnFocus} />}
        </Suspense>
      )}
    </>
  );
});

function withTitle(message: string, title: string): ReactNode {
  return (
    <>
      {message}
      <span className="mt-1 block italic">{truncateTitle(title)}</span>
    </>
  );
}

interface ActionButtonProps {
  label: string;
  children: ReactNode;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  onPointerEnter?: () => void;
  /** For toggles: whether it is on (aria-pressed). */
  pressed?: boolean;
  /** Highlighted (the state is set); the card keeps such a button in view when it hides the others until hover. */
  active?: boolean;
  busy?: boolean;
  /** Shown but not usable (aria-disabled, so it stays focusable and keeps its tooltip). */
  disabled?: boolean;
  /** Opens a dialog. */
  haspopup?: boolean;
}

/**
 * An icon button with an accessible name and a tooltip carrying the same words. The tooltip is the button's own
 * `::after`, drawn by CSS from `data-tip` (shown on hover and keyboard focus, hidden by Escape): no element or
 * script of its own on each of a page's many buttons, and no positioning code (Radix's tooltip would bring
 * floating-ui into the main bundle every visitor downloads, as its provider lives there).
 */
function ActionButton({ label, children, onClick, onPointerEnter, pressed, active, busy, disabled, haspopup }: ActionButtonProps) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      aria-pressed={pressed}
      aria-haspopup={haspopup ? 'dialog' : undefined}
      aria-busy={busy || undefined}
      data-tip={label}
      data-active={active || undefined}
      className={cn(
        // 44 px where fingers are the pointer (WCAG 2.5.5's target size); a mouse needs less room.
        'relative size-8 text-muted-foreground hover:text-foreground pointer-coarse:size-11',
        'after:pointer-events-none after:absolute after:right-0 after:bottom-full after:z-10 after:mb-1.5 after:hidden after:rounded-md after:bg-foreground after:px-2.5 after:py-1 after:text-xs after:font-normal after:whitespace-nowrap after:text-background after:shadow-md after:content-[attr(data-tip)] hover:after:block focus-visible:after:block data-[tip-hidden]:after:!hidden',
        active && 'text-primary hover:text-primary',
        disabled && 'cursor-not-allowed opacity-50 hover:bg-transparent',
      )}
      aria-disabled={disabled || undefined}
      // While a change is under way further presses wait (the button keeps focus, unlike a disabled one).
      onClick={busy || disabled ? undefined : onClick}
      onPointerEnter={onPointerEnter}
      onFocus={onPointerEnter}
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.currentTarget.setAttribute('data-tip-hidden', '');
      }}
      onBlur={(event) => event.currentTarget.removeAttribute('data-tip-hidden')}
      onPointerLeave={(event) => event.currentTarget.removeAttribute('data-tip-hidden')}
    >
      {children}
    </Button>
  );
}
