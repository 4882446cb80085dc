export { StoryList, DEFAULT_LIST_SETTINGS, type StoryListSettings } from './components/story-list';
