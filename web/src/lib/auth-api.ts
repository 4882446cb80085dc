import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, getJson } from '@/lib/api';
import { PASSWORD_MIN_LENGTH } from '#common/rules/password.ts';
import { safeReturnPath } from '#common/rules/return-path.ts';

export interface AuthProviders {
  localAccounts: boolean;
  providers: { id: string; name: string }[];
}

export function useAuthProviders() {
  return useQuery({ queryKey: ['/api/auth/providers'], queryFn: () => getJson<AuthProviders>('/api/auth/providers') });
}

export function useEmailSignIn() {
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => apiRequest('POST', '/api/auth/sign-in/email', body),
  });
}

export function useEmailSignUp() {
  return useMutation({
    mutationFn: (body: { name: string; email: string; password: string }) => apiRequest('POST', '/api/auth/sign-up/email', body),
  });
}

/** What the server requires of a new password (server/modules/accounts/password.ts), said the same on every form. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, not a common password, not containing your email address.`;

/** How the signed-in person signs in: 'credential' is a password; the others are external providers. */
export function useSignInMethods() {
  return useQuery({
    queryKey: ['/api/auth/list-accounts'],
    queryFn: async () => {
      const accounts = await getJson<{ providerId: string }[]>('/api/auth/list-accounts');
      return { hasPassword: accounts.some((account) => account.providerId === 'credential') };
    },
  });
}

/** Changes the password; the server signs out every other session and renews this one. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => apiRequest('POST', '/api/auth/change-password', body),
  });
}

/** Ends every session of the account, this one included. */
export function useSignOutEverywhere() {
  return useMutation({ mutationFn: () => apiRequest('POST', '/api/auth/revoke-sessions', {}) });
}

/** Social providers (GitHub, Google) and generic OpenID Connect ones have different endpoints; both answer {url}. */
const SOCIAL_PROVIDERS = new Set(['github', 'google']);

export function useProviderSignIn() {
  return useMutation({
    mutationFn: async ({ providerId, callbackURL }: { providerId: string; callbackURL: string }) => {
      const { url } = SOCIAL_PROVIDERS.has(providerId)
        ? await apiRequest<{ url: string }>('POST', '/api/auth/sign-in/social', { provider: providerId, callbackURL })
        : await apiRequest<{ url: string }>('POST', '/api/auth/sign-in/oauth2', { providerId, callbackURL });
      return url;
    },
  });
}

/** The path to go to after signing in: a same-site path from ?returnTo (the server's rule), else the home page. */
export function safeReturnTo(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get('returnTo'));
}
