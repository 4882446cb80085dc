// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Profile } from './api';
import { ProfilePage } from './profile-page';

const own: Profile = {
  id: 'u1',
  handle: 'grace',
  displayName: 'Grace Hopper',
  bio: null,
  location: null,
  website: null,
  twitterHandle: null,
  githubHandle: null,
  isPublic: false,
  profileImageUrl: null,
  firstName: null,
  lastName: null,
  email: 'grace@example.com',
  createdAt: '2026-01-01T00:00:00Z',
  isOwner: true,
};

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
let answerToSave: () => Promise<Response>;
const fetchMock = vi.fn((url: string, init?: RequestInit) => {
  if (init?.method === 'PUT') return answerToSave();
  if (url.startsWith('/api/profile/')) return json({ profile: own });
  return json({ hasPassword: true, providers: [] });
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  fetchMock.mockClear();
  vi.unstubAllGlobals();
});

function renderOwnProfile() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ProfilePage identifier="grace" />
    </QueryClientProvider>,
  );
}

it('shows the owner their privacy setting without editing', async () => {
  renderOwnProfile();
  const privacy = await screen.findByRole('region', { name: 'Privacy' });
  expect(within(privacy).getByText('Private profile')).toBeTruthy();
  expect(within(privacy).getByText(/Only you can see your profile/)).toBeTruthy();
});

it("shows the server's reason for a refused field beside it and moves the focus there", async () => {
  answerToSave = () =>
    json({ message: 'Invalid body: website: website must be an http:// or https:// address', issues: [{ path: 'website', message: 'website must be an http:// or https:// address' }] }, 400);
  renderOwnProfile();
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  await userEvent.type(screen.getByLabelText('Website'), 'ftp://grace.example');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));

  const website = screen.getByLabelText('Website');
  await vi.waitFor(() => expect(website.getAttribute('aria-invalid')).toBe('true'));
  expect(document.getElementById(website.getAttribute('aria-describedby')!)?.textContent).toBe('Must be an http:// or https:// address');
  expect(document.activeElement).toBe(website);
  expect(screen.getByLabelText('Display name').getAttribute('aria-invalid')).toBeNull();
});
