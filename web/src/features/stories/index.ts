export { StoryList, DEFAULT_LIST_SETTINGS, initialStoryListQuery, type StoryListSettings } from './components/story-list';
export { storyListKey, storyListPath } from './api';
