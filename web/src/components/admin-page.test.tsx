// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Shield } from 'lucide-react';
import { toast } from 'sonner';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ACCESS_DENIED_REDIRECT_MS } from '#common/rules/admin.ts';
import { CURRENT_USER_KEY, type CurrentUser } from '@/lib/session';
import { AdminPage, hasAdminLevel, RoleBadge } from '@/components/admin-page';

const person = (role: CurrentUser['role']): CurrentUser => ({
  id: 'u1',
  email: 'a@example.com',
  firstName: null,
  lastName: null,
  displayName: 'Ann',
  profileImageUrl: null,
  role,
  onboardingCompleted: true,
});

function renderPage(role: CurrentUser['role'], level: 'moderator' | 'admin', deniedRedirect: '/admin' | '/' = '/admin') {
  const client = new QueryClient();
  client.setQueryData(CURRENT_USER_KEY, person(role));
  const location = memoryLocation({ path: '/admin/settings', record: true });
  render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook}>
        <AdminPage title="System Settings" icon={Shield} level={level} deniedRedirect={deniedRedirect}>
          {() => <p>The page itself</p>}
        </AdminPage>
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

it('shows the page, the role badge and Back to Dashboard to someone with the level', () => {
  renderPage('admin', 'admin');
  expect(screen.getByText('The page itself')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'System Settings' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/admin');
  expect(toast.error).not.toHaveBeenCalled();
});

it('shows Access Verification to someone without it, the Access Denied toast, and redirects after 1 s', () => {
  const location = renderPage('moderator', 'admin');
  expect(screen.queryByText('The page itself')).toBeNull();
  expect(screen.getByRole('heading', { name: 'Access Verification' })).toBeTruthy();
  expect(screen.getByText('Checking administrator privileges...')).toBeTruthy();
  expect(toast.error).toHaveBeenCalledWith('Access Denied', { description: 'Administrator privileges required.' });
  act(() => vi.advanceTimersByTime(ACCESS_DENIED_REDIRECT_MS - 1));
  expect(location.history).toEqual(['/admin/settings']);
  act(() => vi.advanceTimersByTime(1));
  expect(location.history).toEqual(['/admin/settings', '/admin']);
});

it('sends a plain user away from a moderator page to the home page when asked', () => {
  const location = renderPage('user', 'moderator', '/');
  act(() => vi.advanceTimersByTime(ACCESS_DENIED_REDIRECT_MS));
  expect(location.history.at(-1)).toBe('/');
});

it('ranks the levels: admins may do what moderators may, not the reverse', () => {
  expect(hasAdminLevel(person('admin'), 'moderator')).toBe(true);
  expect(hasAdminLevel(person('moderator'), 'moderator')).toBe(true);
  expect(hasAdminLevel(person('moderator'), 'admin')).toBe(false);
  expect(hasAdminLevel(person('user'), 'moderator')).toBe(false);
  expect(hasAdminLevel(null, 'moderator')).toBe(false);
});

it('colours role badges: admin red, moderator yellow, user grey', () => {
  render(
    <>
      <RoleBadge role="admin" />
      <RoleBadge role="moderator" />
      <RoleBadge role="user" />
    </>,
  );
  expect(screen.getByText('Admin').className).toContain('bg-red-100');
  expect(screen.getByText('Moderator').className).toContain('bg-yellow-100');
  expect(screen.getByText('User').className).toContain('bg-gray-100');
});
