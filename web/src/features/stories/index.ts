export { StoryList, DEFAULT_LIST_SETTINGS, storyListQuery, type StoryListSettings } from './components/story-list';
export { storyListKey, storyListPath } from './api';
export { FIRST_SCREEN_KEY, firstScreenOf, type FirstScreen } from './first-screen';
