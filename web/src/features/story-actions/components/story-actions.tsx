import { createContext, lazy, memo, Suspense, useContext, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Story } from '#common/contracts/stories.ts';
import type { DrawnIcon } from '@/components/drawn-icons';
import { isQueuedWrite, isUnauthorizedError, loginUrl, messageOf } from '@/lib/api';
import { EMAIL_NOT_SENT_YET, fetchEmailNotSent } from '@/lib/email-delivery';
import { trackBookmark } from '../analytics';
import { usePageStatuses, useToggleBookmark, useToggleWatch, type PageStatuses } from '../api';
import { truncateTitle } from '../rules';
import { useMuteWithUndo } from '@/lib/mutes-api';
import { useAppRunning } from '@/lib/app-running';
import { useRenderedForPhone } from '@/lib/rendered-for-phone';

/** Marks a card's hide button, which the story list's `x` key presses. */
export const HIDE_STORY_ATTRIBUTE = 'data-hide-story';

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

const PageStatusesContext = createContext<PageStatuses | null>(null);

/**
 * Around a page of stories: their batch checks (bookmarked, flagged, watched, noted) asked once for the page, which
 * every card's actions inside read, instead of four queries held by each card.
 */
export function StoryActionsScope({ storyIds, signedIn, children }: { storyIds: readonly number[]; signedIn: boolean; children: ReactNode }) {
  const statuses = usePageStatuses(storyIds, signedIn);
  return <PageStatusesContext.Provider value={statuses}>{children}</PageStatusesContext.Provider>;
}

/**
 * A card's action buttons (spec part 1 §2): Bookmark and Share for everyone, last, where they always show; Watch,
 * Note, Flag and the muting ones for signed-in people, before them. Visitors pressing Bookmark or Share go to sign
 * in and come back here. The page's statuses come from the StoryActionsScope around it, or are asked for here when
 * there is none. Memoised: the story list re-renders every second for its refresh countdown, and the props (the
 * story, the page's ids) stay the same.
 */
export const StoryActions = memo(function StoryActions(props: StoryActionsProps) {
  const statuses = useContext(PageStatusesContext);
  if (statuses) return <StoryActionButtons {...props} statuses={statuses} />;
  return props.signedIn ? <StoryActionsOnTheirOwn {...props} /> : <StoryActionButtons {...props} statuses={VISITOR_STATUSES} />;
});

/**
 * A visitor's: the checks are for someone signed in, so none is asked, and none is held either (four queries that
 * would never run were most of the server's query-cache work on a visitor's story page).
 */
const VISITOR_STATUSES: PageStatuses = { notesAnswered: false };

function StoryActionsOnTheirOwn(props: StoryActionsProps) {
  return <StoryActionButtons {...props} statuses={usePageStatuses(props.storyIds, props.signedIn)} />;
}

/** Said of a change the service worker queued while offline (lib/service-worker.ts reports how it went). */
const SAVED_OFFLINE = 'You are offline: the change is sent when the connection is back.';

