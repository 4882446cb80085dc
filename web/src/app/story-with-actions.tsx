import type { ReactNode } from 'react';
import type { Story } from '#common/contracts/stories.ts';
import { KeywordAlertBadge, KeywordAlertSound } from '@/features/keywords';
import { usePreferences } from '@/features/preferences/api';
import { StoryActions, trackStoryView } from '@/features/story-actions';
import { StoryCard } from '@/features/stories/components/story-card';

/**
 * How pages other than the story list (bookmarks, search) show a story: the story card with its actions and the
 * badge of the reader's keyword alerts it matches (after the page's own `badges`); `storyIds` are every story of the page, for the actions' batch checks.
 */
export function storyWithActions(nowMs: number) {
  return function renderStory(story: Story, storyIds: readonly number[], badges?: ReactNode) {
    return (
      <StoryCard
        story={story}
        nowMs={nowMs}
        featured={false}
        actions={<StoryActions story={story} storyIds={storyIds} signedIn />}
        extraBadges={
          <>
            {badges}
            <AlertBadge story={story} />
          </>
        }
        onLinkClick={(link) => trackStoryView(story, link === 'title' ? 'title_click' : 'comments_click', 'regular')}
      />
    );
  };
}

/** The keyword alert badge, with the chime when the person wants it (their preferences are cached once read). */
function AlertBadge({ story }: { story: Story }) {
  const sound = usePreferences(true).data?.keywordAlertsSound ?? false;
  return (
    <KeywordAlertSound enabled={sound}>
      <KeywordAlertBadge storyId={story.id} title={story.title} />
    </KeywordAlertSound>
  );
}
