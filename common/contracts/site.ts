import { z } from 'zod';

export const ANNOUNCEMENT_TYPES = ['info', 'warning', 'error', 'success'] as const;

export const publicAnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string().describe('Sanitised HTML'),
  type: z.enum(ANNOUNCEMENT_TYPES),
  isPersistent: z.boolean(),
});
export const announcementsResponseSchema = z.object({ announcements: z.array(publicAnnouncementSchema) });
export const announcementParamsSchema = z.object({
  id: z.string().regex(/^\d+$/, 'id must be a whole number').transform(Number),
});

export const CONTACT_LIMITS = { name: 100, email: 200, subject: 200, message: 5000 } as const;

const required = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`);

export const contactMessageSchema = z
  .object({
    name: required('name', CONTACT_LIMITS.name),
    email: required('email', CONTACT_LIMITS.email).pipe(z.email('email must be a valid email address')),
    subject: required('subject', CONTACT_LIMITS.subject),
    message: required('message', CONTACT_LIMITS.message),
  })
  .strict();

export const okResponseSchema = z.object({ ok: z.literal(true) });
