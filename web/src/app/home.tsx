import { AnnouncementBanner } from '@/features/announcements/announcement-banner';
import { LandingPage } from '@/features/landing/landing-page';
import type { CurrentUser } from '@/lib/session';
import { StoriesHome } from './signed-in-frame';

/** '/': the landing page for visitors, the story list for signed-in people. */
export function HomeRoute({ user }: { user: CurrentUser | null }) {
  return (
    <div className="grid gap-6">
      <AnnouncementBanner signedIn={user !== null} />
      {user ? <StoriesHome user={user} /> : <LandingPage />}
    </div>
  );
}
