import type pg from 'pg';
import type { EmailKind } from '#common/rules/limits.ts';
import type { MailTransport } from './transport.ts';
import { messageToken, senderDomain } from './tokens.ts';

/** One email to queue. Queueing the same idempotency key twice keeps the first. */
export interface NewEmail {
  key: string;
  kind: EmailKind;
  userId: string | null;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Not before this instant (quiet hours); now when absent. */
  sendAfterMs?: number;
  /** Written as skipped with this reason instead of being sent (a daily cap, for one). */
  skippedReason?: string;
}

const ENQUEUE_BATCH = 1000;

/** Writes emails to the outbox, a thousand a statement; returns how many were new. */
export async function enqueueEmails(db: pg.Pool | pg.PoolClient, emails: NewEmail[], from: string, nowMs: number): Promise<number> {
  const domain = senderDomain(from);
  let added = 0;
  for (let offset = 0; offset < emails.length; offset += ENQUEUE_BATCH) {
    const batch = emails.slice(offset, offset + ENQUEUE_BATCH);
    const values: unknown[] = [];
    const rows = batch.map((email) => {
      const first = values.length + 1;
      values.push(
        email.key,
        email.kind,
        email.userId,
        email.recipient,
        email.subject,
        email.html,
        email.text,
        JSON.stringify(email.headers),
        email.skippedReason ? 'skipped' : 'pending',
        email.skippedReason ?? null,
        new Date(email.sendAfterMs ?? nowMs),
        `<${messageToken(email.key)}@${domain}>`,
        new Date(nowMs),
      );
      return `(${Array.from({ length: 13 }, (_, i) => `$${first + i}`).join(', ')})`;
    });
    const result = await db.query(
      `INSERT INTO email_outbox (idempotency_key, kind, user_id, recipient, subject, html, text_body, headers, status, reason, send_after, message_id, created_at)
       VALUES ${rows.join(', ')} ON CONFLICT (idempotency_key) DO NOTHING`,
      values,
    );
    added += result.rowCount ?? 0;
  }
  return added;
}

interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  html: string;
  text_body: string;
  headers: Record<string, string>;
  message_id: string;
  attempts: number;
}

export interface DeliveryOptions {
  pool: pg.Pool;
  transport: MailTransport | null;
  from: string;
  ratePerSecond: number;
  maxAttempts: number;
  now: () => number;
  /** An email left `sending` this long belongs to a process that stopped mid-send. */
  leaseMs?: number;
  /**
   * Emails in flight at once (1 by default). Each in-flight email is one that a crash may send twice, so this is
   * also the at-least-once window, in emails.
   */
  concurrency?: number;
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

/** Seconds before the next attempt: 30 s, doubling, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

const DEFAULT_LEASE_MS = 10 * 60_000;

/**
 * Sends due email one at a time (per lane; see `concurrency`). Each email is marked `sending` when it is claimed,
 * before it goes to the SMTP server, and `sent` after the server accepted it, in the statement that claims the
 * email after next (see `lane`). The server cannot accept an email before the previous one is marked, so a process
 * that dies leaves at most one email that reached the server still `sending` (the one claimed beside it never
 * reached it); the next run sends both once their lease has passed, with the same Message-ID (at least once; the
 * window is one email, and mail clients fold a repeated Message-ID). An email marked sent is never picked again.
 */
export class MailDelivery {
  private readonly leaseMs: number;
  private running: Promise<DeliveryReport> | null = null;

  constructor(private readonly options: DeliveryOptions) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  get enabled(): boolean {
    return this.options.transport !== null;
  }

  /** Sends what is due now, up to `limit` emails; a second call while one runs waits for it. */
  deliverDue(limit = 10_000): Promise<DeliveryReport> {
    if (!this.options.transport) return Promise.resolve({ sent: 0, retrying: 0, failed: 0 });
    this.running ??= this.run(limit).finally(() => (this.running = null));
    return this.running;
  }

