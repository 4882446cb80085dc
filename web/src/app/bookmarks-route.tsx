import { BookmarksPage } from '@/features/bookmarks/bookmarks-page';
import { AddToCollection } from '@/features/collections/add-to-collection';
import { PaginationBar } from '@/components/pagination-bar';
import type { Story } from '#common/contracts/stories.ts';
import { storyWithActions } from './story-with-actions';

/**
 * /bookmarks: the bookmarks page, each story shown as a story card with its actions (composed here), and under it
 * "Add to collection" (the card itself stays as on every list).
 */
export function BookmarksRoute() {
  const renderCard = storyWithActions(Date.now());
  const renderStory = (story: Story, storyIds: readonly number[]) => (
    <div className="grid gap-1.5">
      {renderCard(story, storyIds)}
      <div className="flex justify-end px-1">
        <AddToCollection story={story} />
      </div>
    </div>
  );
  return <BookmarksPage Pagination={PaginationBar} renderStory={renderStory} />;
}
