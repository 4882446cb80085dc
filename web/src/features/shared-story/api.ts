import { useQuery } from '@tanstack/react-query';
import type { Story } from '#common/contracts/stories.ts';
import { getJson } from '@/lib/api';

export interface SharedLinkView {
  story: Story;
  customTitle: string | null;
  customDescription: string | null;
  user: { displayName: string };
  createdAt: string;
}

/** Share tokens are base64url (43 characters); anything else is no share link of ours. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
export const isShareToken = (token: string | undefined): token is string => token !== undefined && TOKEN_PATTERN.test(token);

/** GET /api/shared-links/{token} (public; counts a view, so it is asked once and kept). */
export function useSharedLink(token: string | undefined) {
  return useQuery({
    queryKey: ['/api/shared-links', token],
    queryFn: () => getJson<SharedLinkView>(`/api/shared-links/${encodeURIComponent(token!)}`),
    enabled: isShareToken(token),
  });
}

export type ClickType = 'article' | 'comments';

/** POST /api/shared-links/{token}/click; a failure is only logged (spec part 1 §7). */
export function recordClick(token: string, clickType: ClickType): void {
  fetch(`/api/shared-links/${encodeURIComponent(token)}/click`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clickType }),
    keepalive: true,
  })
    .then((response) => {
      if (!response.ok) console.error(`Failed to record the ${clickType} click: ${response.status}`);
    })
    .catch((error: unknown) => console.error(`Failed to record the ${clickType} click`, error));
}
