import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** What each key of the keyboard reader does, in the order the shortcuts dialog lists them. */
export const KEYBOARD_SHORTCUTS = [
  { key: 'j', command: 'next', description: 'Next story' },
  { key: 'k', command: 'previous', description: 'Previous story' },
  { key: 'o', command: 'open', description: 'Open the story' },
  { key: 'c', command: 'comments', description: 'Open its comments' },
  { key: 'b', command: 'bookmark', description: 'Bookmark it, or remove the bookmark' },
  { key: 'x', command: 'hide', description: 'Hide it (signed in; undo in the message)' },
  { key: '?', command: 'help', description: 'Show these shortcuts' },
] as const;

export type ReaderCommand = (typeof KEYBOARD_SHORTCUTS)[number]['command'];

const COMMANDS: ReadonlyMap<string, ReaderCommand> = new Map(KEYBOARD_SHORTCUTS.map(({ key, command }) => [key, command]));

/** Where a key is text being typed: fields, selects and anything editable keep their keys. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}

/**
 * The reader's command for a key press, or null when the press is not for the reader: a key with Ctrl, Alt or
 * Meta (the browser's and the system's shortcuts), a key typed into a field, a key pressed while a dialog is
 * open (the dialog owns the keyboard), or a key something else has already handled. Shift is allowed, as `?`
 * needs it on most layouts.
 */
export function readerCommand(event: KeyboardEvent): ReaderCommand | null {
  if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return null;
  if (isTyping(event.target) || document.querySelector('[role="dialog"], [role="alertdialog"]')) return null;
  return COMMANDS.get(event.key) ?? null;
}

/** Marks a list item (`data-story-id`) as a story the reader moves between; its value is the story's id. */
export const STORY_ITEM_ATTRIBUTE = 'data-story-id';
/** Marks a card's links (`data-story-link`, set by StoryCard): `title` (the story) and `comments`. */
export const STORY_LINK_ATTRIBUTE = 'data-story-link';

const storyIdOf = (item: Element) => Number(item.getAttribute(STORY_ITEM_ATTRIBUTE));

const BOOKMARK_BUTTON = 'button[aria-label="Bookmark"], button[aria-label="Remove bookmark"]';
/** The card's hide button (story-actions.tsx, HIDE_STORY_ATTRIBUTE): only signed-in people's cards have one. */
const HIDE_BUTTON = 'button[data-hide-story]';

export interface KeyboardReaderOptions {
  /** The list's whole area: the stories, and what stays on screen while they load (the fallback). */
  rootRef: RefObject<HTMLElement | null>;
  /** Focused when focus would otherwise be lost and no story is on screen (focusable with tabIndex -1). */
  fallbackRef: RefObject<HTMLElement | null>;
  /** Changes whenever the stories shown change (the page's data): a pending "focus the first story" applies then. */
  shownStories: unknown;
  /** `?`: open the shortcuts dialog. */
  onHelp: () => void;
}

/**
 * The keyboard reader of a story list (`j`/`k` move, `o` opens, `c` opens the comments, `b` bookmarks, `?` lists
 * the shortcuts). The current story is the one holding focus: moving focuses its card (an `<article>` labelled by
 * its title, so screen readers announce it), and tabbing into a card makes it current too. `b` presses the card's
 * own bookmark button, so it does what that button does (for a visitor, it asks them to sign in).
 *
 * Focus never drops to the page body: when the focused element leaves the page (a refresh that drops the focused
 * story, a page change re-rendering the list), the current story, else the first, else the fallback takes focus;
 * after `focusFirstStoryWhenShown` (a page change) the new page's first story takes it once it shows.
 */
