import { z } from 'zod';
import {
  ADMIN_PAGE_LIMIT_MAX,
  ADMIN_PAGE_SIZE,
  ADMIN_SEARCH_MAX_LENGTH,
  ADMIN_SEARCH_MIN_LENGTH,
  ADMIN_SEARCH_TIMES,
  ADMIN_SEARCH_TYPES,
  FLAG_STATUS_FILTERS,
  FLAG_STATUSES,
} from '../rules/admin.ts';
import { FLAG_TYPES } from '../rules/limits.ts';
import { MAX_PHRASE_WORDS, tokenize } from '../rules/keywords.ts';
import { ROLES } from './accounts.ts';
import { idParam, intParam, jsonValue, text } from './fields.ts';
import { ANNOUNCEMENT_TYPES } from './site.ts';

/** The administrator area's calls (spec part 2 §3, §7): requests and answers. */

const pageParam = intParam('page', 1, 1_000_000).default(1);
const limitParam = intParam('limit', 1, ADMIN_PAGE_LIMIT_MAX).default(ADMIN_PAGE_SIZE);
export const adminPageQuerySchema = z.object({ page: pageParam, limit: limitParam }).strict();

export const paginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  hasNext: z.boolean(),
  hasPrevious: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const dashboardStatsSchema = z.object({
  users: z.object({ totalUsers: z.number().int(), newUsersToday: z.number().int(), activeUsersWeek: z.number().int() }),
  system: z.object({
    totalStories: z.number().int(),
    totalBookmarks: z.number().int(),
    totalSharedLinks: z.number().int(),
    totalKeywordAlerts: z.number().int(),
  }),
  moderation: z.object({ pendingFlags: z.number().int(), unhandledContactMessages: z.number().int() }),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema), pagination: paginationSchema });
