import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { EMAIL_TYPES } from '#common/rules/limits.ts';
import { apiRequest, getJson, isUnauthorizedError } from '@/lib/api';
import { EMAIL_DELIVERY_KEY } from '@/lib/email-delivery';
import { RETRIED_DATA } from '@/lib/retry';

export { DEFAULT_PREFERENCES, type Preferences } from '#common/rules/preferences.ts';
import type { Preferences } from '#common/rules/preferences.ts';
import { controlToSave, type EmailControl, type EmailSettings, type KindsSettings } from './email-controls';

export const PREFERENCES_PATH = '/api/user/preferences';
export const PREFERENCES_KEY = [PREFERENCES_PATH] as const;
const EMAIL_CONTROLS_KEY = ['/api/email/frequency-controls'] as const;

async function fetchPreferences(): Promise<Preferences> {
  return (await getJson<{ preferences: Preferences }>(PREFERENCES_PATH)).preferences;
}

/** The signed-in person's preferences, merged over defaults by the server. Not fetched for visitors. */
export function usePreferences(enabled: boolean) {
  return useQuery({ ...RETRIED_DATA, queryKey: PREFERENCES_KEY, queryFn: fetchPreferences, enabled });
}

/** The defaults in force on this site (the site's settings may change the list's): what Reset to Defaults restores. */
export function useDefaultPreferences() {
  return useQuery({
    ...RETRIED_DATA,
    queryKey: [PREFERENCES_PATH, 'defaults'],
    queryFn: async () => (await getJson<{ defaults: Preferences }>(PREFERENCES_PATH)).defaults,
  });
}

/**
 * Starts loading the preferences of someone who is probably signed in, before the app knows. Were they not,
 * the failure is kept quiet (no unauthorized toast): the query is then fetched again only if a signed-in page
 * asks for it.
 */
export function prefetchPreferences(queryClient: QueryClient): void {
  void queryClient.prefetchQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: async () => {
      const body = await getJson<{ preferences: Preferences } | null>(PREFERENCES_PATH, { nullOn401: true });
      if (!body) throw new Error('Not signed in');
      return body.preferences;
    },
  });
}

export function useEmailControls() {
  return useQuery({
    ...RETRIED_DATA,
    queryKey: EMAIL_CONTROLS_KEY,
    queryFn: async () => (await getJson<{ controls: EmailControl[] }>('/api/email/frequency-controls')).controls,
  });
}

class EmailControlsSaveError extends Error {}

/**
 * Saves the theme chosen with the header's switch as the darkMode preference, so the next page (which the server
 * starts in the preference's theme) and the person's other devices agree. The cached preferences change at once:
 * the app applies darkMode whenever it changes, and must not see the old value and switch back.
 */
export function useSaveDarkMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (darkMode: boolean) => apiRequest<{ preferences: Preferences }>('PATCH', PREFERENCES_PATH, { darkMode }),
    onMutate: (darkMode) => {
      queryClient.setQueryData<Preferences>(PREFERENCES_KEY, (current) => current && { ...current, darkMode });
    },
    onSuccess: ({ preferences }) => queryClient.setQueryData(PREFERENCES_KEY, preferences),
  });
}

/**
 * Save sends the preferences and the email controls together, then reloads both. A failure of the email
 * controls is told apart from a failure of the preferences, as each has its own message. The outcome is told here,
 * not by the page: a mutate call's own callbacks are dropped when the page is no longer mounted by the time the
 * answer comes (left, or mounted afresh), and the person would not learn whether their preferences were saved.
 */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ preferences, email, kinds }: { preferences: Preferences; email: EmailSettings; kinds: KindsSettings }) => {
      await apiRequest('PATCH', '/api/user/preferences', preferences);
      try {
        await Promise.all(
          EMAIL_TYPES.map((emailType) => apiRequest('PATCH', `/api/email/frequency-controls/${emailType}`, controlToSave(emailType, email, kinds[emailType]))),
        );
      } catch (error) {
        throw error instanceof Error && error.message.startsWith('401: ') ? error : new EmailControlsSaveError(String(error));
      }
    },
    onSuccess: () => toast.success('Preferences Saved', { description: 'Your preferences have been updated successfully.' }),
    onError: (error) => {
      // The sign-in prompt for an expired session is the query client's (query-client.ts).
      if (isUnauthorizedError(error)) return;
      const description =
        error instanceof EmailControlsSaveError ? 'Failed to save email preferences. Please try again.' : 'Failed to save preferences. Please try again.';
      toast.error('Error', { description });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY }),
        queryClient.invalidateQueries({ queryKey: EMAIL_CONTROLS_KEY }),
        // Held email is planned again with the new quiet hours and time zone.
        queryClient.invalidateQueries({ queryKey: EMAIL_DELIVERY_KEY }),
      ]),
  });
}
