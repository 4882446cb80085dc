import { z } from 'zod';
import {
  DIGEST_CONTENT_MAX_LENGTH,
  DIGEST_CONTENT_STYLES,
  EMAIL_KINDS,
  EMAIL_LOG_PAGE_SIZE,
  EMAIL_STATUSES,
  TEST_EMAIL_TYPES,
  UNSUBSCRIBE_TYPES,
} from '../rules/limits.ts';
import { SUBSCRIBER_STATUSES } from '../rules/email.ts';
import { text } from './fields.ts';

/** Email calls (spec part 2 §3, §7): unsubscribe, the admin email page and the newsletter page. */

export const unsubscribeParamsSchema = z.object({ token: text('token', 300, { min: 1 }) });
export const unsubscribeQuerySchema = z.object({
  type: z.enum(UNSUBSCRIBE_TYPES, { error: `type must be one of ${UNSUBSCRIBE_TYPES.join(', ')}` }).optional(),
});
export const unsubscribeResponseSchema = z.object({ message: z.string(), userEmail: z.string(), emailType: z.string() });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

export const emailStatusSchema = z.object({
  enabled: z.boolean(),
  fromEmail: z.string(),
  /** Email waiting in the outbox (pending or in flight). */
  queued: z.number().int(),
  /** How to turn delivery on, when it is off. */
  note: z.string().nullable(),
});
export type EmailStatus = z.infer<typeof emailStatusSchema>;

/** One of a person's emails held for later: by quiet hours, or until the newsletter's Sunday morning. */
export const heldEmailSchema = z.object({
  kind: z.string(),
  subject: z.string(),
  sendAfter: z.string(),
  /** When it goes, on the wall clock of the person's zone: "08:00" ("Sun 08:00" when a day or more away). */
  until: z.string(),
});
export type HeldEmail = z.infer<typeof heldEmailSchema>;

/**
 * What a signed-in person is told about their email: whether this server sends any (SMTP configured), the time
 * zone their email follows (null while none is saved: UTC) and what is held for later, soonest first.
 */
export const emailDeliverySchema = z.object({ configured: z.boolean(), timeZone: z.string().nullable(), held: z.array(heldEmailSchema) });
export type EmailDelivery = z.infer<typeof emailDeliverySchema>;

/** What people and admins read while SMTP is not configured. */
export const EMAIL_NOT_SENT_YET = 'This server does not send email yet.';

export const emailLogSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  recipientEmail: z.string(),
  emailType: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  errorMessage: z.string().nullable(),
  attempts: z.number().int(),
});
export type EmailLog = z.infer<typeof emailLogSchema>;

export const emailLogsQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(100_000).default(1),
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').default(EMAIL_LOG_PAGE_SIZE),
  status: z.enum(EMAIL_STATUSES, { error: `status must be one of ${EMAIL_STATUSES.join(', ')}` }).optional(),
  kind: z.enum(EMAIL_KINDS, { error: `kind must be one of ${EMAIL_KINDS.join(', ')}` }).optional(),
});
export const paginationSchema = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), totalPages: z.number().int() });
export const emailLogsResponseSchema = z.object({ logs: z.array(emailLogSchema), pagination: paginationSchema });

/** Part 2 §5: a type must be chosen ('Please select an email type to test'). */
export const testEmailSchema = z.object({
  type: z.enum(TEST_EMAIL_TYPES, { error: 'Please select an email type to test' }),
});
export const sendWeeklyDigestSchema = z.object({ force: z.boolean({ error: 'force must be true or false' }).default(false) }).strict();
export const successResponseSchema = z.object({ success: z.boolean(), message: z.string() });

const weekOf = z
  .string({ error: 'weekOf must be a date (YYYY-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'weekOf must be a date (YYYY-MM-DD)')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'weekOf must be a real date');
export const weekOfQuerySchema = z.object({ weekOf });
const style = z.enum(DIGEST_CONTENT_STYLES, { error: `style must be one of ${DIGEST_CONTENT_STYLES.join(', ')}` });
/** The admin's own text for a digest, kept as written (its spacing is the admin's). */
const content = (name: string) => text(name, DIGEST_CONTENT_MAX_LENGTH, { trim: false });
export const customContentSchema = z
  .object({
    weekOf,
    topContent: content('topContent').default(''),
    topContentStyle: style.default('default'),
    bottomContent: content('bottomContent').default(''),
    bottomContentStyle: style.default('default'),
  })
  .strict();
export const customContentResponseSchema = z.object({
  content: z
    .object({ weekOf: z.string(), topContent: z.string(), topContentStyle: style, bottomContent: z.string(), bottomContentStyle: style })
    .nullable(),
});
export type CustomContentResponse = z.infer<typeof customContentResponseSchema>;
export const previewResponseSchema = z.object({ previewHtml: z.string() });

export const newsletterStatsSchema = z.object({
  totalEmails: z.number().int(),
  sentEmails: z.number().int(),
  failedEmails: z.number().int(),
  pendingEmails: z.number().int(),
  skippedEmails: z.number().int(),
  newsletterEmails: z.number().int(),
  typeDistribution: z.array(z.object({ emailType: z.string(), count: z.number().int() })),
  /** People by what they receive: Full (newsletter and alerts), Newsletter, Alerts, Inactive; every group, in that order. */
  statusGroups: z.array(z.object({ status: z.enum(SUBSCRIBER_STATUSES), count: z.number().int() })),
  weekly: z.object({ weekOf: z.string(), sent: z.boolean(), queued: z.number().int(), completedAt: z.string().nullable() }),
});
export const subscriberSchema = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  weeklyActive: z.boolean(),
  alertsActive: z.boolean(),
  keywordAlertsCount: z.number().int(),
  lastWeeklySent: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
});
export const subscribersQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be at least 1').max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100, 'limit must be at most 100').default(EMAIL_LOG_PAGE_SIZE),
});
export const activitySchema = z.object({ emailDate: z.string(), emailType: z.string(), emailsSent: z.number().int() });
export const engagementSchema = z.object({
  emailType: z.string(),
  totalSent: z.number().int(),
  totalOpened: z.number().int(),
  openRate: z.number(),
  totalClicked: z.number().int(),
  clickRate: z.number(),
});
export type Engagement = z.infer<typeof engagementSchema>;
export type Subscriber = z.infer<typeof subscriberSchema>;
export type Activity = z.infer<typeof activitySchema>;
export type NewsletterStats = z.infer<typeof newsletterStatsSchema>;
