import { BookmarksPage } from '@/features/bookmarks/bookmarks-page';
import { PaginationBar } from '@/components/pagination-bar';
import { storyWithActions } from './story-with-actions';

/** /bookmarks: the bookmarks page, each story shown as a story card with its actions (composed here). */
export function BookmarksRoute() {
  return <BookmarksPage Pagination={PaginationBar} renderStory={storyWithActions(Date.now())} />;
}
