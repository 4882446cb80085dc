import { useQuery, type QueryClient } from '@tanstack/react-query';
import { EMAIL_NOT_SENT_YET, type EmailDelivery } from '../../../common/contracts/email.ts';
import { getJson } from './api';
import { RETRIED_DATA } from './retry';

export { EMAIL_NOT_SENT_YET };

/** It changes only when the server restarts with SMTP set, so one answer serves the page's life. */
const emailDeliveryQuery = {
  ...RETRIED_DATA,
  queryKey: ['/api/email/delivery'],
  queryFn: () => getJson<EmailDelivery>('/api/email/delivery'),
  staleTime: Infinity,
} as const;

/**
 * Whether this server sends email (SMTP configured), for a signed-in person: the preferences page and the admin
 * dashboard say so plainly while it does not.
 */
export function useEmailDelivery(enabled = true) {
  return useQuery({ ...emailDeliveryQuery, enabled });
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
