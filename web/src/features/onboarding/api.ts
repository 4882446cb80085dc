import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailFrequency } from '#common/rules/limits.ts';
import { canonicalTimeZone } from '#common/rules/time-zones.ts';
import { apiRequest } from '@/lib/api';
import { CURRENT_USER_KEY } from '@/lib/session';

export interface OnboardingChoices {
  emailNotifications: boolean;
  weeklyDigest: boolean;
  marketingConsent: boolean;
  analyticsConsent: boolean;
  emailFrequency: EmailFrequency;
  /** The browser's time zone; left out when it tells none (email then follows UTC until one is chosen). */
  timezone?: string;
}

/** This browser's time zone (IANA name), or null when it tells none the product knows. */
export function browserTimezone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone ? canonicalTimeZone(zone) : null;
}

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choices: OnboardingChoices) => apiRequest('POST', '/api/user/onboarding/complete', choices),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
}
