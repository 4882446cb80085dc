// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useKeyboardReader } from './keyboard-reader';

afterEach(cleanup);
beforeAll(() => {
  // jsdom lays nothing out.
  Element.prototype.scrollIntoView = () => undefined;
});

interface Props {
  ids?: number[];
  onHelp?: () => void;
  onOpen?: (id: number, link: string) => void;
  onBookmark?: (id: number) => void;
}

/** A list shaped as the story list is: items marked with their story id, a card, its links and bookmark button. */
function Reader({ ids = [1, 2, 3], onHelp = () => undefined, onOpen = () => undefined, onBookmark = () => undefined }: Props) {
  const rootRef = useRef<HTMLDivElement>(null);
  const fallbackRef = useRef<HTMLParagraphElement>(null);
  const [shown, setShown] = useState(ids);
  const { currentId, focusFirstStoryWhenShown } = useKeyboardReader({ rootRef, fallbackRef, shownStories: shown, onHelp });
  return (
    <div ref={rootRef}>
      <input aria-label="Min score" />
      <p ref={fallbackRef} tabIndex={-1}>
        caption
      </p>
      <ol>
        {shown.map((id) => (
          <li key={id} data-story-id={id} data-reader-current={currentId === id || undefined}>
            <article tabIndex={-1} aria-label={`Story ${id}`}>
              <a href="#story" data-story-link="title" onClick={(event) => (event.preventDefault(), onOpen(id, 'title'))}>
                Title {id}
              </a>
              <a href="#comments" data-story-link="comments" onClick={(event) => (event.preventDefault(), onOpen(id, 'comments'))}>
                Comments {id}
              </a>
              <button aria-label="Bookmark" onClick={() => onBookmark(id)} />
            </article>
          </li>
        ))}
      </ol>
      <button
        onClick={() => {
          focusFirstStoryWhenShown();
          setShown([7, 8]);
        }}
      >
        Next page
      </button>
      <button onClick={() => setShown((current) => current.slice(1))}>Drop first</button>
    </div>
  );
}

const card = (id: number) => screen.getByRole('article', { name: `Story ${id}` });
const item = (id: number) => card(id).closest('li')!;

describe('useKeyboardReader', () => {
  it('moves between stories with j and k, focusing and marking the current one', async () => {
    const user = userEvent.setup();
    render(<Reader />);
    await user.keyboard('j');
    expect(document.activeElement).toBe(card(1));
    expect(item(1).hasAttribute('data-reader-current')).toBe(true);
    await user.keyboard('jj');
    expect(document.activeElement).toBe(card(3));
    expect(item(1).hasAttribute('data-reader-current')).toBe(false);
    // The ends hold: j on the last story and k on the first stay.
    await user.keyboard('j');
    expect(document.activeElement).toBe(card(3));
    await user.keyboard('kkk');
    expect(document.activeElement).toBe(card(1));
  });

  it('takes the story holding focus as the current one', async () => {
    const user = userEvent.setup();
    render(<Reader />);
    act(() => screen.getByText('Comments 2').focus());
    expect(item(2).hasAttribute('data-reader-current')).toBe(true);
    await user.keyboard('j');
    expect(document.activeElement).toBe(card(3));
  });

  it('opens the story (o), its comments (c) and bookmarks it (b) through the card’s own links and button', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    const onBookmark = vi.fn();
    render(<Reader onOpen={onOpen} onBookmark={onBookmark} />);
    // Nothing is current yet: o, c and b do nothing.
    await user.keyboard('ocb');
    expect(onOpen).not.toHaveBeenCalled();
    expect(onBookmark).not.toHaveBeenCalled();
    await user.keyboard('jjocb');
    expect(onOpen.mock.calls).toEqual([
      [2, 'title'],
      [2, 'comments'],
    ]);
    expect(onBookmark).toHaveBeenCalledWith(2);
  });

  it('opens help with ?', async () => {
    const user = userEvent.setup();
    const onHelp = vi.fn();
    render(<Reader onHelp={onHelp} />);
    await user.keyboard('?');
    expect(onHelp).toHaveBeenCalledTimes(1);
  });

  it('ignores keys typed into fields, keys with modifiers, and keys while a dialog is open', async () => {
    const user = userEvent.setup();
    const onHelp = vi.fn();
    render(<Reader onHelp={onHelp} />);
    await user.click(screen.getByRole('textbox', { name: 'Min score' }));
    await user.keyboard('j?');
    expect(screen.getByRole('textbox', { name: 'Min score' })).toHaveProperty('value', 'j?');
    expect(onHelp).not.toHaveBeenCalled();
    act(() => (document.activeElement as HTMLElement).blur());

    await user.keyboard('{Control>}j{/Control}{Meta>}j{/Meta}{Alt>}j{/Alt}');
    expect(document.querySelector('[data-reader-current]')).toBeNull();

    const dialog = document.body.appendChild(Object.assign(document.createElement('div'), { role: 'dialog' }));
    dialog.setAttribute('role', 'dialog');
    await user.keyboard('j?');
    expect(document.querySelector('[data-reader-current]')).toBeNull();
    expect(onHelp).not.toHaveBeenCalled();
    dialog.remove();
    await user.keyboard('j');
    expect(document.activeElement).toBe(card(1));
  });

  it('gives focus to the next page’s first story after a page change', async () => {
    const user = userEvent.setup();
    render(<Reader />);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(document.activeElement).toBe(card(7));
    expect(item(7).hasAttribute('data-reader-current')).toBe(true);
  });

  it('does not let focus drop to the body when the focused story leaves the list', async () => {
    const user = userEvent.setup();
    render(<Reader />);
    await user.keyboard('j');
    expect(document.activeElement).toBe(card(1));
    act(() => screen.getByRole('button', { name: 'Drop first' }).click());
    // The current story is gone: the first story now on the list takes focus.
    await waitFor(() => expect(document.activeElement).toBe(card(2)));
  });
});
