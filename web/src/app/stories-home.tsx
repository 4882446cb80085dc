import { Suspense } from 'react';
import { KeywordAlertBadge, KeywordAlertsScope, KeywordAlertSound } from '@/features/keywords';
import { usePreferences } from '@/features/preferences/api';
import { StoryActions, StoryActionsScope, trackStoryView } from '@/features/story-actions';
import { StoryList } from '@/features/stories';
import { useDocumentTitle } from '@/lib/document-title';
import type { CurrentUser } from '@/lib/session';
import { lazyPage } from './lazy-page';

// Only newcomers see it, once: its code (and the form controls it uses) stays out of the story list's.
const OnboardingDialog = lazyPage(async () => (await import('@/features/onboarding/onboarding-dialog')).OnboardingDialog);

/** The signed-in home: the story list with each story's actions (and onboarding for newcomers). Loaded on its own, after sign-in. */
export function StoriesHome({ user }: { user: CurrentUser }) {
  useDocumentTitle();
  const preferences = usePreferences(true);
  return (
    <>
      <h1 className="sr-only">Stories</h1>
      <StoryList
        settings={preferences.data}
        settingsLoading={preferences.isPending}
        renderActions={(story, { storyIds }) => <StoryActions story={story} storyIds={storyIds} signedIn />}
        renderBadges={(story) => <KeywordAlertBadge storyId={story.id} title={story.title} />}
        wrapCards={(cards, { storyIds }) => (
          <KeywordAlertsScope>
            <KeywordAlertSound enabled={preferences.data?.keywordAlertsSound ?? false}>
              <StoryActionsScope storyIds={storyIds} signedIn>
                {cards}
              </StoryActionsScope>
            </KeywordAlertSound>
          </KeywordAlertsScope>
        )}
        onStoryLinkClick={(story, link, featured) =>
          trackStoryView(story, link === 'title' ? 'title_click' : 'comments_click', featured ? 'featured' : 'regular')
        }
      />
      {!user.onboardingCompleted && (
        <Suspense fallback={null}>
          <OnboardingDialog />
        </Suspense>
      )}
    </>
  );
}
