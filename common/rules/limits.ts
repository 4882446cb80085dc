/**
 * Business constants shared by the server and the web app
 * (part 1 §5, §9 and part 2 §2.2, §3, §5, §9).
 */

/** Private note on a story: at most 1000 characters; the remaining-characters hint turns orange above 800 and red above 950. */
export const NOTE_MAX_LENGTH = 1000;
export const NOTE_WARN_AT = 800;
export const NOTE_DANGER_AT = 950;

/** Optional details of a content flag. */
export const FLAG_REASON_MAX_LENGTH = 500;

export const FLAG_TYPES = ['spam', 'inappropriate', 'duplicate', 'misleading', 'off-topic', 'other'] as const;
export type FlagType = (typeof FLAG_TYPES)[number];
/** The spec names only 'Spam' and 'Inappropriate Content'; the other labels are the type names capitalised. */
export const FLAG_TYPE_LABELS: Readonly<Record<FlagType, string>> = {
  spam: 'Spam',
  inappropriate: 'Inappropriate Content',
  duplicate: 'Duplicate',
  misleading: 'Misleading',
  'off-topic': 'Off-topic',
  other: 'Other',
};

export const BOOKMARKS_PAGE_SIZE = 25;
export const STORIES_PAGE_SIZES = [10, 25, 50, 100] as const;
export const REFRESH_INTERVALS_MINUTES = [1, 2, 5, 10, 15, 30] as const;

/** Upper bound of the minimum story score on the preferences screen (the lower bound is 0). */
export const MIN_STORY_SCORE_MAX = 500;

export const MAX_EMAILS_PER_DAY_MIN = 1;
export const MAX_EMAILS_PER_DAY_MAX = 50;
export const MAX_EMAILS_PER_DAY_DEFAULT = 10;

export const EMAIL_FREQUENCIES = ['immediate', 'hourly', 'daily', 'weekly', 'bi_weekly', 'monthly'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];

export const EMAIL_TYPES = [
  'weekly_digest',
  'keyword_alert',
  'keyword_digest',
  'prediction_alert',
  'watch_notification',
  // Not in part 2 §3's list, but a kind of email (§1) with its own unsubscribe type (§4), so its own limits too.
  'trending_alerts',
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

/** Every kind of email the product sends (part 2 §1): the controlled types, the one-off welcome, and admins' notice of a contact message. */
export const EMAIL_KINDS = [...EMAIL_TYPES, 'welcome', 'contact_message'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** What an unsubscribe link may name (part 2 §4); without a type it stops every email notification. */
export const UNSUBSCRIBE_TYPES = ['keyword_alert', 'weekly_digest', 'trending_alerts', 'prediction_alert', 'welcome', 'keyword_digest', 'watch_notification', 'contact_message'] as const;
export type UnsubscribeType = (typeof UNSUBSCRIBE_TYPES)[number];

/** The admin's test email types (part 2 §3), each the kind it previews. */
export const TEST_EMAIL_TYPES = ['keyword-alert', 'weekly-digest', 'prediction-alert', 'watch-notification', 'welcome'] as const;
export type TestEmailType = (typeof TEST_EMAIL_TYPES)[number];

/** Email log statuses (part 2 §4), and the outbox's own: sending while in flight, skipped with the reason. */
export const EMAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** Custom digest content styles (part 2 §3). */
export const DIGEST_CONTENT_STYLES = ['default', 'info', 'announcement', 'tip', 'warning', 'celebration', 'quote'] as const;
export type DigestContentStyle = (typeof DIGEST_CONTENT_STYLES)[number];
export const DIGEST_CONTENT_MAX_LENGTH = 20_000;
/** The email activity log's page size. */
export const EMAIL_LOG_PAGE_SIZE = 50;
/** Newsletter daily activity covers the last 30 days (part 2 §9). */
export const NEWSLETTER_ACTIVITY_DAYS = 30;

/** Advanced and admin search fetch up to 1000 stories in one call, so story list calls accept a `limit` up to this. */
export const STORY_LIST_MAX_LIMIT = 1000;

export const ALERT_THRESHOLD_MIN = 1;
export const ALERT_THRESHOLD_MAX = 100;
export const ALERT_THRESHOLD_DEFAULT = 5;

/** The watch toasts show the story title cut at this many characters. */
export const WATCH_TITLE_TOAST_MAX = 50;

/** Skeleton cards shown while the story list loads. */
export const SKELETON_CARDS = 6;
/** Delay before the story list shows its slow-load hint. */
export const SLOW_LOAD_HINT_MS = 10_000;
export const TOAST_DURATION_MS = 5000;
/** Delay before redirecting to the login path after an unauthorized error. */
export const LOGIN_REDIRECT_DELAY_MS = 500;
