import type pg from 'pg';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { customContentSchema, EmailLog, Engagement, NewsletterStats, Subscriber, Activity } from '#common/contracts/email.ts';
import { currentNewsletterWeek, SUBSCRIBER_STATUSES, subscriberStatus, weekOfSunday, type SubscriberStatus } from '#common/rules/email.ts';
import { NEWSLETTER_ACTIVITY_DAYS, type EmailKind, type EmailStatus } from '#common/rules/limits.ts';
import { readCustomContent, type CustomContent } from './digest.ts';
import type { Actor, AuditLog } from '../admin/audit.ts';

/** The admin email and newsletter pages' reads and writes (spec part 2 §2.9, §3). */

/** Custom digest content may use simple formatting, headings, lists, links and quotes; everything else goes. */
const CUSTOM_CONTENT_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'b', 'strong', 'i', 'em', 'u', 'code', 'br', 'p', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
};
export function sanitizeCustomContent(html: string): string {
  return sanitizeHtml(html, CUSTOM_CONTENT_HTML);
}

/**
 * Whether a person gets the weekly newsletter and alert emails: their preferences (on unless turned off) and, for
 * the newsletter, its own email control. One definition for the subscriber table and its status groups.
 */
const SUBSCRIPTION_COLUMNS = `coalesce((p.preferences->>'weeklyDigest')::boolean, true) AND coalesce(w.is_active, true) AS weekly,
              coalesce((p.preferences->>'emailNotifications')::boolean, true) AS alerts`;
const SUBSCRIPTION_SOURCES = `FROM users u
         LEFT JOIN user_preferences p ON p.user_id = u.id
         LEFT JOIN email_frequency_controls w ON w.user_id = u.id AND w.email_type = 'weekly_digest'`;

