import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Collection, CollectionDetail, SharedCollection } from '#common/contracts/collections.ts';
import { apiRequest, getJson } from '@/lib/api';

export const COLLECTIONS_PATH = '/api/collections';

/** Every answer about collections starts with the path: one invalidation refreshes lists, details and memberships. */
const refresh = (queryClient: QueryClient) => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(COLLECTIONS_PATH) });

/** My collections; with `storyId`, each says whether it holds that story. */
export function useCollections(storyId?: number, enabled = true) {
  const path = storyId === undefined ? COLLECTIONS_PATH : `${COLLECTIONS_PATH}?storyId=${storyId}`;
  return useQuery({ queryKey: [COLLECTIONS_PATH, { storyId }], queryFn: async () => (await getJson<{ collections: Collection[] }>(path)).collections, enabled });
}

export function useCollection(id: number) {
  return useQuery({ queryKey: [`${COLLECTIONS_PATH}/${id}`], queryFn: () => getJson<CollectionDetail>(`${COLLECTIONS_PATH}/${id}`) });
}

export function useSharedCollection(token: string) {
  // Its owner changes it elsewhere: asked again each time the page opens.
  return useQuery({
    queryKey: ['/api/shared-collections', token],
    queryFn: () => getJson<SharedCollection>(`/api/shared-collections/${encodeURIComponent(token)}`),
    retry: false,
    staleTime: 0,
  });
}

export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; description?: string | null }) => apiRequest<{ collection: Collection }>('POST', COLLECTIONS_PATH, body),
    onSuccess: () => refresh(queryClient),
  });
}

export function useUpdateCollection(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; description?: string | null }) => apiRequest<{ collection: Collection }>('PATCH', `${COLLECTIONS_PATH}/${id}`, body),
    onSuccess: () => refresh(queryClient),
  });
}

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  // Not awaited: the page of the deleted collection moves away at once instead of refetching it first.
  return useMutation({ mutationFn: (id: number) => apiRequest('DELETE', `${COLLECTIONS_PATH}/${id}`), onSuccess: () => void refresh(queryClient) });
}

/** Adds the story to the collection, or takes it out (`inside` false). */
export function useSetMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ collectionId, storyId, inside }: { collectionId: number; storyId: number; inside: boolean }) =>
      inside
        ? apiRequest<{ collection: Collection }>('POST', `${COLLECTIONS_PATH}/${collectionId}/stories`, { storyId })
        : apiRequest<{ collection: Collection }>('DELETE', `${COLLECTIONS_PATH}/${collectionId}/stories/${storyId}`),
    onSuccess: () => refresh(queryClient),
  });
}

/** Shares the collection (`shared` true) or revokes its link. */
export function useSetSharing(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shared: boolean) => apiRequest<{ collection: Collection }>(shared ? 'POST' : 'DELETE', `${COLLECTIONS_PATH}/${id}/share`),
    onSuccess: () => refresh(queryClient),
  });
}
