import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '@/lib/api';

export interface Profile {
  id: string;
  handle: string | null;
  displayName: string | null;
  bio: string | null;
  location: string | null;
  website: string | null;
  twitterHandle: string | null;
  githubHandle: string | null;
  isPublic: boolean;
  profileImageUrl: string | null;
  firstName: string | null;
  lastName: string | null;
  /** Only on the owner's own profile. */
  email?: string | null;
  createdAt: string;
  isOwner: boolean;
}

export type ProfileEdit = Pick<Profile, 'displayName' | 'bio' | 'location' | 'website' | 'twitterHandle' | 'githubHandle' | 'isPublic'>;

const profileKey = (identifier: string) => ['/api/profile', identifier] as const;

export function useProfile(identifier: string) {
  return useQuery({
    queryKey: profileKey(identifier),
    queryFn: async () => (await getJson<{ profile: Profile }>(`/api/profile/${encodeURIComponent(identifier)}`)).profile,
  });
}

export function useUpdateProfile(identifier: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (edit: ProfileEdit) => (await apiRequest<{ profile: Profile }>('PUT', '/api/profile', edit)).profile,
    onSuccess: (profile) => queryClient.setQueryData(profileKey(identifier), profile),
  });
}

export function useDeleteAccount() {
  // The password again, for accounts that have one: a session alone does not delete an account.
  return useMutation({ mutationFn: (password: string | undefined) => apiRequest('DELETE', '/api/user', password === undefined ? {} : { password }) });
}

/** Download of everything the product holds about the signed-in person (a browser download, not a query). */
export const EXPORT_PATH = '/api/user/export';
