import { eq } from 'drizzle-orm';
import { DEFAULT_EMAIL_CONTROL, type EmailControl } from '../../../common/contracts/accounts.ts';
import { EMAIL_TYPES, type EmailFrequency, type EmailType } from '../../../common/rules/limits.ts';
import type { Db } from '../../db/index.ts';
import { emailFrequencyControls } from '../../db/schema/accounts.ts';

type ControlRow = typeof emailFrequencyControls.$inferSelect;
/** What a person may change; the server keeps id, dates and lastEmailSent itself. */
export type ControlChanges = Partial<
  Pick<ControlRow, 'frequency' | 'maxEmailsPerDay' | 'digestMode' | 'quietHoursStart' | 'quietHoursEnd' | 'timezone' | 'isActive'>
>;

export function isEmailType(value: string): value is EmailType {
  return (EMAIL_TYPES as readonly string[]).includes(value);
}

function present(emailType: EmailType, row: ControlRow | undefined): EmailControl {
  if (!row) return { emailType, ...DEFAULT_EMAIL_CONTROL, lastEmailSent: null, createdAt: null, updatedAt: null };
  return {
    emailType,
    frequency: row.frequency as EmailFrequency,
    maxEmailsPerDay: row.maxEmailsPerDay,
    digestMode: row.digestMode,
    quietHoursStart: row.quietHoursStart,
    quietHoursEnd: row.quietHoursEnd,
    timezone: row.timezone,
    lastEmailSent: row.lastEmailSent?.toISOString() ?? null,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Per-type email limits; a type never saved reads as the defaults of spec part 2 §3. */
export class EmailControlsService {
  constructor(private readonly db: Db) {}

  async list(userId: string): Promise<EmailControl[]> {
    const rows = await this.db.select().from(emailFrequencyControls).where(eq(emailFrequencyControls.userId, userId));
    const byType = new Map(rows.map((row) => [row.emailType, row]));
    return EMAIL_TYPES.map((type) => present(type, byType.get(type)));
  }

  async update(userId: string, emailType: EmailType, requested: ControlChanges): Promise<EmailControl> {
    // Fields left out of a request keep their stored (or default) value.
    const changes = Object.fromEntries(Object.entries(requested).filter(([, value]) => value !== undefined)) as ControlChanges;
    const [row] = await this.db
      .insert(emailFrequencyControls)
      .values({ userId, emailType, ...DEFAULT_EMAIL_CONTROL, ...changes })
      .onConflictDoUpdate({
        target: [emailFrequencyControls.userId, emailFrequencyControls.emailType],
        set: { ...changes, updatedAt: new Date() },
      })
      .returning();
    return present(emailType, row);
  }

  /** Onboarding sets one frequency and time zone for every type. */
  async setAll(userId: string, values: { frequency: EmailFrequency; timezone: string }): Promise<void> {
    for (const type of EMAIL_TYPES) await this.update(userId, type, values);
  }
}
