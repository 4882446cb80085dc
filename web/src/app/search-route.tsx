import { SearchPage } from '@/features/search/search-page';
import { storyWithActions } from './story-with-actions';

/** /search: the search page, each result shown as a story card with its actions (composed here). */
export function SearchRoute() {
  return <SearchPage renderStory={storyWithActions(Date.now())} />;
}
