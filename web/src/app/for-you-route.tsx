import { ForYouPage } from '@/features/recommendations/for-you-page';
import { storyWithActions } from './story-with-actions';

/** /for-you: the recommendations, each story shown as a story card with its actions (composed here). */
export function ForYouRoute() {
  return <ForYouPage renderStory={storyWithActions(Date.now())} />;
}
