import type { CurrentUser, Role } from '#common/contracts/accounts.ts';
import { ROLES } from '#common/contracts/accounts.ts';
import type { users } from '../../db/schema/accounts.ts';

type UserRow = typeof users.$inferSelect;

export function presentCurrentUser(user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'displayName' | 'image' | 'role' | 'onboardingCompleted'>): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    displayName: user.displayName ?? null,
    profileImageUrl: user.image ?? null,
    role: (ROLES as readonly string[]).includes(user.role) ? (user.role as Role) : 'user',
    onboardingCompleted: user.onboardingCompleted,
  };
}

export function presentProfile(user: UserRow, viewer: { isOwner: boolean; isAdmin: boolean }) {
  return {
    id: user.id,
    handle: user.handle,
    displayName: user.displayName,
    bio: user.bio,
    location: user.location,
    website: user.website,
    twitterHandle: user.twitterHandle,
    githubHandle: user.githubHandle,
    isPublic: user.isPublic,
    profileImageUrl: user.image,
    firstName: user.firstName,
    lastName: user.lastName,
    // An address is private: only its owner (and admins, who run the site) see it.
    ...(viewer.isOwner || viewer.isAdmin ? { email: user.email } : {}),
    createdAt: user.createdAt.toISOString(),
    isOwner: viewer.isOwner,
  };
}
