export { StoryList, DEFAULT_LIST_SETTINGS, storyListQuery, type StoryListSettings } from './components/story-list';
export { storyListKey, storyListPath } from './api';
export { firstScreenOf } from './first-screen';
