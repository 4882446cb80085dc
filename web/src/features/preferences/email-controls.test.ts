import { describe, expect, it } from 'vitest';
import { EMAIL_TYPES } from '#common/rules/limits.ts';
import { controlToSave, DEFAULT_EMAIL_SETTINGS, DEFAULT_KINDS, emailStateOf, type EmailControl } from './email-controls';

const stored = (overrides: Partial<Record<(typeof EMAIL_TYPES)[number], Partial<EmailControl>>> = {}): EmailControl[] =>
  EMAIL_TYPES.map((emailType) => ({ ...DEFAULT_EMAIL_SETTINGS, emailType, isActive: true, ...overrides[emailType] }));

describe('email controls on the preferences screen', () => {
  it('shows the defaults when nothing is stored yet', () => {
    expect(emailStateOf([])).toEqual({ shared: DEFAULT_EMAIL_SETTINGS, kinds: DEFAULT_KINDS });
  });

  it('takes the shared settings from what most kinds hold, and marks only the kinds that differ', () => {
    const { shared, kinds } = emailStateOf(
      stored({
        keyword_alert: { frequency: 'daily' },
        keyword_digest: { frequency: 'daily', maxEmailsPerDay: 3 },
        prediction_alert: { frequency: 'daily' },
        watch_notification: { isActive: false },
      }),
    );
    expect(shared.frequency).toBe('daily');
    expect(shared.maxEmailsPerDay).toBe(10);
    expect(kinds.keyword_alert).toEqual({ frequency: null, maxEmailsPerDay: null, isActive: true });
    expect(kinds.keyword_digest).toEqual({ frequency: null, maxEmailsPerDay: 3, isActive: true });
    expect(kinds.trending_alerts).toEqual({ frequency: 'immediate', maxEmailsPerDay: null, isActive: true });
    expect(kinds.watch_notification.isActive).toBe(false);
  });

  it('keeps the newsletter on a Sunday frequency: weekly unless it is every two weeks or monthly', () => {
    expect(emailStateOf(stored()).kinds.weekly_digest.frequency).toBe('weekly');
    expect(emailStateOf(stored({ weekly_digest: { frequency: 'monthly' } })).kinds.weekly_digest.frequency).toBe('monthly');
  });

  it('saves each kind as the shared settings with its own choices over them, and round-trips', () => {
    const controls = stored({ keyword_digest: { frequency: 'hourly', maxEmailsPerDay: 2 }, weekly_digest: { frequency: 'bi_weekly' } });
    const { shared, kinds } = emailStateOf(controls);
    const saved = EMAIL_TYPES.map((emailType) => ({ emailType, timezone: null, ...controlToSave(emailType, { ...shared, timezone: 'Europe/London' }, kinds[emailType]) }));
    expect(saved.find((control) => control.emailType === 'keyword_digest')).toMatchObject({ frequency: 'hourly', maxEmailsPerDay: 2, timezone: 'Europe/London' });
    expect(saved.find((control) => control.emailType === 'keyword_alert')).toMatchObject({ frequency: 'immediate', maxEmailsPerDay: 10 });
    expect(saved.find((control) => control.emailType === 'weekly_digest')).toMatchObject({ frequency: 'bi_weekly' });
    expect(emailStateOf(saved).kinds).toEqual(kinds);
  });

  it('leaves out a time zone never saved, so saving other settings does not make the UTC fallback a choice', () => {
    const { shared, kinds } = emailStateOf(stored());
    expect(shared.timezone).toBeNull();
    expect(controlToSave('keyword_alert', shared, kinds.keyword_alert)).not.toHaveProperty('timezone');
    expect(controlToSave('keyword_alert', { ...shared, timezone: 'Pacific/Auckland' }, kinds.keyword_alert)).toMatchObject({ timezone: 'Pacific/Auckland' });
  });
});
