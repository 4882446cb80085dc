import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FlagType } from '#common/rules/limits.ts';
import type { Note, SharedLink } from '#common/contracts/actions.ts';
import { apiRequest, isQueuedWrite } from '@/lib/api';
import { useLazyMutation } from '@/lib/lazy-mutation';
import type { SharePayload } from './rules';

/**
 * The per-story calls of spec part 1 §7. Query keys start with the call's path, so other features refresh
 * them by path ('/api/bookmarks', '/api/story-watches', ...) without importing this one.
 */

/** The batch calls take at most 200 ids (common/contracts/actions.ts, not imported: it would bring zod into the bundle). */
const BATCH_MAX_IDS = 200;

export type StatusKind = 'bookmarks' | 'flags' | 'watches' | 'notes';
export type StatusMap = Record<string, boolean>;

/** Spec part 1 §9: 5 minutes for bookmarks and flags, 2 minutes for watches, 30 seconds for notes. */
export const BATCH_CALLS = {
  bookmarks: { path: '/api/bookmarks/check-batch', field: 'bookmarkStatuses', staleTime: 5 * 60_000 },
  flags: { path: '/api/content-flags/check-batch', field: 'flagStatuses', staleTime: 5 * 60_000 },
  watches: { path: '/api/story-watches/check-batch', field: 'watchStatuses', staleTime: 2 * 60_000 },
  notes: { path: '/api/story-notes/check-batch', field: 'noteStatuses', staleTime: 30_000 },
} as const satisfies Record<StatusKind, { path: string; field: string; staleTime: number }>;

/**
 * The four batch calls in one (one request, one statement): the server asks it for the first page it renders, and
 * files each field under its kind's key (batchStatusKey).
 */
export const ALL_STATUSES_PATH = '/api/story-statuses/check-batch';

/** The ids a batch call asks about for a page of stories. */
export function batchIds(storyIds: readonly number[]): number[] {
  return storyIds.slice(0, BATCH_MAX_IDS);
}

/** The cache key of a batch answer; the server uses it too, when it puts the first page's answers in the HTML. */
export function batchStatusKey(kind: StatusKind, ids: readonly number[]) {
  return [BATCH_CALLS[kind].path, ids] as const;
}

/**
 * Whether each story on screen is bookmarked (flagged, watched, noted). Every card of a page asks with the
 * same ids, so TanStack Query makes one request per kind per page, shared by the cards. Visitors ask nothing
 * (the server answers them 401, which would start the unauthorized rule).
 */
export function useBatchStatus(kind: StatusKind, storyIds: readonly number[], enabled: boolean) {
  const { path, field, staleTime } = BATCH_CALLS[kind];
  const ids = batchIds(storyIds);
  return useQuery({
    queryKey: batchStatusKey(kind, ids),
    queryFn: async () => (await apiRequest<Record<string, StatusMap>>('POST', path, { storyIds: ids }))[field] ?? {},
    enabled: enabled && ids.length > 0,
    staleTime,
    // Answers are by story id: while a new set of ids is asked about (the rest of a page the server rendered in
    // part, the next page), the stories already known keep their state rather than showing none.
    placeholderData: keepPreviousData,
  });
}

/** What the page's batch checks say of its stories, as the action buttons read it. */
export interface PageStatuses {
  bookmarks?: StatusMap;
  flags?: StatusMap;
  watches?: StatusMap;
  notes?: StatusMap;
  /** Whether the notes check has answered (so a story without a note is known to have none). */
  notesAnswered: boolean;
}

/** The four batch checks of a page of stories, asked once for all its cards. */
export function usePageStatuses(storyIds: readonly number[], enabled: boolean): PageStatuses {
  const bookmarks = useBatchStatus('bookmarks', storyIds, enabled).data;
  const flags = useBatchStatus('flags', storyIds, enabled).data;
  const watches = useBatchStatus('watches', storyIds, enabled).data;
  const notes = useBatchStatus('notes', storyIds, enabled);
  const notesAnswered = notes.isSuccess && !notes.isPlaceholderData;
  // One object while the answers stay the same: the cards are memoised on it.
  return useMemo(() => ({ bookmarks, flags, watches, notes: notes.data, notesAnswered }), [bookmarks, flags, watches, notes.data, notesAnswered]);
}

