import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TIMEZONES, type EmailFrequency } from '../../../../common/rules/limits.ts';
import { apiRequest } from '@/lib/api';
import { CURRENT_USER_KEY } from '@/lib/session';

export interface OnboardingChoices {
  emailNotifications: boolean;
  weeklyDigest: boolean;
  marketingConsent: boolean;
  analyticsConsent: boolean;
  emailFrequency: EmailFrequency;
  timezone: string;
}

/** Onboarding's timezone default per the spec; the browser's own zone is used when it is one we offer. */
const ONBOARDING_DEFAULT_TIMEZONE = 'America/Los_Angeles';

export function browserTimezone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (TIMEZONES as readonly string[]).includes(zone) ? zone : ONBOARDING_DEFAULT_TIMEZONE;
}

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choices: OnboardingChoices) => apiRequest('POST', '/api/user/onboarding/complete', choices),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
}
