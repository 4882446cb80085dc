import { describe, expect, it } from 'vitest';
import * as limits from './limits.ts';

describe('limits (the spec numbers)', () => {
  it('bounds notes at 1000 characters with hints above 800 and 950', () => {
    expect([limits.NOTE_WARN_AT, limits.NOTE_DANGER_AT, limits.NOTE_MAX_LENGTH]).toEqual([800, 950, 1000]);
  });

  it('bounds flag details at 500 characters and labels every flag type', () => {
    expect(limits.FLAG_REASON_MAX_LENGTH).toBe(500);
    expect(limits.FLAG_TYPES.map((type) => limits.FLAG_TYPE_LABELS[type])).toEqual([
      'Spam',
      'Inappropriate Content',
      'Duplicate',
      'Misleading',
      'Off-topic',
      'Other',
    ]);
  });

  it('has the page sizes and refresh intervals', () => {
    expect(limits.BOOKMARKS_PAGE_SIZE).toBe(25);
    expect(limits.STORIES_PAGE_SIZES).toEqual([10, 25, 50, 100]);
    expect(limits.REFRESH_INTERVALS_MINUTES).toEqual([1, 2, 5, 10, 15, 30]);
    expect(limits.STORY_LIST_MAX_LIMIT).toBe(1000);
  });

  it('has the preference and alert ranges with defaults inside them', () => {
    expect(limits.MIN_STORY_SCORE_MAX).toBe(500);
    expect([limits.MAX_EMAILS_PER_DAY_MIN, limits.MAX_EMAILS_PER_DAY_DEFAULT, limits.MAX_EMAILS_PER_DAY_MAX]).toEqual([
      1, 10, 50,
    ]);
    expect([limits.ALERT_THRESHOLD_MIN, limits.ALERT_THRESHOLD_DEFAULT, limits.ALERT_THRESHOLD_MAX]).toEqual([1, 5, 100]);
  });

  it('has the email frequencies and types', () => {
    expect(limits.EMAIL_FREQUENCIES).toEqual(['immediate', 'hourly', 'daily', 'weekly', 'bi_weekly', 'monthly']);
    // Part 2 §3's five, then trending alerts: a kind of email (§1) with its own unsubscribe type (§4), so its own control.
    expect(limits.EMAIL_TYPES).toEqual([
      'weekly_digest',
      'keyword_alert',
      'keyword_digest',
      'prediction_alert',
      'watch_notification',
      'trending_alerts',
    ]);
  });

  it('has the UI timings and counts', () => {
    expect(limits.WATCH_TITLE_TOAST_MAX).toBe(50);
    expect(limits.SKELETON_CARDS).toBe(6);
    expect(limits.SLOW_LOAD_HINT_MS).toBe(10_000);
    expect(limits.TOAST_DURATION_MS).toBe(5000);
    expect(limits.LOGIN_REDIRECT_DELAY_MS).toBe(500);
  });
});
