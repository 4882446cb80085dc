import { lazy } from 'react';
import { AnnouncementBanner } from '@/features/announcements/announcement-banner';
import { LandingPage } from '@/features/landing/landing-page';
import type { CurrentUser } from '@/lib/session';

// Visitors never download the story list: it is a separate chunk, fetched once someone is signed in.
const StoriesHome = lazy(async () => ({ default: (await import('./stories-home')).StoriesHome }));

/** '/': the landing page for visitors, the story list for signed-in people. */
export function HomeRoute({ user }: { user: CurrentUser | null }) {
  return (
    <div className="grid gap-6">
      <AnnouncementBanner signedIn={user !== null} />
      {user ? <StoriesHome user={user} /> : <LandingPage />}
    </div>
  );
}
