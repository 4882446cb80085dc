import { describe, expect, it } from 'vitest';
import { executionMessage, nextRunAfter, STANDARD_TASKS, RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from './maintenance.ts';

describe('maintenance rules', () => {
  const at = (iso: string) => Date.parse(iso);

  it('runs a task that never ran now, then a day, a week or a calendar month after its last run', () => {
    const now = at('2026-11-24T10:00:00Z');
    expect(nextRunAfter(null, 'weekly', now)).toBe(now);
    expect(new Date(nextRunAfter(at('2026-11-24T03:00:00Z'), 'daily', now)).toISOString()).toBe('2026-11-25T03:00:00.000Z');
    expect(new Date(nextRunAfter(at('2026-11-24T03:00:00Z'), 'weekly', now)).toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(new Date(nextRunAfter(at('2026-12-15T03:00:00Z'), 'monthly', now)).toISOString()).toBe('2027-01-15T03:00:00.000Z');
  });

  it('keeps a month-end run at the end of a shorter month', () => {
    expect(new Date(nextRunAfter(at('2027-01-31T03:00:00Z'), 'monthly', 0)).toISOString()).toBe('2027-02-28T03:00:00.000Z');
    expect(new Date(nextRunAfter(at('2028-01-31T03:00:00Z'), 'monthly', 0)).toISOString()).toBe('2028-02-29T03:00:00.000Z');
  });

  it('gives every standard task a retention the settings accept, and unique names', () => {
    expect(new Set(STANDARD_TASKS.map((task) => task.taskName)).size).toBe(STANDARD_TASKS.length);
    for (const task of STANDARD_TASKS) {
      expect(task.retentionDays).toBeGreaterThanOrEqual(RETENTION_DAYS_MIN);
      expect(task.retentionDays).toBeLessThanOrEqual(RETENTION_DAYS_MAX);
    }
  });

  it("words the Run Now toast as the spec's messages do", () => {
    expect(executionMessage({ success: true, recordsDeleted: 1200, spaceSavedMB: 3.456, errorMessage: null })).toBe('Task completed: 1200 records deleted, 3.46 MB saved');
    expect(executionMessage({ success: false, recordsDeleted: 0, spaceSavedMB: 0, errorMessage: 'relation is locked' })).toBe('Task failed: relation is locked');
  });
});
