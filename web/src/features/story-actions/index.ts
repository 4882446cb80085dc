export { StoryActions, StoryActionsScope, type StoryActionsProps } from './components/story-actions';
export { trackStoryView, type StoryPosition, type StoryViewType } from './analytics';
export { ALL_STATUSES_PATH, BATCH_CALLS, batchIds, batchStatusKey, type StatusKind } from './api';
