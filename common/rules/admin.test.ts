import { describe, expect, it } from 'vitest';
import {
  ADMIN_PAGE_SIZE,
  ADMIN_SEARCH_MIN_LENGTH,
  ADMIN_SEARCH_RESULTS_PER_TYPE,
  ACCESS_DENIED_REDIRECT_MS,
  adminSearchHours,
  adminSearchViewPath,
  DASHBOARD_SKELETON_CARDS,
  isSettingOn,
  normaliseSettingValue,
  paginationOf,
  parseSettingValue,
  PERFORMANCE_MONITOR_INTERVAL_MS,
  settingValueProblem,
  USERS_SKELETON_ROWS,
} from './admin.ts';

describe('the admin constants are the spec numbers (part 2 §9)', () => {
  it('users page size 25, 10 skeleton rows, 8 dashboard cards, 1 s redirect and monitor, search from 2 characters, 50 results', () => {
    expect([ADMIN_PAGE_SIZE, USERS_SKELETON_ROWS, DASHBOARD_SKELETON_CARDS]).toEqual([25, 10, 8]);
    expect([ACCESS_DENIED_REDIRECT_MS, PERFORMANCE_MONITOR_INTERVAL_MS]).toEqual([1000, 1000]);
    expect([ADMIN_SEARCH_MIN_LENGTH, ADMIN_SEARCH_RESULTS_PER_TYPE]).toEqual([2, 50]);
  });
});

describe('pagination', () => {
  it('gives the spec block for 1-based pages', () => {
    expect(paginationOf(1, 25, 0)).toEqual({ currentPage: 1, totalPages: 0, totalCount: 0, hasNext: false, hasPrevious: false });
    expect(paginationOf(1, 25, 26)).toEqual({ currentPage: 1, totalPages: 2, totalCount: 26, hasNext: true, hasPrevious: false });
    expect(paginationOf(2, 25, 50)).toEqual({ currentPage: 2, totalPages: 2, totalCount: 50, hasNext: false, hasPrevious: true });
  });
});

describe('settings', () => {
  it('parses a new value as JSON, keeping plain text when it is not (spec §5)', () => {
    expect(parseSettingValue('50')).toBe(50);
    expect(parseSettingValue('true')).toBe(true);
    expect(parseSettingValue('{"a":[1]}')).toEqual({ a: [1] });
    expect(parseSettingValue('hello world')).toBe('hello world');
    expect(parseSettingValue('{broken')).toBe('{broken');
  });

  it("reads a flag as on for true or the text 'true' only (spec §3)", () => {
    expect([true, 'true'].map(isSettingOn)).toEqual([true, true]);
    expect([false, 'false', 1, 'yes', null, undefined].map(isSettingOn)).toEqual([false, false, false, false, false, false]);
  });

  it('checks the settings the product reads against their type; anything else is free', () => {
    expect(settingValueProblem('maintenance_mode', true)).toBeNull();
    expect(settingValueProblem('maintenance_mode', 'true')).toBeNull();
    expect(settingValueProblem('maintenance_mode', 1)).toMatch(/true or false/);
    expect(settingValueProblem('contact_retention_days', 30)).toBeNull();
    expect(settingValueProblem('contact_retention_days', '30')).toBeNull();
    expect(settingValueProblem('contact_retention_days', 0)).toMatch(/at least 1/);
    expect(settingValueProblem('contact_retention_days', 3651)).toMatch(/at most 3650/);
    expect(settingValueProblem('contact_retention_days', 'soon')).toMatch(/whole number/);
    expect(settingValueProblem('stories_per_page', 25)).toBeNull();
    expect(settingValueProblem('stories_per_page', '100')).toBeNull();
    expect(settingValueProblem('stories_per_page', 30)).toBe('stories_per_page must be one of 10, 25, 50, 100');
    expect(settingValueProblem('min_story_score', 0)).toBeNull();
    expect(settingValueProblem('min_story_score', 501)).toBe('min_story_score must be at most 500');
    expect(settingValueProblem('anything_else', { any: 'thing' })).toBeNull();
    expect(normaliseSettingValue('maintenance_mode', 'true')).toBe(true);
    expect(normaliseSettingValue('contact_retention_days', '30')).toBe(30);
    expect(normaliseSettingValue('anything_else', 'true')).toBe('true');
  });
});

describe('admin search', () => {
  it('windows of the time filter, in hours', () => {
    expect(['all', '1h', '24h', '7d', '30d'].map((time) => adminSearchHours(time as Parameters<typeof adminSearchHours>[0]))).toEqual([null, 1, 24, 168, 720]);
  });

  it('View links go where the spec says (§2.9)', () => {
    expect(adminSearchViewPath('users')).toBe('/admin/users');
    expect(['stories', 'alerts', 'flags'].map((type) => adminSearchViewPath(type as 'stories'))).toEqual(['/admin/content', '/admin/content', '/admin/content']);
    expect(adminSearchViewPath('logs')).toBe('/admin/logs');
    expect(adminSearchViewPath('settings')).toBe('/admin/settings');
    expect(adminSearchViewPath('keywords')).toBe('/admin');
  });
});