export class EmailAdminService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
    private readonly auditLog: AuditLog,
  ) {}

  /** An entry of the admin area's append-only audit log (docs/admin.md) for an email action done elsewhere (sending). */
  audit(actor: Actor, action: string, details: Record<string, unknown>): Promise<void> {
    return this.auditLog.write(actor, async () => ({ result: undefined, log: { action, targetType: 'email', targetId: null, details } }));
  }

  async queued(): Promise<number> {
    const result = await this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox WHERE status IN ('pending', 'sending')`);
    return result.rows[0]!.n;
  }

  async logs(query: { page: number; limit: number; status?: EmailStatus; kind?: EmailKind }) {
    const where: string[] = [];
    const values: unknown[] = [];
    if (query.status) where.push(`status = $${values.push(query.status)}`);
    if (query.kind) where.push(`kind = $${values.push(query.kind)}`);
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = (await this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox ${filter}`, values)).rows[0]!.n;
    const rows = await this.pool.query<{
      id: string;
      subject: string;
      status: EmailStatus;
      recipient: string;
      kind: string;
      created_at: Date;
      sent_at: Date | null;
      reason: string | null;
      attempts: number;
    }>(
      `SELECT id, subject, status, recipient, kind, created_at, sent_at, reason, attempts FROM email_outbox ${filter}
        ORDER BY created_at DESC, id DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, query.limit, (query.page - 1) * query.limit],
    );
    const logs: EmailLog[] = rows.rows.map((row) => ({
      id: Number(row.id),
      subject: row.subject,
      status: row.status,
      recipientEmail: row.recipient,
      emailType: row.kind,
      createdAt: row.created_at.toISOString(),
      sentAt: row.sent_at?.toISOString() ?? null,
      errorMessage: row.reason,
      attempts: row.attempts,
    }));
    return { logs, pagination: { page: query.page, limit: query.limit, total, totalPages: Math.max(1, Math.ceil(total / query.limit)) } };
  }

  async stats(): Promise<NewsletterStats> {
    const groups = await this.pool.query<{ weekly: boolean; alerts: boolean; n: number }>(
      `SELECT weekly, alerts, count(*)::int AS n FROM (SELECT ${SUBSCRIPTION_COLUMNS} ${SUBSCRIPTION_SOURCES}) people GROUP BY 1, 2`,
    );
    const statusGroups = Object.fromEntries(SUBSCRIBER_STATUSES.map((status) => [status, 0])) as Record<SubscriberStatus, number>;
    for (const row of groups.rows) statusGroups[subscriberStatus(row.weekly, row.alerts)] += row.n;
    const counts = await this.pool.query<{ kind: string; status: string; n: number }>(
      'SELECT kind, status, count(*)::int AS n FROM email_outbox GROUP BY kind, status',
    );
    const sum = (filter: (row: { kind: string; status: string }) => boolean) => counts.rows.filter(filter).reduce((total, row) => total + row.n, 0);
    const byKind = new Map<string, number>();
    for (const row of counts.rows) byKind.set(row.kind, (byKind.get(row.kind) ?? 0) + row.n);
    const weekOf = currentNewsletterWeek(this.now());
    const run = await this.pool.query<{ queued: number; completed_at: Date | null }>('SELECT queued, completed_at FROM digest_runs WHERE week_of = $1', [weekOf]);
    return {
      totalEmails: sum(() => true),
      sentEmails: sum((row) => row.status === 'sent'),
      failedEmails: sum((row) => row.status === 'failed'),
      pendingEmails: sum((row) => row.status === 'pending' || row.status === 'sending'),
      skippedEmails: sum((row) => row.status === 'skipped'),
      newsletterEmails: sum((row) => row.kind === 'weekly_digest'),
      typeDistribution: [...byKind].map(([emailType, count]) => ({ emailType, count })).sort((a, b) => b.count - a.count),
      statusGroups: SUBSCRIBER_STATUSES.map((status) => ({ status, count: statusGroups[status] })),
      weekly: {
        weekOf,
        sent: Boolean(run.rows[0]?.completed_at),
        queued: run.rows[0]?.queued ?? 0,
        completedAt: run.rows[0]?.completed_at?.toISOString() ?? null,
      },
    };
  }

  async subscribers(page: number, limit: number): Promise<{ subscribers: Subscriber[]; pagination: { page: number; limit: number; total: number; totalPages: number } }> {
    const total = (await this.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n;
    const rows = await this.pool.query<{
      email: string;
      first_name: string | null;
      last_name: string | null;
      weekly: boolean;
      alerts: boolean;
      keyword_alerts: number;
      last_weekly: Date | null;
      created_at: Date;
    }>(
      `SELECT u.email, u.first_name, u.last_name,
              ${SUBSCRIPTION_COLUMNS},
              (SELECT count(*)::int FROM keyword_alerts a WHERE a.user_id = u.id AND a.is_active) AS keyword_alerts,
              (SELECT max(sent_at) FROM email_outbox o WHERE o.user_id = u.id AND o.kind = 'weekly_digest' AND o.status = 'sent') AS last_weekly,
              u.created_at
         ${SUBSCRIPTION_SOURCES}
        ORDER BY u.created_at DESC, u.id LIMIT $1 OFFSET $2`,
      [limit, (page - 1) * limit],
    );
    return {
      subscribers: rows.rows.map((row) => ({
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        weeklyActive: row.weekly,
        alertsActive: row.alerts,
        keywordAlertsCount: row.keyword_alerts,
        lastWeeklySent: row.last_weekly?.toISOString() ?? null,
        createdAt: row.created_at.toISOString(),
        status: subscriberStatus(row.weekly, row.alerts),
      })),
      pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
    };
  }

  /** Emails sent per day and kind over the last 30 days, newest first. */
  async activity(): Promise<Activity[]> {
    const rows = await this.pool.query<{ day: string; kind: string; n: number }>(
      `SELECT to_char(date_trunc('day', sent_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, kind, count(*)::int AS n
         FROM email_outbox WHERE status = 'sent' AND sent_at > $1
        GROUP BY 1, 2 ORDER BY 1 DESC, 2`,
      [new Date(this.now() - NEWSLETTER_ACTIVITY_DAYS * 86_400_000)],
    );
    return rows.rows.map((row) => ({ emailDate: row.day, emailType: row.kind, emailsSent: row.n }));
  }

  /** Opens and clicks per kind, from the pixel and the tracked links (a percentage of the emails sent). */
  async analytics(): Promise<Engagement[]> {
    const rows = await this.pool.query<{ kind: string; sent: number; opened: number; clicked: number }>(
      `SELECT kind, count(*)::int AS sent, count(opened_at)::int AS opened, count(clicked_at)::int AS clicked
         FROM email_outbox WHERE status = 'sent' GROUP BY kind ORDER BY kind`,
    );
    const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);
    return rows.rows.map((row) => ({
      emailType: row.kind,
      totalSent: row.sent,
      totalOpened: row.opened,
      openRate: percent(row.opened, row.sent),
      totalClicked: row.clicked,
      clickRate: percent(row.clicked, row.sent),
    }));
  }

  customContent(weekOf: string): Promise<CustomContent | null> {
    return readCustomContent(this.pool, weekOfSunday(weekOf));
  }

  /** Saves a week's digest content; the change and its audit log entry are one transaction. */
  async saveCustomContent(actor: Actor, input: z.infer<typeof customContentSchema>): Promise<CustomContent> {
    const weekOf = weekOfSunday(input.weekOf);
    const top = sanitizeCustomContent(input.topContent);
    const bottom = sanitizeCustomContent(input.bottomContent);
    const content = { weekOf, topContent: top, topContentStyle: input.topContentStyle, bottomContent: bottom, bottomContentStyle: input.bottomContentStyle };
    return this.auditLog.write(actor, async (client) => {
      await client.query(
        `INSERT INTO digest_custom_content (week_of, top_content, top_content_style, bottom_content, bottom_content_style, updated_by, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (week_of) DO UPDATE SET top_content = $2, top_content_style = $3, bottom_content = $4, bottom_content_style = $5,
           updated_by = $6, updated_at = $7`,
        [weekOf, top, input.topContentStyle, bottom, input.bottomContentStyle, actor.userId, new Date(this.now())],
      );
      return { result: content, log: { action: 'digest.custom_content.save', targetType: 'digest_custom_content', targetId: weekOf, details: { weekOf } } };
    });
  }

  /** Deletes a week's digest content, with its audit log entry in the same transaction. */
  async deleteCustomContent(actor: Actor, weekOf: string): Promise<boolean> {
    const week = weekOfSunday(weekOf);
    return this.auditLog.write(actor, async (client) => {
      const result = await client.query('DELETE FROM digest_custom_content WHERE week_of = $1', [week]);
      const deleted = (result.rowCount ?? 0) > 0;
      return { result: deleted, log: { action: 'digest.custom_content.delete', targetType: 'digest_custom_content', targetId: week, details: { weekOf: week, deleted } } };
    });
  }
}
