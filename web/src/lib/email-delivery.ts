import { useQuery, type QueryClient } from '@tanstack/react-query';
import { EMAIL_NOT_SENT_YET, type EmailDelivery } from '#common/contracts/email.ts';
import { getJson } from './api';
import { RETRIED_DATA } from './retry';

export { EMAIL_NOT_SENT_YET };

/**
 * Whether the server sends email changes only when it restarts with SMTP set, so one answer serves the page's life;
 * the preferences page asks afresh for what is held for later (`fresh`).
 */
export const EMAIL_DELIVERY_KEY = ['/api/email/delivery'] as const;

const emailDeliveryQuery = {
  ...RETRIED_DATA,
  queryKey: EMAIL_DELIVERY_KEY,
  queryFn: () => getJson<EmailDelivery>('/api/email/delivery'),
  staleTime: Infinity,
} as const;

/**
 * Whether this server sends email (SMTP configured), for a signed-in person: the preferences page and the admin
 * dashboard say so plainly while it does not.
 */
export function useEmailDelivery(enabled = true, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({ ...emailDeliveryQuery, enabled, ...(fresh ? { refetchOnMount: 'always' as const } : {}) });
}

/**
 * The same answer asked for once, where a message depends on it (the watch toast): true only when the server said
 * it sends no email; a failure to ask claims nothing.
 */
export async function fetchEmailNotSent(queryClient: QueryClient): Promise<boolean> {
  try {
    return (await queryClient.fetchQuery(emailDeliveryQuery)).configured === false;
  } catch {
    return false;
  }
}

/** True only when the server said it does not send email (unknown while loading or after a failure: nothing is claimed). */
export function emailNotSent(delivery: { data?: EmailDelivery }): boolean {
  return delivery.data?.configured === false;
}
