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

/**
 * The defaults (spec part 2 §3, with part 1 §3's list defaults: 50 stories a page, min score 10, which the spec also
 * gives). A person's stored preferences are laid over them; the site's settings may change the list's two.
 */
export const DEFAULT_PREFERENCES: Preferences = {
  storiesPerPage: 50,
  defaultSort: 'trending',
  minStoryScore: 10,
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

/** The list defaults an admin may change for everyone who has not chosen (settings stories_per_page, min_story_score). */
export type SiteListDefaults = Pick<Preferences, 'storiesPerPage' | 'minStoryScore'>;

/** The defaults in force on this site: what a person with nothing stored gets, and what Reset to Defaults restores. */
export function siteDefaultPreferences(site: SiteListDefaults): Preferences {
  return { ...DEFAULT_PREFERENCES, ...site };
}
