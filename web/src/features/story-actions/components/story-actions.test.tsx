// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FIRST_SCREEN_KEY } from '@/lib/rendered-for-phone';
import { hydrateAsSent, serverRenderedInto } from '@/test/server-rendered';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Story } from '#common/contracts/stories.ts';
import { NoteDialog } from './note-dialog';
import { batchStatusKey, type StatusKind } from '../api';
import { StoryActions, StoryActionsScope } from './story-actions';

const { toastSuccess, toastError } = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('sonner', () => ({ toast: { success: toastSuccess, error: toastError } }));

const story = (id: number): Story => ({
  id,
  hnId: 1000 + id,
  title: `Story ${id}`,
  url: `https://example.com/${id}`,
  score: 50,
  descendants: 5,
  by: 'pg',
  time: 0,
  timeAgo: '1 hour ago',
  domain: 'example.com',
  scoreVelocity: 1,
  commentsVelocity: 0,
  trendingScore: 1,
});

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function withClient(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

let fetchMock: ReturnType<typeof vi.fn>;
// The cards as a wider screen lays them out (index.css): the buttons on the card, no phone sheet or its button.
const WIDE_SCREEN = Object.assign(document.createElement('style'), {
  textContent: '.story-actions-sheet { display: contents !important; } .story-actions-toggle, .story-actions-sheet-title { display: none; }',
});
beforeEach(() => {
  document.head.append(WIDE_SCREEN);
  fetchMock = vi.fn((path: string) => {
    if (path === '/api/bookmarks/check-batch') return json({ bookmarkStatuses: { 1: true, 2: false, 3: false } });
    if (path === '/api/content-flags/check-batch') return json({ flagStatuses: { 1: false, 2: true, 3: false } });
    if (path === '/api/story-watches/check-batch') return json({ watchStatuses: { 1: false, 2: false, 3: true } });
    if (path === '/api/story-notes/check-batch') return json({ noteStatuses: { 1: false, 2: false, 3: false } });
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/**
 * A signed-in card's actions (story 1, watched) as the server renders them, in the page; `hydrate` hydrates them as
 * the app does and gives back how to take them down.
 */
function client() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const answers: Record<StatusKind, Record<string, boolean>> = { bookmarks: { 1: false }, flags: { 1: false }, watches: { 1: true }, notes: { 1: false } };
  for (const [kind, answer] of Object.entries(answers)) queryClient.setQueryData(batchStatusKey(kind as StatusKind, [1]), answer);
  return queryClient;
}

function serverRendered(queryClient: QueryClient) {
  const page = (
    <QueryClientProvider client={queryClient}>
      <StoryActionsScope storyIds={[1]} signedIn>
        <StoryActions story={story(1)} storyIds={[1]} signedIn />
      </StoryActionsScope>
    </QueryClientProvider>
  );
  const container = serverRenderedInto(page);
  const labels = () => [...container.querySelectorAll('button.story-action:not(.story-actions-toggle)')].map((button) => button.getAttribute('aria-label'));
  const hydrate = () => hydrateAsSent(container, page);
  return { container, labels, hydrate };
}

const paths = () => fetchMock.mock.calls.map(([path]) => path as string);

describe('StoryActions', () => {
  it.each([
    ['each card asking', false],
    ['the page asking once in a StoryActionsScope', true],
  ])('asks each batch check once for all the cards of a page, and shows each card its state (%s)', async (_, scoped) => {
    const ids = [1, 2, 3];
    const cards = ids.map((id) => (
      <div key={id} data-testid={`card-${id}`}>
        <StoryActions story={story(id)} storyIds={ids} signedIn />
      </div>
    ));
    render(
      withClient(
        scoped ? (
          <StoryActionsScope storyIds={ids} signedIn>
            {cards}
          </StoryActionsScope>
        ) : (
          cards
        ),
      ),
    );
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Remove bookmark' })).toHaveLength(1));
    expect(paths().sort()).toEqual(['/api/bookmarks/check-batch', '/api/content-flags/check-batch', '/api/story-notes/check-batch', '/api/story-watches/check-batch']);
    const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string));
    expect(bodies.every((body) => JSON.stringify(body) === '{"storyIds":[1,2,3]}')).toBe(true);

    expect(screen.getByRole('button', { name: 'Remove bookmark' })).toHaveProperty('ariaPressed', 'true');
    // Story 2 is flagged: its flag button is disabled; the others can flag.
    expect(screen.getByRole('button', { name: 'Flagged for review' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getAllByRole('button', { name: 'Flag story' })).toHaveLength(2);
    const stopWatching = screen.getByRole('button', { name: 'Stop watching' });
    expect(stopWatching).toHaveProperty('ariaPressed', 'true');
    // Shown as on the way Bookmark is: tinted, with the same eye as the off state (not a crossed-out one).
    expect(stopWatching.className).toContain('text-primary');
    expect(stopWatching.getAttribute('data-icon')).toBe('eye-filled');
    expect(screen.getAllByRole('button', { name: 'Add note' })).toHaveLength(3);
  });

  it('bookmarks on a press: busy until the answer (a second press meanwhile sends nothing), then the toast and the new state', async () => {
    let bookmarked = false;
    let answer: () => void = () => undefined;
    fetchMock.mockImplementation((path: string, init?: RequestInit) => {
      if (path === '/api/bookmarks' && init?.method === 'POST') return new Promise<Response>((resolve) => (answer = () => void json({ bookmark: {} }, 201).then(resolve)));
      if (path === '/api/bookmarks/check-batch') return json({ bookmarkStatuses: { 1: bookmarked } });
      if (path.endsWith('/check-batch')) return json({ flagStatuses: {}, watchStatuses: {}, noteStatuses: {} });
      return json({ message: 'Not found' }, 404);
    });
    render(withClient(<StoryActions story={story(1)} storyIds={[1]} signedIn />));
    const button = await screen.findByRole('button', { name: 'Bookmark' });
    await waitFor(() => expect(paths()).toContain('/api/story-notes/check-batch'));
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    fireEvent.click(button);
    expect(fetchMock.mock.calls.filter(([path, init]) => path === '/api/bookmarks' && (init as RequestInit).method === 'POST')).toHaveLength(1);
    bookmarked = true;
    await act(async () => answer());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove bookmark' }).hasAttribute('aria-busy')).toBe(false));
    expect(toastSuccess).toHaveBeenCalledWith('Bookmarked!');
  });

  it('says so when a bookmark fails, and lets the person try again', async () => {
    fetchMock.mockImplementation((path: string, init?: RequestInit) => {
      if (path === '/api/bookmarks' && init?.method === 'POST') return json({ message: 'Server error' }, 500);
      if (path === '/api/bookmarks/check-batch') return json({ bookmarkStatuses: { 1: false } });
      return json({}, 200);
    });
    render(withClient(<StoryActions story={story(1)} storyIds={[1]} signedIn />));
    const button = await screen.findByRole('button', { name: 'Bookmark' });
    fireEvent.click(button);
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Failed to update bookmark. Please try again.'));
    await waitFor(() => expect(button.hasAttribute('aria-busy')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(toastError).toHaveBeenCalledTimes(2));
  });

  it('leaves the buttons that wait for a hover out of the page the server renders, keeping one whose state is set; hydrated, the app adds them', async () => {
    const { labels, hydrate } = serverRendered(client());
    expect(labels()).toEqual(['Stop watching', 'Bookmark', 'Share']);
    const unmount = await hydrate();
    expect(labels()).toEqual(['Stop watching', 'Add note', 'Flag story', 'Hide this story', 'More muting', 'Bookmark', 'Share']);
    unmount();
  });

  it("leaves a closed sheet's buttons out of a page rendered for a phone, which hydrates as sent; the app adds them", async () => {
    const rendering = client();
    rendering.setQueryData(FIRST_SCREEN_KEY, 'phone');
    const { container, labels, hydrate } = serverRendered(rendering);
    expect(labels()).toEqual(['Stop watching']);
    expect(container.querySelector('.story-actions-toggle')).not.toBeNull();
    const unmount = await hydrate();
    expect(labels()).toEqual(['Stop watching', 'Add note', 'Flag story', 'Hide this story', 'More muting', 'Bookmark', 'Share']);
    unmount();
  });

  it('shows visitors only Bookmark and Share, asks nothing, and sends them to sign in', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/share/abc', search: '', assign });
    render(withClient(<StoryActions story={story(1)} storyIds={[1]} signedIn={false} />));
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Bookmark', 'Share']);
    fireEvent.click(screen.getByRole('button', { name: 'Bookmark' }));
    expect(assign).toHaveBeenCalledWith('/api/login?returnTo=%2Fshare%2Fabc');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('NoteDialog', () => {
  it('fetches the note 100 ms after opening, and colours the counter above 800 and 950', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation((path: string) => (path === '/api/stories/5/notes' ? json({ note: { id: 1, storyId: 5, note: 'Saved thought', createdAt: '', updatedAt: '' } }) : json({}, 404)));
    render(withClient(<NoteDialog story={story(5)} open onOpenChange={() => undefined} />));
    await act(async () => vi.advanceTimersByTime(99));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    const box = await screen.findByDisplayValue('Saved thought');
    expect(screen.getByRole('heading', { name: 'Edit Note' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Note' })).toBeTruthy();

    const counter = screen.getByTestId('note-counter');
    fireEvent.change(box, { target: { value: 'x'.repeat(800) } });
    expect(counter.dataset.tone).toBe('normal');
    fireEvent.change(box, { target: { value: 'x'.repeat(801) } });
    expect(counter.dataset.tone).toBe('warn');
    expect(counter.textContent).toContain('199 characters remaining');
    fireEvent.change(box, { target: { value: 'x'.repeat(951) } });
    expect(counter.dataset.tone).toBe('danger');
    expect(counter.textContent).toContain('951/1000');
  });

  it('treats a 404 as no note yet: Add Note, no delete', async () => {
    render(withClient(<NoteDialog story={story(6)} open onOpenChange={() => undefined} />));
    await waitFor(() => expect(paths()).toContain('/api/stories/6/notes'));
    expect(screen.getByRole('heading', { name: 'Add Note' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Note' })).toBeNull();
  });

  it('asks nothing when the batch check found no note: no 404 for the browser to log', async () => {
    vi.useFakeTimers();
    render(withClient(<NoteDialog story={story(8)} knownToHaveNone open onOpenChange={() => undefined} />));
    await act(async () => vi.advanceTimersByTime(500));
    vi.useRealTimers();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Add Note' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Note' })).toBeNull();
  });

  it('keeps what the person typed before the note arrived, whatever the answer', async () => {
    for (const [id, answer] of [
      [7, () => json({ note: { id: 1, storyId: 7, note: 'Saved thought', createdAt: '', updatedAt: '' } })],
      [8, () => json({ message: 'Not found' }, 404)],
    ] as const) {
      let respond: () => void = () => undefined;
      fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (respond = () => void answer().then(resolve))));
      render(withClient(<NoteDialog story={story(id)} open onOpenChange={() => undefined} />));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(`/api/stories/${id}/notes`, expect.anything()));
      fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'Typed while it loaded' } });
      await act(async () => respond());
      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Note' }).hasAttribute('aria-busy')).toBe(false));
      expect(screen.getByDisplayValue('Typed while it loaded')).toBeTruthy();
      // A stored note makes Save an update (and offers Delete); none keeps it a creation.
      expect(screen.queryByRole('button', { name: 'Delete Note' }) !== null).toBe(id === 7);
      cleanup();
    }
  });
});
