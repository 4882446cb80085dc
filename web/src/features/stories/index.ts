export { StoryList, DEFAULT_LIST_SETTINGS, storyListQuery, type StoryListSettings } from './components/story-list';
export { storyListKey, storyListPath } from './api';
export { firstScreenOf, type FirstScreen } from './first-screen';
