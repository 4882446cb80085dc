import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getJson } from './api';

export type UserRole = 'user' | 'moderator' | 'admin';

/** The signed-in person, as GET /api/auth/user returns them. */
export interface CurrentUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  profileImageUrl: string | null;
  role: UserRole;
  onboardingCompleted: boolean;
}

/**
 * The spec's GET /api/auth/user answers 401 to a visitor, which the browser logs as an error on every visitor's
 * page load; its variant /api/auth/me answers 200 with null instead, with the same person otherwise.
 */
export const CURRENT_USER_PATH = '/api/auth/me';
export const CURRENT_USER_KEY = [CURRENT_USER_PATH] as const;

/** The current user, or null when signed out (a 401, an expired session mid-request, also means "no user"). Never retried. */
const currentUserQuery = {
  queryKey: CURRENT_USER_KEY,
  queryFn: () => getJson<CurrentUser | null>(CURRENT_USER_PATH, { nullOn401: true }),
  retry: false,
} as const;

export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return { user: query.data ?? null, isLoading: query.isLoading };
}

/** Asks who is signed in as the app starts, before its first render is done. */
export function prefetchCurrentUser(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(currentUserQuery);
}

export function isStaff(user: CurrentUser | null): boolean {
  return user?.role === 'admin' || user?.role === 'moderator';
}

/** The name to greet someone by: display name, else first and last name, else the email's local part. */
export function nameOf(user: Pick<CurrentUser, 'displayName' | 'firstName' | 'lastName' | 'email'>): string {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return user.displayName || fullName || user.email?.split('@')[0] || 'You';
}
