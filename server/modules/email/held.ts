import type pg from 'pg';
import { newsletterSendAt, quietHoursRelease } from '#common/rules/email.ts';
import type { EmailKind, EmailType } from '#common/rules/limits.ts';
import type { Preferences } from '#common/rules/preferences.ts';
import { withTransaction } from '../../db/transaction.ts';
import { ALERT_KINDS, readControl, readRecipient, type Control } from './alerts.ts';

/**
 * A person's email held for later (docs/email.md "Time zones"): by their quiet hours, or until the newsletter's
 * Sunday morning where they live. Such an email is pending, never tried (a retry waits too, after an attempt) and
 * due later. The app shows it ("held until 08:00"), and it follows the person's choices when they change.
 */

/** The kinds that are held, each with the preference flag that must stay on and the control that governs it. */
const HELD_KINDS: Readonly<Partial<Record<EmailKind, { flag: keyof Preferences; control: EmailType }>>> = {
  ...ALERT_KINDS,
  keyword_digest: ALERT_KINDS.keyword_alert,
  weekly_digest: { flag: 'weeklyDigest', control: 'weekly_digest' },
};

/** The most held emails the app lists. */
const HELD_SHOWN = 20;

export interface HeldEmail {
  id: string;
  kind: EmailKind;
  subject: string;
  sendAfter: Date;
  key: string;
}

type Queryable = pg.Pool | pg.PoolClient;

export async function heldEmails(db: Queryable, userId: string, nowMs: number, options: { limit?: number; lock?: boolean } = {}): Promise<HeldEmail[]> {
  const result = await db.query<{ id: string; kind: EmailKind; subject: string; send_after: Date; idempotency_key: string }>(
    `SELECT id, kind, subject, send_after, idempotency_key FROM email_outbox
      WHERE user_id = $1 AND status = 'pending' AND attempts = 0 AND send_after > $2 AND kind = ANY($3::text[])
      ORDER BY send_after, id ${options.limit ? `LIMIT ${options.limit}` : ''} ${options.lock ? 'FOR UPDATE' : ''}`,
    [userId, new Date(nowMs), Object.keys(HELD_KINDS)],
  );
  return result.rows.map((row) => ({ id: row.id, kind: row.kind, subject: row.subject, sendAfter: row.send_after, key: row.idempotency_key }));
}

/** What the app lists: the soonest held emails. */
export function shownHeldEmails(db: Queryable, userId: string, nowMs: number): Promise<HeldEmail[]> {
  return heldEmails(db, userId, nowMs, { limit: HELD_SHOWN });
}

/** The Sunday a newsletter's key names (`weekly_digest:{week}:…`). */
function weekOfKey(key: string): string | null {
  const week = key.split(':')[1] ?? '';
  return /^\d{4}-\d{2}-\d{2}$/.test(week) ? week : null;
}

/**
 * Plans a person's held email again from their current choices, after they changed them: a kind they turned off is
 * skipped, the rest wait for the end of their quiet hours (the newsletter: its Sunday morning) in their time zone
 * now, or go at once when nothing holds them any more.
 */
export async function replanHeldEmail(pool: pg.Pool, userId: string, nowMs: number): Promise<void> {
  await withTransaction(pool, async (client) => {
    const held = await heldEmails(client, userId, nowMs, { lock: true });
    if (held.length === 0) return;
    const recipient = await readRecipient(client, userId);
    if (!recipient) return;
    const controls = new Map<EmailType, Control>();
    for (const email of held) {
      const rules = HELD_KINDS[email.kind]!;
      let control = controls.get(rules.control);
      if (!control) {
        control = await readControl(client, userId, rules.control);
        controls.set(rules.control, control);
      }
      if (!recipient.preferences[rules.flag] || !control.isActive) {
        await client.query(`UPDATE email_outbox SET status = 'skipped', reason = 'Turned off before it was sent' WHERE id = $1`, [email.id]);
        continue;
      }
      const quiet = { start: control.quietHoursStart, end: control.quietHoursEnd, timeZone: recipient.timeZone };
      const week = email.kind === 'weekly_digest' ? weekOfKey(email.key) : null;
      const sendAfterMs = week ? newsletterSendAt(week, quiet, nowMs) : quietHoursRelease(nowMs, quiet);
      await client.query('UPDATE email_outbox SET send_after = $2 WHERE id = $1', [email.id, new Date(sendAfterMs)]);
    }
  });
}
