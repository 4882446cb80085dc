import type pg from 'pg';
import { MAX_EMAILS_PER_DAY_DEFAULT } from '#common/rules/limits.ts';
import { readRecipient, sentToday } from './alerts.ts';
import type { EmailComposer } from '../../email/compose.ts';
import { enqueueEmails, type NewEmail } from '../../email/outbox.ts';

/** What an administrator's notice carries: the message as the sender wrote it, nothing else about them. */
export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
}

export interface ContactNoticeContext {
  pool: pg.Pool;
  composer: EmailComposer;
  from: string;
}

/**
 * Queues one notice per administrator for a new contact message, through the outbox like every email (its key makes
 * it once per message and admin; a retry of the request adds none). The sender's address, client address and account
 * stay out of it except as the message holds them (name, email, subject, text). An admin who unsubscribed from
 * these notices (the `contact_message` control off) gets none. Each admin gets at most the default daily number of
 * them; past it the notice is written as skipped, as with every capped email, so a flood of messages from many
 * addresses cannot flood the admins' inboxes (the messages themselves are all on the admin contact page). They go
 * at once, not held by quiet hours: someone is waiting for an answer.
 */
export async function queueContactNotices(context: ContactNoticeContext, message: ContactMessage, nowMs: number): Promise<number> {
  const admins = await context.pool.query<{ id: string }>(
    `SELECT u.id FROM users u
      WHERE u.role = 'admin'
        AND NOT EXISTS (SELECT 1 FROM email_frequency_controls c WHERE c.user_id = u.id AND c.email_type = 'contact_message' AND NOT c.is_active)
      ORDER BY u.created_at`,
  );
  const adminUrl = `${context.composer.baseUrl}/admin/contact`;
  const emails: NewEmail[] = [];
  for (const { id } of admins.rows) {
    const to = await readRecipient(context.pool, id);
    if (!to) continue;
    const capped = (await sentToday(context.pool, id, ['contact_message'], nowMs)) >= MAX_EMAILS_PER_DAY_DEFAULT;
    const email = await context.composer.compose({
      key: `contact_message:${message.id}:${id}`,
      kind: 'contact_message',
      to,
      subject: `Contact message: ${message.subject}`,
      build: (footer, track, t) => t.h(t.ContactMessageEmail, { message, adminUrl: track(adminUrl), footer }),
    });
    emails.push(capped ? { ...email, skippedReason: `Daily limit of ${MAX_EMAILS_PER_DAY_DEFAULT} emails reached` } : email);
  }
  await enqueueEmails(context.pool, emails, context.from, nowMs);
  return emails.filter((email) => !email.skippedReason).length;
}
