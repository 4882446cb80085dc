import type { QueryClient } from '@tanstack/react-query';
import { prefetchMaintenanceStatus } from '@/features/maintenance/api';
import { prefetchPreferences } from '@/features/preferences/api';
import { prefetchCurrentUser } from '@/lib/session';
import { preloadSignedInHome } from './signed-in-frame';

/**
 * Every page waits for two answers before it shows anything (who is signed in, and whether the site is in
 * maintenance): both are asked for as the app starts, not once its first render is done.
 */
export function prefetchAppState(queryClient: QueryClient): void {
  prefetchCurrentUser(queryClient);
  prefetchMaintenanceStatus(queryClient);
}

/**
 * `/` without the prerendered landing page is what the server sends to requests with a session cookie
 * (server/web.ts): almost always someone signed in, about to see the story list. Its code and their preferences
 * (which choose the first page of stories) start loading now, beside the sign-in check, instead of after it.
 */
export function prefetchSignedInHome(queryClient: QueryClient): void {
  void preloadSignedInHome();
  prefetchPreferences(queryClient);
}
