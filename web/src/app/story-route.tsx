import { StoryActions } from '@/features/story-actions';
import { StoryPage } from '@/features/story-page/story-page';

/** /stories/{id}: the story page with the card's actions for its story (composed here: features never import each other). */
export function StoryRoute({ id, signedIn }: { id: string | undefined; signedIn: boolean }) {
  return <StoryPage id={id} renderActions={(story) => <StoryActions story={story} storyIds={[story.id]} signedIn={signedIn} />} />;
}
