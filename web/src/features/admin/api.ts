import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAnnouncement,
  AdminFlag,
  AdminLog,
  AdminSearchResponse,
  AdminUser,
  ContactMessageAdmin,
  DashboardStats,
  KeywordAliasEntry,
  Pagination,
  SystemSetting,
} from '#common/contracts/admin.ts';
import type { Role } from '#common/contracts/accounts.ts';
import { ADMIN_PAGE_SIZE, type AdminSearchTime, type AdminSearchType, type FlagStatusFilter } from '#common/rules/admin.ts';
import { apiRequest, getJson } from '@/lib/api';
import { RETRIED_DATA } from '@/lib/retry';

/** The administrator area's calls (spec part 2 §7). Every key starts with its path, so a change refreshes its lists. */

const ADMIN = '/api/admin';
/** The public announcements list the banner reads: refreshed after an admin changes one. */
const PUBLIC_ANNOUNCEMENTS_KEY = ['/api/announcements'];

/** Spec §7: admin queries are retried up to 3 times, but never after a refusal (401, 403) or bad input. */
const query = <T,>(key: unknown[], path: string, extra: object = {}) => ({
  queryKey: key,
  queryFn: () => getJson<T>(path),
  ...RETRIED_DATA,
  ...extra,
});

export function useDashboardStats() {
  return useQuery(query<DashboardStats>([`${ADMIN}/dashboard`], `${ADMIN}/dashboard`, { staleTime: 0 }));
}

export function useAdminUsers(page: number) {
  return useQuery(
    query<{ users: AdminUser[]; pagination: Pagination }>([`${ADMIN}/users`, page], `${ADMIN}/users?page=${page}&limit=${ADMIN_PAGE_SIZE}`, {
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => apiRequest<{ user: AdminUser }>('PATCH', `${ADMIN}/users/${encodeURIComponent(userId)}/role`, { role }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [`${ADMIN}/users`] });
      void queryClient.invalidateQueries({ queryKey: [`${ADMIN}/logs`] });
    },
  });
}

export interface LogsFilter {
  page: number;
  action: string;
  adminUserId: string;
}
export interface LogsResponse {
  logs: AdminLog[];
  pagination: Pagination;
  actions: string[];
  admins: { id: string; name: string | null }[];
}

export function useAdminLogs(filter: LogsFilter) {
  const params = new URLSearchParams({ page: String(filter.page), limit: String(ADMIN_PAGE_SIZE) });
  if (filter.action) params.set('action', filter.action);
  if (filter.adminUserId) params.set('adminUserId', filter.adminUserId);
  return useQuery(query<LogsResponse>([`${ADMIN}/logs`, filter], `${ADMIN}/logs?${params}`, { placeholderData: keepPreviousData, staleTime: 0 }));
}

export function useContentFlags(page: number, status: FlagStatusFilter) {
  return useQuery(
    query<{ flags: AdminFlag[]; pagination: Pagination }>([`${ADMIN}/content-flags`, page, status], `${ADMIN}/content-flags?page=${page}&status=${status}`, {
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

function useInvalidateAfterModeration() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [`${ADMIN}/content-flags`] });
    void queryClient.invalidateQueries({ queryKey: [`${ADMIN}/logs`] });
    // A hidden or restored story changes every story list.
    void queryClient.invalidateQueries({ queryKey: ['/api/stories'] });
  };
}

export function useReviewFlag() {
  const invalidate = useInvalidateAfterModeration();
  return useMutation({
    mutationFn: ({ flagId, action }: { flagId: number; action: 'approve' | 'reject' }) => apiRequest('PATCH', `${ADMIN}/content-flags/${flagId}/review`, { action }),
    onSuccess: invalidate,
  });
}

export function useDeleteFlag() {
  const invalidate = useInvalidateAfterModeration();
  return useMutation({ mutationFn: (flagId: number) => apiRequest('DELETE', `${ADMIN}/content-flags/${flagId}`), onSuccess: invalidate });
}

export const SETTINGS_PATH = `${ADMIN}/settings`;