  /**
   * Claims the next due email, and in the same statement marks the one just delivered as sent: one round trip
   * per email instead of two, with the same window (only the email in flight is ever `sending`). The delivered
   * email is marked even when nothing else is due (a statement's data-changing WITH always runs to completion).
   */
  private async claimNext(deliveredId: string | null): Promise<OutboxRow | null> {
    const now = new Date(this.options.now());
    const result = await this.options.pool.query<OutboxRow>(
      `WITH delivered AS (
         UPDATE email_outbox SET status = 'sent', sent_at = $1, reason = NULL WHERE id = $3::bigint RETURNING id
       )
       UPDATE email_outbox o SET status = 'sending', claimed_at = $1, attempts = attempts + 1
        WHERE o.id = (
          SELECT id FROM email_outbox
           WHERE status IN ('pending', 'sending') AND send_after <= $1
             AND (status = 'pending' OR claimed_at < $2) AND id IS DISTINCT FROM $3::bigint
           ORDER BY send_after, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING o.id, o.recipient, o.subject, o.html, o.text_body, o.headers, o.message_id, o.attempts`,
      [now, new Date(now.getTime() - this.leaseMs), deliveredId],
    );
    return result.rows[0] ?? null;
  }

  private async markSent(id: string | null): Promise<void> {
    if (id === null) return;
    await this.options.pool.query(`UPDATE email_outbox SET status = 'sent', sent_at = $2, reason = NULL WHERE id = $1`, [id, new Date(this.options.now())]);
  }

  private async run(limit: number): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
    const started = Date.now();
    let taken = 0;
    // Each lane sends one email at a time; the lanes share the limit and the rate.
    const nextTurn = (): number | null => (taken < limit ? taken++ : null);
    const lanes = Math.max(1, this.options.concurrency ?? 1);
    await Promise.all(Array.from({ length: lanes }, () => this.lane(nextTurn, started, report)));
    return report;
  }

  /**
   * Sends one email at a time. While an email is being sent, the statement that marks the previous one sent and
   * claims the next runs beside it, and the email's final dot waits for that statement: the database's and the
   * SMTP server's waits overlap instead of adding up, and still at most one email of the lane has been accepted by
   * the server and not yet marked sent.
   */
  private async lane(nextTurn: () => number | null, started: number, report: DeliveryReport): Promise<void> {
    const { pool, transport, from, ratePerSecond, maxAttempts, now } = this.options;
    let turn = nextTurn();
    let current: OutboxRow | null = turn === null ? null : await this.claimNext(null);
    let delivered: string | null = null;
    while (current !== null) {
      const currentTurn = turn!;
      turn = nextTurn();
      const following: Promise<OutboxRow | null> = turn === null ? this.markSent(delivered).then(() => null) : this.claimNext(delivered);
      // Handled below, after the send; until then a failure only stops the send from completing.
      following.catch(() => undefined);
      delivered = null;
      // Keeps to the configured rate: the n-th email of a run goes no sooner than n / rate seconds after its start.
      const wait = started + (currentTurn * 1000) / ratePerSecond - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const row: OutboxRow = current;
      const result = await transport!.send(
        { from, to: row.recipient, subject: row.subject, html: row.html, text: row.text_body, messageId: row.message_id, headers: row.headers },
        { completeAfter: following },
      );
      if (result.ok) {
        delivered = row.id;
        report.sent++;
      } else if (result.permanent || row.attempts >= maxAttempts) {
        await pool.query(`UPDATE email_outbox SET status = 'failed', reason = $2 WHERE id = $1`, [row.id, result.message]);
        report.failed++;
      } else {
        await pool.query(`UPDATE email_outbox SET status = 'pending', reason = $2, send_after = $3 WHERE id = $1`, [
          row.id,
          result.message,
          new Date(now() + retryDelayMs(row.attempts)),
        ]);
        report.retrying++;
      }
      current = await following;
    }
    await this.markSent(delivered);
  }
}
