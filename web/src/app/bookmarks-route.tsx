import { BookmarksPage } from '@/features/bookmarks/bookmarks-page';
import { KeywordAlertBadge } from '@/features/keywords';
import { StoryActions, trackStoryView } from '@/features/story-actions';
import { PaginationBar } from '@/features/stories/components/pagination-bar';
import { StoryCard } from '@/features/stories/components/story-card';

/** /bookmarks: the bookmarks page, each story shown as a story card with its actions (composed here). */
export function BookmarksRoute() {
  const nowMs = Date.now();
  return (
    <BookmarksPage
      Pagination={PaginationBar}
      renderStory={(story, storyIds) => (
        <StoryCard
          story={story}
          nowMs={nowMs}
          featured={false}
          actions={<StoryActions story={story} storyIds={storyIds} signedIn />}
          extraBadges={<KeywordAlertBadge storyId={story.id} title={story.title} />}
          onLinkClick={(link) => trackStoryView(story, link === 'title' ? 'title_click' : 'comments_click', 'regular')}
        />
      )}
    />
  );
}
