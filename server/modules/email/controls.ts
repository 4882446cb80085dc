import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { DEFAULT_EMAIL_CONTROL, type EmailControl } from '#common/contracts/accounts.ts';
import type { EmailDelivery } from '#common/contracts/email.ts';
import { EMAIL_TYPES, type EmailFrequency, type EmailType } from '#common/rules/limits.ts';
import { FALLBACK_TIME_ZONE, heldUntilLabel } from '#common/rules/time-zones.ts';
import type { Db } from '../../db/index.ts';
import { emailFrequencyControls, users } from '../../db/schema/accounts.ts';
import { replanHeldEmail, shownHeldEmails } from './held.ts';

type ControlRow = typeof emailFrequencyControls.$inferSelect;
/**
 * What a person may change; the server keeps id, dates and lastEmailSent itself. The time zone is the person's,
 * one for every kind: a control's `timezone` sets it.
 */
export type ControlChanges = Partial<Pick<ControlRow, 'frequency' | 'maxEmailsPerDay' | 'digestMode' | 'quietHoursStart' | 'quietHoursEnd' | 'isActive'>> & {
  timezone?: string;
};

export function isEmailType(value: string): value is EmailType {
  return (EMAIL_TYPES as readonly string[]).includes(value);
}

function present(emailType: EmailType, row: ControlRow | undefined, timeZone: string | null): EmailControl {
  if (!row) return { emailType, ...DEFAULT_EMAIL_CONTROL, timezone: timeZone, lastEmailSent: null, createdAt: null, updatedAt: null };
  return {
    emailType,
    frequency: row.frequency as EmailFrequency,
    maxEmailsPerDay: row.maxEmailsPerDay,
    digestMode: row.digestMode,
    quietHoursStart: row.quietHoursStart,
    quietHoursEnd: row.quietHoursEnd,
    timezone: timeZone,
    lastEmailSent: row.lastEmailSent?.toISOString() ?? null,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Per-type email limits and the person's time zone; a type never saved reads as the defaults of spec part 2 §3.
 * Email already held for later (quiet hours, the newsletter's Sunday morning) is planned again after each change.
 */
export class EmailControlsService {
  constructor(
    private readonly db: Db,
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  /** The person's saved time zone; null while none is (their email follows UTC). */
  async timeZoneOf(userId: string): Promise<string | null> {
    const [row] = await this.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
    return row?.timeZone ?? null;
  }

  async list(userId: string): Promise<EmailControl[]> {
    const [rows, timeZone] = await Promise.all([
      this.db.select().from(emailFrequencyControls).where(eq(emailFrequencyControls.userId, userId)),
      this.timeZoneOf(userId),
    ]);
    const byType = new Map(rows.map((row) => [row.emailType, row]));
    return EMAIL_TYPES.map((type) => present(type, byType.get(type), timeZone));
  }

  async update(userId: string, emailType: EmailType, requested: ControlChanges): Promise<EmailControl> {
    const row = await this.write(userId, emailType, requested);
    await this.replan(userId);
    return present(emailType, row, await this.timeZoneOf(userId));
  }

  /** Onboarding sets one frequency for every type, and the person's time zone when the browser told it. */
  async setAll(userId: string, values: { frequency: EmailFrequency; timezone?: string }): Promise<void> {
    for (const type of EMAIL_TYPES) await this.write(userId, type, values);
    await this.replan(userId);
  }

  /** Email held for later follows the person's choices as they are now. */
  replan(userId: string): Promise<void> {
    return replanHeldEmail(this.pool, userId, this.now());
  }

  /** The person's time zone and their email held for later, soonest first, with the time it goes in their zone. */
  async held(userId: string): Promise<Pick<EmailDelivery, 'timeZone' | 'held'>> {
    const nowMs = this.now();
    const [timeZone, held] = await Promise.all([this.timeZoneOf(userId), shownHeldEmails(this.pool, userId, nowMs)]);
    return {
      timeZone,
      held: held.map((email) => ({
        kind: email.kind,
        subject: email.subject,
        sendAfter: email.sendAfter.toISOString(),
        until: heldUntilLabel(email.sendAfter.getTime(), nowMs, timeZone ?? FALLBACK_TIME_ZONE),
      })),
    };
  }

  private async write(userId: string, emailType: EmailType, requested: ControlChanges): Promise<ControlRow> {
    // Fields left out of a request keep their stored (or default) value.
    const { timezone, ...changes } = Object.fromEntries(Object.entries(requested).filter(([, value]) => value !== undefined)) as ControlChanges;
    if (timezone !== undefined) await this.db.update(users).set({ timeZone: timezone, updatedAt: new Date() }).where(eq(users.id, userId));
    const [row] = await this.db
      .insert(emailFrequencyControls)
      .values({ userId, emailType, ...DEFAULT_EMAIL_CONTROL, ...changes })
      .onConflictDoUpdate({
        target: [emailFrequencyControls.userId, emailFrequencyControls.emailType],
        set: { ...changes, updatedAt: new Date() },
      })
      .returning();
    return row!;
  }
}
