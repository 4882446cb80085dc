/** The administrator area's constants and pure rules (spec part 2 §2.9, §5, §9). */
import { MIN_STORY_SCORE_MAX, STORIES_PAGE_SIZES } from './limits.ts';
import { DEFAULT_PREFERENCES } from './preferences.ts';

/** Users page size and the most a page may ask for (the admin search asks for 100). */
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_PAGE_LIMIT_MAX = 100;
export const USERS_SKELETON_ROWS = 10;
export const DASHBOARD_SKELETON_CARDS = 8;
/** Spec §9: the access-denied redirect waits 1 s. */
export const ACCESS_DENIED_REDIRECT_MS = 1000;
/** Spec §2.7, §9: the performance monitor updates every second. */
export const PERFORMANCE_MONITOR_INTERVAL_MS = 1000;

export const ADMIN_SEARCH_MIN_LENGTH = 2;
export const ADMIN_SEARCH_MAX_LENGTH = 100;
/** Spec §9: the first 50 results of each type are shown. */
export const ADMIN_SEARCH_RESULTS_PER_TYPE = 50;
export const ADMIN_SEARCH_TYPES = ['all', 'users', 'stories', 'keywords', 'alerts', 'flags', 'logs', 'settings'] as const;
export type AdminSearchType = (typeof ADMIN_SEARCH_TYPES)[number];
export const ADMIN_SEARCH_TIMES = ['all', '1h', '24h', '7d', '30d'] as const;
export type AdminSearchTime = (typeof ADMIN_SEARCH_TIMES)[number];
const SEARCH_TIME_HOURS: Record<Exclude<AdminSearchTime, 'all'>, number> = { '1h': 1, '24h': 24, '7d': 168, '30d': 720 };

/** The window of a time filter in hours, or null for all time. */
export function adminSearchHours(time: AdminSearchTime): number | null {
  return time === 'all' ? null : SEARCH_TIME_HOURS[time];
}

/** Spec §2.9: where each result type's View link goes. */
export function adminSearchViewPath(type: Exclude<AdminSearchType, 'all'>): string {
  switch (type) {
    case 'users':
      return '/admin/users';
    case 'stories':
    case 'alerts':
    case 'flags':
      return '/admin/content';
    case 'logs':
      return '/admin/logs';
    case 'settings':
      return '/admin/settings';
    default:
      return '/admin';
  }
}

export const FLAG_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type FlagStatus = (typeof FLAG_STATUSES)[number];
export const FLAG_STATUS_FILTERS = ['all', ...FLAG_STATUSES] as const;
export type FlagStatusFilter = (typeof FLAG_STATUS_FILTERS)[number];

/** The pagination block of every admin list (spec §3), for 1-based pages. */
export function paginationOf(page: number, limit: number, totalCount: number) {
  const totalPages = Math.ceil(totalCount / limit);
  return { currentPage: page, totalPages, totalCount, hasNext: page < totalPages, hasPrevious: page > 1 };
}

/** Spec §5: a new setting's value is parsed as JSON and kept as plain text if that fails. */
export function parseSettingValue(input: string): unknown {
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}

/** Spec §3: a flag setting is on when it holds true or the text 'true'. */
export function isSettingOn(value: unknown): boolean {
  return value === true || value === 'true';
}

export const SETTING_CATEGORIES = ['feature_flags', 'limits', 'notifications', 'features'] as const;

/** How long contact messages are kept (docs/admin.md), unless the setting says otherwise. */
export const CONTACT_RETENTION_DAYS_DEFAULT = 365;

/** What everyone but admins is told while the site is in maintenance: on the maintenance page and in the API's 503. */
export const MAINTENANCE_MESSAGE = 'HN Trends is being updated and will be back shortly. Thank you for your patience.';

interface KnownSetting {
  kind: 'boolean' | 'integer';
  default: boolean | number;
  category: (typeof SETTING_CATEGORIES)[number];
  description: string;
  min?: number;
  max?: number;
  /** The only values allowed, when the setting is one of a few. */
  choices?: readonly number[];
}

/**
 * The settings the product reads, each declared once with its type, default and category; writes to these keys
 * are checked against the type. Any other key is stored as given.
 */
export const KNOWN_SETTINGS = {
  maintenance_mode: {
    kind: 'boolean',
    default: false,
    category: 'feature_flags',
    description: 'When on, everyone but admins sees the maintenance page, and the API answers them 503.',
  },
  enable_performance_monitor: {
    kind: 'boolean',
    default: false,
    category: 'feature_flags',
    description: 'Shows admins the performance monitor at the bottom right.',
  },
  contact_retention_days: {
    kind: 'integer',
    default: CONTACT_RETENTION_DAYS_DEFAULT,
    category: 'limits',
    description: 'Days a contact message is kept before it is deleted.',
    min: 1,
    max: 3650,
  },
  stories_per_page: {
    kind: 'integer',
    default: DEFAULT_PREFERENCES.storiesPerPage,
    category: 'limits',
    description: 'Stories a page of the list for everyone who has not chosen their own (10, 25, 50 or 100).',
    choices: STORIES_PAGE_SIZES,
  },
  min_story_score: {
    kind: 'integer',
    default: DEFAULT_PREFERENCES.minStoryScore,
    category: 'limits',
    description: 'The lowest score the list shows for everyone who has not chosen their own minimum.',
    min: 0,
    max: MIN_STORY_SCORE_MAX,
  },
} as const satisfies Record<string, KnownSetting>;
export type KnownSettingKey = keyof typeof KNOWN_SETTINGS;

/** Why `value` is not acceptable for `key`, or null when it is (unknown keys take anything). */
export function settingValueProblem(key: string, value: unknown): string | null {
  const known = (KNOWN_SETTINGS as Record<string, KnownSetting>)[key];
  if (!known) return null;
  if (known.kind === 'boolean') {
    return typeof value === 'boolean' || value === 'true' || value === 'false' ? null : `${key} must be true or false`;
  }
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) return `${key} must be a whole number`;
  if (known.min !== undefined && number < known.min) return `${key} must be at least ${known.min}`;
  if (known.max !== undefined && number > known.max) return `${key} must be at most ${known.max}`;
  if (known.choices && !known.choices.includes(number)) return `${key} must be one of ${known.choices.join(', ')}`;
  return null;
}

/** The value stored for a known key: a boolean or number in its own JSON type, whichever way it was written. */
export function normaliseSettingValue(key: string, value: unknown): unknown {
  const known = (KNOWN_SETTINGS as Record<string, KnownSetting>)[key];
  if (!known || typeof value !== 'string') return value;
  return known.kind === 'boolean' ? value === 'true' : Number(value);
}
