import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Activity,
  CustomContentResponse,
  EmailLog,
  EmailStatus,
  Engagement,
  NewsletterStats,
  Subscriber,
  customContentSchema,
} from '#common/contracts/email.ts';
import type { EmailKind, EmailStatus as LogStatus, TestEmailType } from '#common/rules/limits.ts';
import { apiRequest, getJson } from '@/lib/api';
import { RETRIED_DATA } from '@/lib/retry';

/** The admin email and newsletter calls (spec part 2 §7); newsletter reads are fresh for 2 minutes, analytics 5 (§9). */
const TWO_MINUTES = 120_000;
const FIVE_MINUTES = 300_000;

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export function useEmailStatus() {
  return useQuery({ ...RETRIED_DATA, queryKey: ['/api/admin/email-status'], queryFn: () => getJson<EmailStatus>('/api/admin/email-status') });
}

export function useEmailLogs(filter: { page: number; status: LogStatus | ''; kind: EmailKind | '' }) {
  const query = new URLSearchParams({ page: String(filter.page) });
  if (filter.status) query.set('status', filter.status);
  if (filter.kind) query.set('kind', filter.kind);
  const path = `/api/admin/email-logs?${query}`;
  return useQuery({
    ...RETRIED_DATA,
    queryKey: ['/api/admin/email-logs', filter],
    queryFn: () => getJson<{ logs: EmailLog[]; pagination: Pagination }>(path),
    placeholderData: keepPreviousData,
  });
}

function useRefreshEmail() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['/api/admin/email-logs'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/admin/email-status'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/admin/newsletter'] });
  };
}

export function useSendTestEmail() {
  const refresh = useRefreshEmail();
  return useMutation({
    mutationFn: (type: TestEmailType) => apiRequest<{ success: boolean; message: string }>('POST', '/api/admin/send-test-email', { type }),
    onSuccess: refresh,
  });
}

export function useSendWeeklyDigest() {
  const refresh = useRefreshEmail();
  return useMutation({
    mutationFn: (force: boolean) => apiRequest<{ success: boolean; message: string }>('POST', '/api/admin/send-weekly-digest', { force }),
    onSuccess: refresh,
  });
}

export function useNewsletterStats() {
  return useQuery({ ...RETRIED_DATA, queryKey: ['/api/admin/newsletter', 'stats'], queryFn: () => getJson<NewsletterStats>('/api/admin/newsletter/stats'), staleTime: TWO_MINUTES });
}

export function useSubscribers(page: number) {
  return useQuery({
    ...RETRIED_DATA,
    queryKey: ['/api/admin/newsletter', 'subscribers', page],
    queryFn: () => getJson<{ subscribers: Subscriber[]; pagination: Pagination }>(`/api/admin/newsletter/subscribers?page=${page}`),
    staleTime: TWO_MINUTES,
    placeholderData: keepPreviousData,
  });
}

export function useActivity() {
  return useQuery({
    ...RETRIED_DATA,
    queryKey: ['/api/admin/newsletter', 'activity'],
    queryFn: async () => (await getJson<{ activity: Activity[] }>('/api/admin/newsletter/activity')).activity,
    staleTime: TWO_MINUTES,
  });
}

export function useEngagement() {
  return useQuery({
    ...RETRIED_DATA,
    queryKey: ['/api/admin/newsletter', 'analytics'],
    queryFn: async () => (await getJson<{ engagement: Engagement[] }>('/api/admin/newsletter/analytics')).engagement,
    staleTime: FIVE_MINUTES,
  });
}

const CUSTOM_PATH = '/api/admin/digest/custom-content/weekly_digest';
export type CustomContentInput = z.input<typeof customContentSchema>;

export function useCustomContent(weekOf: string) {
  return useQuery({
    ...RETRIED_DATA,
    queryKey: [CUSTOM_PATH, weekOf],
    queryFn: async () => (await getJson<CustomContentResponse>(`${CUSTOM_PATH}?weekOf=${weekOf}`)).content,
  });
}

export function useSaveCustomContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomContentInput) => apiRequest<CustomContentResponse>('POST', CUSTOM_PATH, input),
    // A read of the week still under way would land after the save and put the old content back.
    onMutate: (input) => queryClient.cancelQueries({ queryKey: [CUSTOM_PATH, input.weekOf] }),
    onSuccess: (data, input) => queryClient.setQueryData([CUSTOM_PATH, input.weekOf], data.content),
  });
}

export function useDeleteCustomContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (weekOf: string) => apiRequest('DELETE', `${CUSTOM_PATH}?weekOf=${weekOf}`),
    onSuccess: (_data, weekOf) => queryClient.setQueryData([CUSTOM_PATH, weekOf], null),
  });
}

export function usePreview() {
  return useMutation({
    mutationFn: async (weekOf: string) =>
      (await getJson<{ previewHtml: string }>(`/api/admin/digest/preview/weekly_digest?weekOf=${weekOf}`)).previewHtml,
  });
}
