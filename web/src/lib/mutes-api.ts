import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Mute } from '#common/contracts/mutes.ts';
import type { MuteKind } from '#common/rules/mutes.ts';
import { useLazyMutation } from '@/lib/lazy-mutation';
import { apiRequest, getJson, isQueuedWrite, isUnauthorizedError, messageOf, type QueuedWrite } from '@/lib/api';

export const MUTES_PATH = '/api/user/mutes';
const MUTES_KEY = [MUTES_PATH] as const;
/** Every answer muting changes: the lists, search, predictions and a keyword's stories (their keys' first parts). */
const MUTED_SURFACES = ['/api/stories', '/api/search', '/api/stories/predictions', '/api/keywords'];

export function useMutes() {
  return useQuery({ queryKey: MUTES_KEY, queryFn: async () => (await getJson<{ mutes: Mute[] }>(MUTES_PATH)).mutes });
}

function refreshMutedSurfaces(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: MUTES_KEY }),
    ...MUTED_SURFACES.map((key) => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(key) })),
  ]);
}

/** Adding a rule: a new one is sent; what it hides goes once the answers it changes are asked again. */
function addMuteOptions(queryClient: QueryClient) {
  return {
    mutationFn: (rule: { kind: MuteKind; value: string }) => apiRequest<{ mute: Mute } | QueuedWrite>('POST', MUTES_PATH, rule),
    // A rule queued offline changes nothing yet: the lists reload once it has been sent (lib/service-worker.ts).
    onSuccess: (data: { mute: Mute } | QueuedWrite) => void (isQueuedWrite(data) || refreshMutedSurfaces(queryClient)),
  };
}

function removeMuteOptions(queryClient: QueryClient) {
  return {
    mutationFn: (id: number) => apiRequest('DELETE', `${MUTES_PATH}/${id}`),
    onSuccess: (data: unknown) => void (isQueuedWrite(data) || refreshMutedSurfaces(queryClient)),
  };
}

export function useAddMute() {
  return useMutation(addMuteOptions(useQueryClient()));
}

export function useRemoveMute() {
  return useMutation(removeMuteOptions(useQueryClient()));
}

/**
 * Adds a rule from a card (hide this story, mute this domain or author) and says so in a toast whose Undo removes it
 * again: one action, undone in one more.
 */
export function useMuteWithUndo() {
  // Lazy: every card of a list holds this, and nearly nobody mutes from most of them (lib/lazy-mutation.ts).
  const queryClient = useQueryClient();
  const add = useLazyMutation(addMuteOptions(queryClient));
  const remove = useLazyMutation(removeMuteOptions(queryClient));
  return (rule: { kind: MuteKind; value: string }, done: string) =>
    add.mutate(rule, {
      onSuccess: (data) => {
        if (isQueuedWrite(data)) {
          toast.success(done, { description: 'You are offline: it will be saved when the connection is back.' });
          return;
        }
        const { mute } = data;
        toast.success(done, {
          action: {
            label: 'Undo',
            onClick: () =>
              remove.mutate(mute.id, {
                onSuccess: () => toast.success('Undone'),
                onError: (error) => void (isUnauthorizedError(error) || toast.error(messageOf(error, 'Could not undo. Try again from Muted stories.'))),
              }),
          },
        });
      },
      onError: (error) => {
        if (!isUnauthorizedError(error)) toast.error(messageOf(error, 'Could not mute. Please try again.'));
      },
    });
}