/** Spec §7: GET /api/admin/settings is never cached (the performance monitor reads it too). */
export function useSettings(enabled = true) {
  return useQuery(query<{ settings: SystemSetting[] }>([SETTINGS_PATH], SETTINGS_PATH, { staleTime: 0, gcTime: 0, enabled }));
}

export function useSaveSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { key: string; value: unknown; category?: string; description?: string }) => apiRequest<{ setting: SystemSetting }>('POST', SETTINGS_PATH, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [SETTINGS_PATH] });
      void queryClient.invalidateQueries({ queryKey: ['/api/maintenance-status'] });
    },
  });
}

const KEYWORD_ALIASES = `${ADMIN}/keyword-aliases`;

export function useKeywordAliases() {
  return useQuery(query<{ aliases: KeywordAliasEntry[] }>([KEYWORD_ALIASES], KEYWORD_ALIASES, { staleTime: 0 }));
}

/** Adds or repoints an alias; the keyword pages' alert matching reads the table with the alerts, so those refresh too. */
export function useSaveKeywordAlias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { alias: string; keyword: string }) => apiRequest<{ alias: KeywordAliasEntry }>('POST', KEYWORD_ALIASES, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [KEYWORD_ALIASES] });
      void queryClient.invalidateQueries({ queryKey: ['/api/keyword-alerts'] });
    },
  });
}

export function useDeleteKeywordAlias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alias: string) => apiRequest('DELETE', `${KEYWORD_ALIASES}/${encodeURIComponent(alias)}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [KEYWORD_ALIASES] });
      void queryClient.invalidateQueries({ queryKey: ['/api/keyword-alerts'] });
    },
  });
}

const ANNOUNCEMENTS = `${ADMIN}/announcements`;

export function useAdminAnnouncements() {
  return useQuery(query<{ announcements: AdminAnnouncement[] }>([ANNOUNCEMENTS], ANNOUNCEMENTS, { staleTime: 0 }));
}

export interface AnnouncementDraft {
  title: string;
  message: string;
  type: AdminAnnouncement['type'];
  isActive: boolean;
  isPersistent: boolean;
  startDate: string | null;
  endDate: string | null;
}

function useAnnouncementMutation<T>(call: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [ANNOUNCEMENTS] });
      void queryClient.invalidateQueries({ queryKey: PUBLIC_ANNOUNCEMENTS_KEY });
    },
  });
}

export const useCreateAnnouncement = () => useAnnouncementMutation((draft: AnnouncementDraft) => apiRequest('POST', ANNOUNCEMENTS, draft));
export const useUpdateAnnouncement = () =>
  useAnnouncementMutation(({ id, draft }: { id: number; draft: AnnouncementDraft }) => apiRequest('PUT', `${ANNOUNCEMENTS}/${id}`, draft));
export const useDeleteAnnouncement = () => useAnnouncementMutation((id: number) => apiRequest('DELETE', `${ANNOUNCEMENTS}/${id}`));

export function useAdminSearch(q: string, type: AdminSearchType, time: AdminSearchTime, enabled: boolean) {
  const params = new URLSearchParams({ q, type, time });
  return useQuery(query<AdminSearchResponse>([`${ADMIN}/search`, q, type, time], `${ADMIN}/search?${params}`, { enabled, placeholderData: keepPreviousData, staleTime: 0 }));
}

export function useAdminSearchSummary() {
  return useQuery(query<{ users: number; stories: number; alerts: number; settings: number }>([`${ADMIN}/search/summary`], `${ADMIN}/search/summary`, { staleTime: 0 }));
}

export type ContactStatus = 'all' | 'open' | 'handled';

export function useContactMessages(page: number, status: ContactStatus) {
  return useQuery(
    query<{ messages: ContactMessageAdmin[]; pagination: Pagination; retentionDays: number }>(
      [`${ADMIN}/contact-messages`, page, status],
      `${ADMIN}/contact-messages?page=${page}&status=${status}`,
      { placeholderData: keepPreviousData, staleTime: 0 },
    ),
  );
}

export function useSetHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) => apiRequest('PATCH', `${ADMIN}/contact-messages/${id}`, { handled }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [`${ADMIN}/contact-messages`] });
      void queryClient.invalidateQueries({ queryKey: [`${ADMIN}/dashboard`] });
    },
  });
}
