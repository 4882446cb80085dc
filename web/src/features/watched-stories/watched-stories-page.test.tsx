// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Watch } from '#common/contracts/actions.ts';
import { WatchedStoriesPage } from './watched-stories-page';

const watch = (id: number, overrides: Partial<Watch>): Watch => ({
  id,
  storyId: id,
  createdAt: '2026-01-01T00:00:00Z',
  currentStatus: 'other',
  statusChanged: false,
  scoreGrowth: 0,
  commentsGrowth: 0,
  story: {
    id,
    hnId: 500 + id,
    title: `Watched ${id}`,
    url: '',
    score: 120,
    descendants: 30,
    by: 'dang',
    time: 0,
    timeAgo: '2 hours ago',
    domain: '',
    scoreVelocity: 0,
    commentsVelocity: 0,
    trendingScore: 0,
  },
  ...overrides,
});

beforeEach(() => {
  const body = { watches: [watch(1, { currentStatus: 'hot', statusChanged: true, scoreGrowth: 80, commentsGrowth: 12 }), watch(2, { scoreGrowth: -1 })], count: 2 };
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }))));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('shows each watch with its status, a changed-status flag, growth and links', async () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <WatchedStoriesPage />
    </QueryClientProvider>,
  );
  const first = await screen.findByRole('article', { name: 'Watched 1' });
  expect(screen.getByTestId('watches-count').textContent).toBe('2 watched stories');
  expect(first.querySelector('[data-status]')?.textContent).toBe('Hot');
  expect(within(first).getByTestId('status-changed').textContent).toContain('Status changed');
  expect(within(first).getByTestId('score-growth').textContent).toBe('(+80 since watched)');
  expect(within(first).getByTestId('comments-growth').textContent).toBe('(+12 since watched)');
  // A story without a URL is read on the source site's item page.
  expect(within(first).getByRole('link', { name: /^Read/ }).getAttribute('href')).toBe('https://news.ycombinator.com/item?id=501');
  expect(within(first).getByRole('button', { name: /^Unwatch/ })).toBeTruthy();

  const second = screen.getByRole('article', { name: 'Watched 2' });
  expect(within(second).queryByTestId('status-changed')).toBeNull();
  expect(within(second).getByTestId('score-growth').textContent).toBe('(-1 since watched)');
});
