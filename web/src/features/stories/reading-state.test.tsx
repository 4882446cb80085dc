// @vitest-environment jsdom
import { act, cleanup, render, renderHook } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_OPENED_STORIES, MAX_REMEMBERED_VIEWS, recordOpened, useHideOpened, useNewSinceLastVisit, useOpenedStories } from './reading-state';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('opened stories', () => {
  it('remembers each opened story with when it was opened, and tells every reader', () => {
    const { result } = renderHook(() => useOpenedStories());
    expect(result.current.size).toBe(0);
    act(() => recordOpened(7, 1000));
    act(() => recordOpened(9, 2000));
    expect([...result.current]).toEqual([
      [7, 1000],
      [9, 2000],
    ]);
    // Opening again moves it to the most recent.
    act(() => recordOpened(7, 3000));
    expect([...result.current]).toEqual([
      [9, 2000],
      [7, 3000],
    ]);
  });

  it(`keeps the ${MAX_OPENED_STORIES} most recent only`, () => {
    for (let id = 1; id <= MAX_OPENED_STORIES + 5; id++) recordOpened(id, id);
    const { result } = renderHook(() => useOpenedStories());
    expect(result.current.size).toBe(MAX_OPENED_STORIES);
    expect(result.current.has(5)).toBe(false);
    expect(result.current.has(6)).toBe(true);
  });

  it('reads damaged storage as nothing opened', () => {
    localStorage.setItem('hn-trends:opened-stories', '{not json');
    const { result } = renderHook(() => useOpenedStories());
    expect(result.current.size).toBe(0);
  });

  it('renders on the server as if nothing were remembered (the page hydrates the same)', () => {
    recordOpened(7, 1000);
    localStorage.setItem('hn-trends:hide-opened', 'true');
    function Probe() {
      const opened = useOpenedStories();
      const [hide] = useHideOpened();
      return <p>{`${opened.size} ${hide}`}</p>;
    }
    expect(renderToString(<Probe />)).toContain('0 false');
    expect(render(<Probe />).container.textContent).toBe('1 true');
  });
});

describe('hide stories I opened', () => {
  it('is off until switched on, and stays on in this browser', () => {
    const first = renderHook(() => useHideOpened());
    expect(first.result.current[0]).toBe(false);
    act(() => first.result.current[1](true));
    expect(first.result.current[0]).toBe(true);
    first.unmount();
    expect(renderHook(() => useHideOpened()).result.current[0]).toBe(true);
  });
});

describe('useNewSinceLastVisit', () => {
  const view = (key: string, ids: readonly number[] | undefined) =>
    renderHook(({ k, i }) => useNewSinceLastVisit(k, i), { initialProps: { k: key, i: ids } });

  it('marks nothing the first time a view is shown', () => {
    const { result } = view('trending|3d|10|1', [1, 2, 3]);
    expect(result.current.size).toBe(0);
  });

  it('marks the stories that were not on the view the last time (a refresh, or the next visit)', () => {
    const { result, rerender, unmount } = view('trending|3d|10|1', [1, 2, 3]);
    // An auto-refresh brings 4 and drops 3.
    rerender({ k: 'trending|3d|10|1', i: [4, 1, 2] });
    expect([...result.current]).toEqual([4]);
    // The next refresh compares with the list just shown.
    rerender({ k: 'trending|3d|10|1', i: [4, 1, 2, 5] });
    expect([...result.current]).toEqual([5]);
    unmount();
    // The next visit compares with the last list this browser showed.
    expect([...view('trending|3d|10|1', [6, 4, 1, 2, 5]).result.current]).toEqual([6]);
  });

  it('keeps each view apart, and waits while the shown list is not the view’s own', () => {
    const { result, rerender } = view('trending|3d|10|1', [1, 2]);
    rerender({ k: 'score|3d|10|1', i: undefined });
    expect(JSON.parse(localStorage.getItem('hn-trends:last-shown-lists')!)).not.toHaveProperty(['score|3d|10|1']);
    rerender({ k: 'score|3d|10|1', i: [9, 8] });
    expect(result.current.size).toBe(0);
    rerender({ k: 'trending|3d|10|1', i: [3, 1, 2] });
    expect([...result.current]).toEqual([3]);
  });

  it(`remembers the ${MAX_REMEMBERED_VIEWS} most recently shown views`, () => {
    const { rerender } = view('view-0', [1]);
    for (let n = 1; n <= MAX_REMEMBERED_VIEWS; n++) rerender({ k: `view-${n}`, i: [n] });
    const stored = JSON.parse(localStorage.getItem('hn-trends:last-shown-lists')!);
    expect(Object.keys(stored)).toHaveLength(MAX_REMEMBERED_VIEWS);
    expect(stored).toHaveProperty([`view-${MAX_REMEMBERED_VIEWS}`]);
  });
});
