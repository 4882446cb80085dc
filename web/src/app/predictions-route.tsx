import { PredictionsPage } from '@/features/predictions/predictions-page';
import { PaginationBar } from '@/components/pagination-bar';
import { storyWithActions } from './story-with-actions';

/** /predictions: the predictions page, each story a story card with its actions and its prediction badges. */
export function PredictionsRoute() {
  return <PredictionsPage Pagination={PaginationBar} renderStory={storyWithActions(Date.now())} />;
}