export const userIdParamsSchema = z.object({ userId: text('userId', 100, { min: 1 }) });
export const roleBodySchema = z.object({ role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` }) }).strict();
export const roleResponseSchema = z.object({ user: adminUserSchema });

export const adminLogSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  adminUserId: z.string(),
  adminName: z.string().nullable().describe('The acting person as they are named now; null once their account is gone'),
  details: z.record(z.string(), z.unknown()),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminLog = z.infer<typeof adminLogSchema>;
export const adminLogsQuerySchema = z
  .object({
    page: pageParam,
    limit: limitParam,
    action: text('action', 100).optional(),
    adminUserId: text('adminUserId', 100).optional(),
  })
  .strict();
export const adminLogsResponseSchema = z.object({
  logs: z.array(adminLogSchema),
  pagination: paginationSchema,
  /** The actions and people that appear in the log, for the filters. */
  actions: z.array(z.string()),
  admins: z.array(z.object({ id: z.string(), name: z.string().nullable() })),
});

export const adminFlagSchema = z.object({
  id: z.number().int(),
  flagType: z.enum(FLAG_TYPES),
  status: z.enum(FLAG_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** How many people have a pending flag on the same story: the queue shows the most-flagged first. */
  pendingFlagsOnStory: z.number().int(),
  story: z.object({ id: z.number().int(), hnId: z.number().int(), title: z.string(), score: z.number().int(), by: z.string(), url: z.string(), hidden: z.boolean() }),
});
export type AdminFlag = z.infer<typeof adminFlagSchema>;
export const adminFlagsQuerySchema = z
  .object({
    page: pageParam,
    limit: limitParam,
    status: z.enum(FLAG_STATUS_FILTERS, { error: `status must be one of ${FLAG_STATUS_FILTERS.join(', ')}` }).default('all'),
  })
  .strict();
export const adminFlagsResponseSchema = z.object({ flags: z.array(adminFlagSchema), pagination: paginationSchema });
export const flagIdParamsSchema = z.object({ flagId: idParam('flagId') });
export const flagReviewBodySchema = z.object({ action: z.enum(['approve', 'reject'], { error: 'action must be approve or reject' }) }).strict();
export const flagReviewResponseSchema = z.object({ flag: adminFlagSchema });

export const SETTING_KEY_MAX = 100;
export const SETTING_DESCRIPTION_MAX = 500;
/** A value's JSON text may be at most this long. */
export const SETTING_VALUE_MAX_CHARS = 10_000;

export const systemSettingSchema = z.object({
  id: z.string().describe('The key: settings are keyed by name'),
  key: z.string(),
  value: z.unknown(),
  category: z.string(),
  description: z.string(),
  updatedAt: z.string().nullable(),
});
export type SystemSetting = z.infer<typeof systemSettingSchema>;
export const settingsResponseSchema = z.object({ settings: z.array(systemSettingSchema) });
export const settingBodySchema = z
  .object({
    key: text('key', SETTING_KEY_MAX, { min: 1 }).pipe(z.string().regex(/^[A-Za-z0-9_.-]+$/, 'key may hold letters, digits, _, . and - only')),
    value: jsonValue('value', SETTING_VALUE_MAX_CHARS),
    category: text('category', 50).optional(),
    description: text('description', SETTING_DESCRIPTION_MAX).optional(),
  })
  .strict();
export const settingResponseSchema = z.object({ setting: systemSettingSchema });

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_MESSAGE_MAX = 5000;
const dateField = (name: string) =>
  z
    .union([z.iso.datetime({ offset: true, error: `${name} must be a date and time (ISO 8601)` }), z.iso.date({ error: `${name} must be a date` }), z.literal(''), z.null()])
    .optional()
    .transform((value) => (value ? new Date(value) : null));
export const announcementBodySchema = z
  .object({
    title: text('title', ANNOUNCEMENT_TITLE_MAX, { min: 1 }),
    message: text('message', ANNOUNCEMENT_MESSAGE_MAX, { min: 1 }),
    type: z.enum(ANNOUNCEMENT_TYPES, { error: `type must be one of ${ANNOUNCEMENT_TYPES.join(', ')}` }).default('info'),
    isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
    isPersistent: z.boolean({ error: 'isPersistent must be true or false' }).default(false),
    startDate: dateField('startDate'),
    endDate: dateField('endDate'),
  })
  .strict()
  .refine((body) => !body.startDate || !body.endDate || body.endDate > body.startDate, { message: 'endDate must be after startDate', path: ['endDate'] });
export const adminAnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  isActive: z.boolean(),
  isPersistent: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;
export const adminAnnouncementsResponseSchema = z.object({ announcements: z.array(adminAnnouncementSchema) });
export const adminAnnouncementResponseSchema = z.object({ announcement: adminAnnouncementSchema });
export const announcementIdParamsSchema = z.object({ id: idParam('id') });

export const contactMessageAdminSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type ContactMessageAdmin = z.infer<typeof contactMessageAdminSchema>;
export const contactMessagesQuerySchema = z
  .object({ page: pageParam, limit: limitParam, status: z.enum(['all', 'open', 'handled'], { error: 'status must be all, open or handled' }).default('all') })
  .strict();
export const contactMessagesResponseSchema = z.object({ messages: z.array(contactMessageAdminSchema), pagination: paginationSchema, retentionDays: z.number().int() });
export const contactMessageIdParamsSchema = z.object({ id: idParam('id') });
export const contactHandledBodySchema = z.object({ handled: z.boolean({ error: 'handled must be true or false' }) }).strict();
export const contactMessageResponseSchema = z.object({ message: contactMessageAdminSchema });

export const adminSearchQuerySchema = z
  .object({
    q: text('q', ADMIN_SEARCH_MAX_LENGTH, { trim: false }).pipe(
      z.string().refine((value) => value.trim().length >= ADMIN_SEARCH_MIN_LENGTH, `q must be at least ${ADMIN_SEARCH_MIN_LENGTH} characters`),
    ),
    type: z.enum(ADMIN_SEARCH_TYPES, { error: `type must be one of ${ADMIN_SEARCH_TYPES.join(', ')}` }).default('all'),
    time: z.enum(ADMIN_SEARCH_TIMES, { error: `time must be one of ${ADMIN_SEARCH_TIMES.join(', ')}` }).default('all'),
  })
  .strict();
const searchHit = z.object({ id: z.string(), title: z.string(), subtitle: z.string(), createdAt: z.string().nullable() });
export type AdminSearchHit = z.infer<typeof searchHit>;
const hitsAndCount = z.object({ results: z.array(searchHit), count: z.number().int() });
export const adminSearchResponseSchema = z.object({
  users: hitsAndCount,
  stories: hitsAndCount,
  keywords: hitsAndCount,
  alerts: hitsAndCount,
  flags: hitsAndCount,
  logs: hitsAndCount,
  settings: hitsAndCount,
});
export type AdminSearchResponse = z.infer<typeof adminSearchResponseSchema>;
export const adminSearchSummarySchema = z.object({ users: z.number().int(), stories: z.number().int(), alerts: z.number().int(), settings: z.number().int() });

/** Keyword aliases: a spelling of up to three words and the keyword it counts as. */
export const KEYWORD_ALIAS_MAX_CHARS = 60;

const aliasWords = (name: string) =>
  text(name, KEYWORD_ALIAS_MAX_CHARS, { min: 1 }).pipe(
    z.string().superRefine((value, context) => {
      const words = tokenize(value).length;
      if (words === 0) context.addIssue({ code: 'custom', message: `${name} must contain a word` });
      else if (words > MAX_PHRASE_WORDS) context.addIssue({ code: 'custom', message: `${name} may have at most ${MAX_PHRASE_WORDS} words` });
    }),
  );

export const keywordAliasSchema = z.object({ alias: z.string(), keyword: z.string(), createdAt: z.string() });
export type KeywordAliasEntry = z.infer<typeof keywordAliasSchema>;
export const keywordAliasesResponseSchema = z.object({ aliases: z.array(keywordAliasSchema) });
export const keywordAliasResponseSchema = z.object({ alias: keywordAliasSchema });
export const keywordAliasBodySchema = z
  .object({ alias: aliasWords('alias'), keyword: aliasWords('keyword') })
  .refine(({ alias, keyword }) => alias.toLowerCase() !== keyword.toLowerCase(), { message: 'An alias must differ from its keyword', path: ['alias'] });
export const keywordAliasParamsSchema = z.object({ alias: text('alias', KEYWORD_ALIAS_MAX_CHARS, { min: 1 }) });