function StoryActionButtons({ story, signedIn, statuses }: StoryActionsProps & { statuses: PageStatuses }) {
  const bookmarked = statuses.bookmarks?.[story.id] === true;
  const flagged = statuses.flags?.[story.id] === true;
  const watched = statuses.watches?.[story.id] === true;
  const hasNote = statuses.notes?.[story.id] === true;

  const toggleBookmark = useToggleBookmark();
  const toggleWatch = useToggleWatch();
  const queryClient = useQueryClient();
  // The buttons that show only on a hover (wide screens) or in the closed sheet (phones) come once the app runs,
  // but for one whose state is set, which the card keeps in view; Bookmark and Share always show.
  const appRunning = useAppRunning();
  const renderedForPhone = useRenderedForPhone();
  // Which dialog is open, and which have been opened (kept mounted, so a note typed stays until saved).
  const [open, setOpen] = useState<OpenDialog>(null);
  const [mounted, setMounted] = useState<ReadonlySet<Exclude<OpenDialog, null>>>(() => new Set());

  // The button that opened the dialog gets focus back when it closes (the dialogs have no Radix trigger); on a phone,
  // where that button sits in the closed actions sheet, the sheet's own button does.
  const opener = useRef<HTMLElement | null>(null);
  const sheetButton = useRef<HTMLButtonElement>(null);
  const sheetId = useId();
  const openDialog = (dialog: Exclude<OpenDialog, null>) => (event: MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
    setMounted((current) => (current.has(dialog) ? current : new Set(current).add(dialog)));
    setOpen(dialog);
  };
  const onOpenChange = (dialog: Exclude<OpenDialog, null>) => (next: boolean) => setOpen(next ? dialog : null);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    (opener.current?.checkVisibility() ? opener.current : sheetButton.current)?.focus();
  };
  /** A phone's sheet closes once an action is chosen: a dialog it opens must not open under it. */
  const closeSheetAfterChoice = (event: MouseEvent<HTMLDivElement>) => {
    const chosen = (event.target as Element).closest('.story-action');
    if (chosen && !chosen.hasAttribute('popovertarget') && event.currentTarget.matches(':popover-open')) event.currentTarget.hidePopover();
  };

  const askToSignIn = () => window.location.assign(loginUrl(`${window.location.pathname}${window.location.search}`));

  const onBookmark = () => {
    if (!signedIn) return askToSignIn();
    toggleBookmark.mutate(
      { story, bookmarked },
      {
        onSuccess: (data) => {
          const say = (text: string) => (isQueuedWrite(data) ? toast.success(text, { description: SAVED_OFFLINE }) : toast.success(text));
          if (bookmarked) {
            say('Removed from bookmarks');
          } else {
            say('Bookmarked!');
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
        onSuccess: async (data) => {
          if (isQueuedWrite(data)) {
            toast.success(watched ? 'Story Watch Removed' : 'Story Watch Added', { description: withTitle(SAVED_OFFLINE, story.title) });
            return;
          }
          if (watched) {
            toast.success('Story Watch Removed', { description: withTitle("You'll no longer receive notifications for this story.", story.title) });
            return;
          }
          // The promise of an email holds only where the server sends one (SMTP configured).
          const noEmail = await fetchEmailNotSent(queryClient);
          toast.success('Story Watch Added', {
            description: withTitle(
              noEmail ? `${EMAIL_NOT_SENT_YET} It is on your Watched Stories page; emails about it start once the site sets up sending.` : "You'll be notified when this story grows in popularity!",
              story.title,
            ),
          });
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) return;
          toast.error(watched ? 'Failed to Remove Watch' : 'Failed to Watch Story', {
            description: messageOf(error, 'Something went wrong. Please try again.'),
          });
        },
      },
    );
  };

  // Wider screens show the buttons on the card (the sheet is `display: contents` there, index.css); a phone shows
  // one button that opens them in a sheet (the browser's own popover: a tap outside or Escape closes it), so a card
  // spends no row of its own on them.
  return (
    <>
      <button
        ref={sheetButton}
        type="button"
        className="story-action story-actions-toggle"
        aria-label="Story actions"
        popoverTarget={sheetId}
        data-icon="ellipsis"
        data-active={bookmarked || watched || hasNote || flagged || undefined}
      />
      <div id={sheetId} popover="auto" role="group" aria-label={`Actions: ${truncateTitle(story.title)}`} className="story-actions-sheet" onClick={closeSheetAfterChoice}>
        {/* A phone's sheet is closed until its button is used, which waits for the app. */}
        {!renderedForPhone && <p className="story-actions-sheet-title">{truncateTitle(story.title)}</p>}
      {signedIn && (appRunning || watched) && (
        <ActionButton
          label={watched ? 'Stop watching' : 'Watch story'}
          pressed={watched}
          busy={toggleWatch.isPending}
          onClick={onWatch}
          active={watched}
          // The icon shows the state, as Bookmark's does: an open eye, tinted and filled while watching.
          icon={watched ? 'eye-filled' : 'eye'}
        />
      )}
      {signedIn && (appRunning || hasNote) && (
        <ActionButton
          label={hasNote ? 'Edit note' : 'Add note'}
          onClick={openDialog('note')}
          onPointerEnter={() => void loadDialogs()}
          active={hasNote}
          haspopup
          icon="notebook-pen"
        />
      )}
      {signedIn && (appRunning || flagged) && (
        <ActionButton
          label={flagged ? 'Flagged for review' : 'Flag story'}
          disabled={flagged}
          onClick={openDialog('flag')}
          onPointerEnter={() => void loadDialogs()}
          active={flagged}
          haspopup
          icon="flag"
        />
      )}
      {signedIn && appRunning && <MuteButtons story={story} />}
      {!renderedForPhone && (
        <>
          <ActionButton
            label={bookmarked ? 'Remove bookmark' : 'Bookmark'}
            pressed={signedIn ? bookmarked : undefined}
            busy={toggleBookmark.isPending}
            onClick={onBookmark}
            active={bookmarked}
            icon={bookmarked ? 'bookmark-check' : 'bookmark'}
            alwaysShown
          />
          <ActionButton
            label="Share"
            onClick={signedIn ? openDialog('share') : askToSignIn}
            onPointerEnter={signedIn ? () => void loadDialogs() : undefined}
            haspopup={signedIn}
            icon="share"
            alwaysShown
          />
        </>
      )}
      </div>

      {mounted.size > 0 && (
        <Suspense fallback={null}>
          {mounted.has('note') && (
            <NoteDialog
              story={story}
              knownToHaveNone={statuses.notesAnswered && !hasNote}
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
}

/**
 * Hide this story (one press, or `x` on the list: the keyboard reader presses it by HIDE_STORY_ATTRIBUTE), and a menu
 * to mute its domain or its author. The menu is the browser's own popover (Escape and a click outside close it), so
 * the list's bundle carries no menu library.
 */
function MuteButtons({ story }: { story: Story }) {
  const muteWithUndo = useMuteWithUndo();
  const menuId = useId();
  const closeMenu = () => document.getElementById(menuId)?.hidePopover();
  const items = [
    ...(story.domain ? [{ label: `Mute ${story.domain}`, rule: { kind: 'domain' as const, value: story.domain }, done: `Muted ${story.domain}` }] : []),
    ...(story.by ? [{ label: `Mute ${story.by}`, rule: { kind: 'author' as const, value: story.by }, done: `Muted stories by ${story.by}` }] : []),
  ];
  return (
    <>
      <ActionButton
        label="Hide this story"
        icon="eye-off"
        hideStory
        onClick={() => muteWithUndo({ kind: 'story', value: String(story.id) }, 'Story hidden')}
      />
      {items.length > 0 && (
        <>
          <ActionButton label="More muting" icon="ellipsis" popoverTarget={menuId} />
          <div id={menuId} popover="auto" role="menu" aria-label="More muting" className="min-w-56 rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg">
            {items.map((item) => (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                className="block w-full truncate rounded-md px-3 py-2 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                onClick={() => {
                  closeMenu();
                  muteWithUndo(item.rule, item.done);
                }}
              >
                {item.label}
              </button>
            ))}
          </div>
        </>
      )}
    </>
  );
}

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
  icon: DrawnIcon;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
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
  /** The story's hide button, which the keyboard reader's `x` presses. */
  hideStory?: boolean;
  /** Opens the popover of this id (a menu). */
  popoverTarget?: string;
  /** Shown on the card without a hover (Bookmark and Share "appear for everyone"); the others wait for one. */
  alwaysShown?: boolean;
}

/**
 * An icon button with an accessible name and a tooltip carrying the same words (`.story-action` in index.css: the
 * tooltip is the button's own `::after`, so no element or script of its own on each of a page's many buttons, and no
 * positioning code; Radix's tooltip would bring floating-ui into the main bundle every visitor downloads). A plain
 * button with one class: a page has 125 of them.
 */
function ActionButton({ label, icon, onClick, onPointerEnter, pressed, active, busy, disabled, haspopup, hideStory, popoverTarget, alwaysShown }: ActionButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      aria-haspopup={haspopup ? 'dialog' : popoverTarget ? 'menu' : undefined}
      popoverTarget={popoverTarget}
      {...{ [HIDE_STORY_ATTRIBUTE]: hideStory || undefined }}
      aria-busy={busy || undefined}
      data-tip={label}
      data-icon={icon}
      data-active={active || undefined}
      data-always-shown={alwaysShown || undefined}
      className={`story-action${active ? ' text-primary hover:text-primary' : ''}${disabled ? ' cursor-not-allowed opacity-50 hover:bg-transparent' : ''}`}
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
    />
  );
}