/**
 * Sets one story's status in every cached batch answer of a kind (so the button changes at once), then reloads them;
 * not for a change the service worker queued offline (the reload would bring the old status back from its cache):
 * every query is reloaded once the queue has been sent (lib/service-worker.ts).
 */
function setStatus(queryClient: QueryClient, kind: StatusKind, storyId: number, value: boolean, reload = true): void {
  const { path } = BATCH_CALLS[kind];
  queryClient.setQueriesData<StatusMap>({ queryKey: [path] }, (old) => (old && String(storyId) in old ? { ...old, [storyId]: value } : old));
  if (reload) void queryClient.invalidateQueries({ queryKey: [path] });
}

interface StoryRef {
  id: number;
}

/** Adds or removes a bookmark; afterwards /api/bookmarks, the story's check and the batch checks are refreshed. */
export function useToggleBookmark() {
  const queryClient = useQueryClient();
  return useLazyMutation({
    mutationFn: ({ story, bookmarked }: { story: StoryRef; bookmarked: boolean }) =>
      bookmarked ? apiRequest('DELETE', `/api/bookmarks/${story.id}`) : apiRequest('POST', '/api/bookmarks', { storyId: story.id }),
    onSuccess: (data, { story, bookmarked }) => {
      setStatus(queryClient, 'bookmarks', story.id, !bookmarked, !isQueuedWrite(data));
      if (isQueuedWrite(data)) return;
      void queryClient.invalidateQueries({ queryKey: ['/api/bookmarks'] });
      void queryClient.invalidateQueries({ queryKey: [`/api/bookmarks/check/${story.id}`] });
    },
  });
}

export function useToggleWatch() {
  const queryClient = useQueryClient();
  return useLazyMutation({
    mutationFn: ({ story, watched }: { story: StoryRef; watched: boolean }) =>
      watched ? apiRequest('DELETE', `/api/story-watches/${story.id}`) : apiRequest('POST', '/api/story-watches', { storyId: story.id }),
    onSuccess: (data, { story, watched }) => {
      setStatus(queryClient, 'watches', story.id, !watched, !isQueuedWrite(data));
      if (isQueuedWrite(data)) return;
      void queryClient.invalidateQueries({ queryKey: ['/api/story-watches'] });
    },
  });
}

export const notePath = (storyId: number) => `/api/stories/${storyId}/notes`;

export type NoteAction = 'create' | 'update' | 'delete';

/** Creates (POST), updates (PUT) or deletes a note; the notes batch check follows. */
export function useNoteMutation(storyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, note }: { action: NoteAction; note?: string }) =>
      action === 'delete'
        ? apiRequest('DELETE', notePath(storyId))
        : apiRequest<{ note: Note }>(action === 'create' ? 'POST' : 'PUT', notePath(storyId), { note }),
    onSuccess: (data, { action }) => setStatus(queryClient, 'notes', storyId, action !== 'delete', !isQueuedWrite(data)),
  });
}

export function useFlagStory(storyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flagType, reason }: { flagType: FlagType; reason: string }) =>
      apiRequest('POST', '/api/content-flags', { storyId, flagType, reason: reason.trim() === '' ? null : reason.trim() }),
    onSuccess: () => {
      setStatus(queryClient, 'flags', storyId, true);
      void queryClient.invalidateQueries({ queryKey: [`/api/content-flags/check/${storyId}`] });
    },
  });
}

/** Creates a share link; /api/my-shared-links is refreshed afterwards. */
export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: SharePayload) => apiRequest<{ sharedLink: SharedLink }>('POST', '/api/shared-links', payload),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['/api/my-shared-links'] }),
  });
}
