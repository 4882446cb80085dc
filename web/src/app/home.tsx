import { AnnouncementBanner } from '@/features/announcements/announcement-banner';
import { LandingPage } from '@/features/landing/landing-page';
import { OnboardingDialog } from '@/features/onboarding/onboarding-dialog';
import { usePreferences } from '@/features/preferences/api';
import { StoryList } from '@/features/stories';
import { useDocumentTitle } from '@/lib/document-title';
import type { CurrentUser } from '@/lib/session';

/** '/': the landing page for visitors, the story list for signed-in people. */
export function HomeRoute({ user }: { user: CurrentUser | null }) {
  return (
    <div className="grid gap-6">
      <AnnouncementBanner signedIn={user !== null} />
      {user ? <StoriesHome user={user} /> : <LandingPage />}
    </div>
  );
}

function StoriesHome({ user }: { user: CurrentUser }) {
  useDocumentTitle();
  const preferences = usePreferences(true);
  return (
    <>
      <h1 className="sr-only">Stories</h1>
      <StoryList settings={preferences.data} settingsLoading={preferences.isPending} />
      {!user.onboardingCompleted && <OnboardingDialog />}
    </>
  );
}
