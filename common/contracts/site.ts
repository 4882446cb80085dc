import { z } from 'zod';
import { idParam, text } from './fields.ts';

export const ANNOUNCEMENT_TYPES = ['info', 'warning', 'error', 'success'] as const;

export const publicAnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string().describe('Sanitised HTML'),
  type: z.enum(ANNOUNCEMENT_TYPES),
  isPersistent: z.boolean(),
});
export const announcementsResponseSchema = z.object({ announcements: z.array(publicAnnouncementSchema) });
export const announcementParamsSchema = z.object({ id: idParam('id') });

export const CONTACT_LIMITS = { name: 100, email: 200, subject: 200, message: 5000 } as const;

export const contactMessageSchema = z
  .object({
    name: text('name', CONTACT_LIMITS.name, { min: 1 }),
    email: text('email', CONTACT_LIMITS.email, { min: 1 }).pipe(z.email('email must be a valid email address')),
    subject: text('subject', CONTACT_LIMITS.subject, { min: 1 }),
    message: text('message', CONTACT_LIMITS.message, { min: 1 }),
  })
  .strict();

export const okResponseSchema = z.object({ ok: z.literal(true) });
