import { OnboardingDialog } from '@/features/onboarding/onboarding-dialog';
import { usePreferences } from '@/features/preferences/api';
import { StoryList } from '@/features/stories';
import { useDocumentTitle } from '@/lib/document-title';
import type { CurrentUser } from '@/lib/session';

/** The signed-in home: the story list (and onboarding for newcomers). Loaded on its own, after sign-in. */
export function StoriesHome({ user }: { user: CurrentUser }) {
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
