export { StoryActions, type StoryActionsProps } from './components/story-actions';
export { trackStoryView, type StoryPosition, type StoryViewType } from './analytics';
