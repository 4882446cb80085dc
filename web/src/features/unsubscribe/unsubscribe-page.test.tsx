// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { UnsubscribePage } from './unsubscribe-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page = (token: string) => (
  <QueryClientProvider client={new QueryClient()}>
    <UnsubscribePage token={token} />
  </QueryClientProvider>
);

it('uses the link once however often the page mounts, and each mount shows the answer', async () => {
  const fetch = vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify({ message: 'You have been unsubscribed from all email notifications.', userEmail: 'una@example.com', emailType: 'all' }), {
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  const first = render(page('token-1'));
  // The app rebuilds its routes once the session is known: the page mounts again before the answer came.
  first.unmount();
  render(page('token-1'));
  expect(await screen.findByRole('heading', { name: 'You have been unsubscribed' })).toBeTruthy();
  expect(fetch).toHaveBeenCalledTimes(1);
  // Another link is its own call.
  cleanup();
  render(page('token-2'));
  expect(await screen.findByRole('heading', { name: 'You have been unsubscribed' })).toBeTruthy();
  expect(fetch).toHaveBeenCalledTimes(2);
});