export function useKeyboardReader({ rootRef, fallbackRef, shownStories, onHelp }: KeyboardReaderOptions) {
  const [currentId, setCurrentId] = useState<number | null>(null);
  const currentRef = useRef(currentId);
  currentRef.current = currentId;
  const onHelpRef = useRef(onHelp);
  onHelpRef.current = onHelp;
  const pendingFirst = useRef(false);

  const items = useCallback(
    () => [...(rootRef.current?.querySelectorAll<HTMLElement>(`[${STORY_ITEM_ATTRIBUTE}]`) ?? [])],
    [rootRef],
  );

  const focusItem = useCallback((item: HTMLElement | undefined, options?: { scroll: boolean }) => {
    const card = item?.querySelector<HTMLElement>('article');
    if (!item || !card) return false;
    card.focus({ preventScroll: true });
    if (options?.scroll !== false) card.scrollIntoView({ block: 'nearest' });
    setCurrentId(storyIdOf(item));
    return true;
  }, []);

  /** Focuses the current story, else the first, else the fallback. */
  const focusCurrentOrFallback = useCallback(
    (scroll: boolean) => {
      const list = items();
      const current = list.find((item) => storyIdOf(item) === currentRef.current) ?? list[0];
      if (!focusItem(current, { scroll })) fallbackRef.current?.focus({ preventScroll: true });
    },
    [items, focusItem, fallbackRef],
  );

  useEffect(() => {
    const currentItem = (list: HTMLElement[]) => {
      const focused = document.activeElement;
      const holding = list.findIndex((item) => item.contains(focused));
      if (holding >= 0) return holding;
      return list.findIndex((item) => storyIdOf(item) === currentRef.current);
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const command = readerCommand(event);
      if (!command) return;
      const list = items();
      const index = currentItem(list);
      const current = list[index];
      switch (command) {
        case 'next':
          focusItem(list[index < 0 ? 0 : Math.min(index + 1, list.length - 1)]);
          break;
        case 'previous':
          focusItem(list[Math.max(index - 1, 0)]);
          break;
        case 'open':
        case 'comments':
          current?.querySelector<HTMLElement>(`[${STORY_LINK_ATTRIBUTE}="${command === 'open' ? 'title' : 'comments'}"]`)?.click();
          break;
        case 'bookmark':
          current?.querySelector<HTMLElement>(BOOKMARK_BUTTON)?.click();
          break;
        case 'hide':
          current?.querySelector<HTMLElement>(HIDE_BUTTON)?.click();
          break;
        case 'help':
          onHelpRef.current();
          break;
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [items, focusItem]);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    // Whether focus is in the list's area: a render that removes or disables the focused element leaves focus
    // on the body (browsers differ on whether they even say so with a focusout), so each change of the area's
    // elements is checked while it holds focus.
    let holdsFocus = root.contains(document.activeElement);
    const lostFocus = () => {
      const active = document.activeElement;
      return active === null || active === document.body || (root.contains(active) && active.matches(':disabled'));
    };
    const onFocusIn = (event: FocusEvent) => {
      holdsFocus = true;
      const item = (event.target as Element).closest(`[${STORY_ITEM_ATTRIBUTE}]`);
      if (item && root.contains(item)) setCurrentId(storyIdOf(item));
    };
    const onFocusOut = (event: FocusEvent) => {
      const lost = event.target as Element;
      if (event.relatedTarget) {
        holdsFocus = root.contains(event.relatedTarget as Node);
        return;
      }
      // Focus went nowhere: left on purpose (a click on the page's background) when the element is still
      // there and usable, else taken away by a render.
      requestAnimationFrame(() => {
        if (!lostFocus()) return;
        if (lost.isConnected && !lost.matches(':disabled')) holdsFocus = false;
        else focusCurrentOrFallback(false);
      });
    };
    const observer = new MutationObserver(() => {
      if (holdsFocus && lostFocus()) focusCurrentOrFallback(false);
    });
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('focusout', onFocusOut);
    return () => {
      observer.disconnect();
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
    };
  }, [rootRef, focusCurrentOrFallback]);

  useEffect(() => {
    if (!pendingFirst.current) return;
    if (focusItem(items()[0], { scroll: false })) pendingFirst.current = false;
  }, [shownStories, items, focusItem]);

  /** After a page change: the new page's first story takes focus as soon as it shows (the page scrolls itself). */
  const focusFirstStoryWhenShown = useCallback(() => {
    pendingFirst.current = true;
  }, []);

  /**
   * Gives focus back when a dialog opened from the list closes: to `previous` (what had it before), or when that
   * is gone, to the current story, else the first, else the fallback.
   */
  const restoreFocus = useCallback(
    (previous: Element | null) => {
      if (previous instanceof HTMLElement && previous.isConnected && previous !== document.body) previous.focus();
      else focusCurrentOrFallback(true);
    },
    [focusCurrentOrFallback],
  );

  return { currentId, focusFirstStoryWhenShown, restoreFocus };
}
