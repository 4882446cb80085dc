// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SharedStoryPage } from './shared-story-page';

const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'Share link not found' }), { status: 404, headers: { 'content-type': 'application/json' } })));
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  fetchMock.mockClear();
  vi.unstubAllGlobals();
});

function renderPage(shareToken: string | undefined) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SharedStoryPage shareToken={shareToken} />
    </QueryClientProvider>,
  );
}

it('shows Invalid Share Link only when the address has no token', () => {
  renderPage(undefined);
  expect(screen.getByRole('heading', { level: 1, name: 'Invalid Share Link' })).toBeTruthy();
  expect(fetchMock).not.toHaveBeenCalled();
});

it("shows Story Not Found, 'Share link not found', for an unknown token", async () => {
  renderPage('A'.repeat(43));
  expect(await screen.findByRole('heading', { level: 1, name: 'Story Not Found' })).toBeTruthy();
  expect(screen.getByText(/^Share link not found\./)).toBeTruthy();
});

it('shows Story Removed for a story moderators removed', async () => {
  fetchMock.mockImplementationOnce(() =>
    Promise.resolve(new Response(JSON.stringify({ message: 'This story was removed by moderators' }), { status: 410, headers: { 'content-type': 'application/json' } })),
  );
  renderPage('B'.repeat(43));
  expect(await screen.findByRole('heading', { level: 1, name: 'Story Removed' })).toBeTruthy();
  expect(screen.getByText('This story was removed by moderators.')).toBeTruthy();
});

it('shows Story Not Found for a malformed token without asking the server', () => {
  renderPage('not a token');
  expect(screen.getByRole('heading', { level: 1, name: 'Story Not Found' })).toBeTruthy();
  expect(screen.getByText(/^Share link not found\./)).toBeTruthy();
  expect(fetchMock).not.toHaveBeenCalled();
});

it("says 'Share link not found' when the link cannot be loaded at all", async () => {
  fetchMock.mockImplementationOnce(() => Promise.resolve(new Response('{"message":"Internal"}', { status: 500, headers: { 'content-type': 'application/json' } })));
  renderPage('C'.repeat(43));
  expect(await screen.findByRole('heading', { level: 1, name: 'Story Not Found' })).toBeTruthy();
  expect(screen.getByText(/^Share link not found: we could not load this shared story/)).toBeTruthy();
});

it("marks a story the demo's replay made up with the Demo badge", async () => {
  const story = { id: 1, hnId: 2, title: 'Why engineers love quiet telescopes', url: '', score: 3, descendants: 0, by: 'someone', time: 1, timeAgo: '', domain: '', scoreVelocity: 0, commentsVelocity: 0, trendingScore: 0, synthetic: true };
  const view = { story, customTitle: null, customDescription: null, user: { displayName: 'Alice' }, createdAt: '2026-01-01T00:00:00.000Z' };
  fetchMock.mockImplementationOnce(() => Promise.resolve(new Response(JSON.stringify(view), { status: 200, headers: { 'content-type': 'application/json' } })));
  renderPage('D'.repeat(43));
  expect(await screen.findByRole('heading', { level: 1, name: story.title })).toBeTruthy();
  expect(screen.getByTestId('synthetic-badge').textContent).toBe("Demo: a made-up story from the demo's replay, not from Hacker News");
});
