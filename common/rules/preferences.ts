import type { StorySort } from './sorts.ts';

/** A person's display and notification preferences (spec part 2 §3). */
export interface Preferences {
  storiesPerPage: number;
  defaultSort: StorySort;
  minStoryScore: number;
  compactView: boolean;
  showDomains: boolean;
  darkMode: boolean;
  autoRefresh: boolean;
  refreshInterval: number;
  emailNotifications: boolean;
  keywordAlertsSound: boolean;
  weeklyDigest: boolean;
  trendingAlerts: boolean;
  predictionAlerts: boolean;
}

/** The preferences screen's defaults (spec part 2 §3): what is stored and what Reset to Defaults restores. */
export const DEFAULT_PREFERENCES: Preferences = {
  storiesPerPage: 25,
  defaultSort: 'trending',
  minStoryScore: 0,
  compactView: false,
  showDomains: true,
  darkMode: false,
  autoRefresh: true,
  refreshInterval: 5,
  emailNotifications: true,
  keywordAlertsSound: true,
  weeklyDigest: true,
  trendingAlerts: false,
  predictionAlerts: false,
};
