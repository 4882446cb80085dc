// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { UnsubscribePage } from './unsubscribe-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const page = (token: string | undefined) => (
  <QueryClientProvider client={new QueryClient()}>
    <UnsubscribePage token={token} />
  </QueryClientProvider>
);

function answering() {
  const fetch = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(
      new Response(JSON.stringify({ message: 'You have been unsubscribed from the weekly newsletter.', userEmail: 'una@example.com', emailType: 'weekly_digest' }), {
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

it('changes nothing on opening: it asks, and only its button sends the one-click POST', async () => {
  const fetch = answering();
  window.history.replaceState(null, '', '/unsubscribe/token-a?type=weekly_digest');
  render(page('token-a'));
  expect(screen.getByRole('heading', { name: 'Unsubscribe from the weekly newsletter?' })).toBeTruthy();
  // Give a call on load every chance to happen.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(fetch).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
  expect(await screen.findByRole('heading', { name: 'You have been unsubscribed' })).toBeTruthy();
  expect(screen.getByText('una@example.com')).toBeTruthy();
  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0]!;
  expect(url).toBe('/api/unsubscribe/token-a?type=weekly_digest');
  expect(init).toMatchObject({ method: 'POST', body: 'List-Unsubscribe=One-Click' });
});

it('uses the link once however often the page mounts after the button, and each mount shows the answer', async () => {
  const fetch = answering();
  window.history.replaceState(null, '', '/unsubscribe/token-1?type=weekly_digest');
  const first = render(page('token-1'));
  fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
  // The app rebuilds its routes once the session is known: the page mounts again before the answer came.
  first.unmount();
  render(page('token-1'));
  expect(await screen.findByRole('heading', { name: 'You have been unsubscribed' })).toBeTruthy();
  expect(fetch).toHaveBeenCalledTimes(1);
  // Another link is its own question, and its own call.
  cleanup();
  window.history.replaceState(null, '', '/unsubscribe/token-2');
  render(page('token-2'));
  expect(screen.getByRole('heading', { name: 'Unsubscribe from all email notifications?' })).toBeTruthy();
  expect(fetch).toHaveBeenCalledTimes(1);
  fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
  expect(await screen.findByRole('heading', { name: 'You have been unsubscribed' })).toBeTruthy();
  expect(fetch).toHaveBeenCalledTimes(2);
});

it('shows the server’s message when the link is refused', async () => {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'This unsubscribe link is invalid.' }), { status: 400 }))));
  render(page('token-bad'));
  fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
  expect(await screen.findByRole('heading', { name: 'Unsubscribe failed' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toBe('This unsubscribe link is invalid.');
});

it("says 'Invalid unsubscribe link' for the address without a token, and asks nothing", async () => {
  const fetch = answering();
  window.history.replaceState(null, '', '/unsubscribe');
  render(page(undefined));
  expect(screen.getByText('Invalid unsubscribe link')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(fetch).not.toHaveBeenCalled();
});
