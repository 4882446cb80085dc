import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '@/lib/api';
import { storedItem } from '@/lib/storage';

export type AnnouncementType = 'info' | 'warning' | 'error' | 'success';

export interface Announcement {
  id: number | string;
  title: string;
  /** HTML written by an admin. */
  message: string;
  type: AnnouncementType | string;
  isPersistent: boolean;
}

export const ANNOUNCEMENTS_PATH = '/api/announcements';
export const ANNOUNCEMENTS_KEY = [ANNOUNCEMENTS_PATH] as const;
/** Spec part 1 §9: announcements are cached 2 minutes. */
const ANNOUNCEMENTS_STALE_MS = 120_000;

export function useAnnouncements() {
  return useQuery({
    queryKey: ANNOUNCEMENTS_KEY,
    queryFn: async () => (await getJson<{ announcements: Announcement[] }>(ANNOUNCEMENTS_PATH)).announcements,
    staleTime: ANNOUNCEMENTS_STALE_MS,
  });
}

export function useDismissAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: Announcement['id']) => apiRequest('POST', `/api/announcements/${id}/dismiss`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY }),
  });
}

/** Dismissals kept in this browser: the only record for visitors, and an instant hide for signed-in users. */
const DISMISSED_STORAGE_KEY = 'hn-trends-dismissed-announcements';

export function locallyDismissed(): Set<string> {
  try {
    const stored: unknown = JSON.parse(storedItem(DISMISSED_STORAGE_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.map(String) : []);
  } catch {
    return new Set();
  }
}

export function rememberDismissed(id: Announcement['id']): Set<string> {
  const dismissed = locallyDismissed();
  dismissed.add(String(id));
  try {
    localStorage.setItem(DISMISSED_STORAGE_KEY, JSON.stringify([...dismissed]));
  } catch {
    // Storage may be off; the announcement stays hidden for this visit.
  }
  return dismissed;
}
