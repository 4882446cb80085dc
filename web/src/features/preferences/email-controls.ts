import type { EmailControl as StoredControl } from '#common/contracts/accounts.ts';
import {
  EMAIL_TYPES,
  MAX_EMAILS_PER_DAY_DEFAULT,
  type EmailFrequency,
  type EmailType,
} from '#common/rules/limits.ts';

/**
 * The email settings screen edits one set of settings shared by every kind of email, and lets each kind
 * differ in how often it comes (frequency, emails a day) and whether it comes at all. The server keeps one
 * control per kind; these functions turn the stored controls into the screen's state and back.
 */

/** The settings every kind shares unless it says otherwise (quiet hours: hour 0-23, or null when off). */
export type EmailSettings = Pick<StoredControl, 'frequency' | 'maxEmailsPerDay' | 'digestMode' | 'quietHoursStart' | 'quietHoursEnd' | 'timezone'>;

/** One kind's own choices: null means "the same as the shared settings". */
export interface KindSettings {
  frequency: EmailFrequency | null;
  maxEmailsPerDay: number | null;
  isActive: boolean;
}

export type KindsSettings = Record<EmailType, KindSettings>;

export type EmailControl = EmailSettings & Pick<StoredControl, 'emailType' | 'isActive'>;

/** Quiet hours when switched on (part 2 §4). */
export const QUIET_HOURS_ON = { quietHoursStart: 22, quietHoursEnd: 8 } as const;

export const DEFAULT_EMAIL_SETTINGS: EmailSettings = {
  frequency: 'immediate',
  maxEmailsPerDay: MAX_EMAILS_PER_DAY_DEFAULT,
  digestMode: false,
  ...QUIET_HOURS_ON,
  // None saved: email follows UTC, and the screen says so.
  timezone: null,
};

/**
 * The weekly newsletter is sent on Sundays: weekly, every two weeks or on the first Sunday of the month. Its
 * frequency is always its own, as "immediate" or "hourly" mean nothing for it.
 */
export const NEWSLETTER_FREQUENCIES = ['weekly', 'bi_weekly', 'monthly'] as const satisfies readonly EmailFrequency[];

const SAME_AS_SHARED: KindSettings = { frequency: null, maxEmailsPerDay: null, isActive: true };

export const DEFAULT_KINDS: KindsSettings = Object.fromEntries(
  EMAIL_TYPES.map((emailType) => [emailType, emailType === 'weekly_digest' ? { ...SAME_AS_SHARED, frequency: 'weekly' } : SAME_AS_SHARED]),
) as KindsSettings;

/** The value most kinds hold (ties go to the keyword alert's, the spec's default email type). */
function commonValue<T>(controls: EmailControl[], pick: (control: EmailControl) => T): T {
  const counts = new Map<T, number>();
  for (const control of controls) counts.set(pick(control), (counts.get(pick(control)) ?? 0) + 1);
  const keywordAlert = controls.find((control) => control.emailType === 'keyword_alert') ?? controls[0]!;
  let best = pick(keywordAlert);
  for (const [value, count] of counts) if (count > counts.get(best)!) best = value;
  return best;
}

/**
 * The screen's state from the stored controls: the shared settings are those most kinds have (the newsletter
 * aside, whose frequency is its own), and a kind differs only where its control does.
 */
export function emailStateOf(controls: EmailControl[] | undefined): { shared: EmailSettings; kinds: KindsSettings } {
  if (!controls || controls.length === 0) return { shared: DEFAULT_EMAIL_SETTINGS, kinds: DEFAULT_KINDS };
  const alerts = controls.filter((control) => control.emailType !== 'weekly_digest');
  const source = alerts.length > 0 ? alerts : controls;
  const keywordAlert = controls.find((control) => control.emailType === 'keyword_alert') ?? controls[0]!;
  const shared: EmailSettings = {
    frequency: commonValue(source, (control) => control.frequency),
    maxEmailsPerDay: commonValue(source, (control) => control.maxEmailsPerDay),
    digestMode: keywordAlert.digestMode,
    quietHoursStart: keywordAlert.quietHoursStart,
    quietHoursEnd: keywordAlert.quietHoursEnd,
    timezone: keywordAlert.timezone,
  };
  const kinds = { ...DEFAULT_KINDS };
  for (const control of controls) {
    if (control.emailType === 'weekly_digest') {
      const frequency = (NEWSLETTER_FREQUENCIES as readonly EmailFrequency[]).includes(control.frequency) ? control.frequency : 'weekly';
      kinds.weekly_digest = { frequency, maxEmailsPerDay: differs(control.maxEmailsPerDay, shared.maxEmailsPerDay), isActive: control.isActive };
    } else {
      kinds[control.emailType] = {
        frequency: differs(control.frequency, shared.frequency),
        maxEmailsPerDay: differs(control.maxEmailsPerDay, shared.maxEmailsPerDay),
        isActive: control.isActive,
      };
    }
  }
  return { shared, kinds };
}

function differs<T>(value: T, shared: T): T | null {
  return value === shared ? null : value;
}

/**
 * What is saved for one kind: the shared settings with the kind's own choices over them. A time zone never saved is
 * left out, so saving other settings does not turn the UTC fallback into a choice.
 */
export function controlToSave(
  emailType: EmailType,
  shared: EmailSettings,
  kind: KindSettings,
): Omit<EmailSettings, 'timezone'> & { timezone?: string; isActive: boolean } {
  const { timezone, ...rest } = shared;
  return {
    ...rest,
    ...(timezone === null ? {} : { timezone }),
    frequency: kind.frequency ?? shared.frequency,
    maxEmailsPerDay: kind.maxEmailsPerDay ?? shared.maxEmailsPerDay,
    isActive: kind.isActive,
  };
}
