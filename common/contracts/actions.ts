import { z } from 'zod';
import { WATCH_STATUSES } from '../rules/heat.ts';
import { BOOKMARKS_PAGE_SIZE, FLAG_REASON_MAX_LENGTH, FLAG_TYPES, NOTE_MAX_LENGTH } from '../rules/limits.ts';
import { idNumber, idParam, intParam, optionalText, text } from './fields.ts';
import { storySchema } from './stories.ts';

/** What people do with stories (part 1 §3, §7): bookmarks, watches, notes, flags, batch status, share links, analytics. */

export const storyIdParamsSchema = z.object({ storyId: idParam('storyId') });
export const storyPathIdParamsSchema = z.object({ id: idParam('id') });
export const storyIdBodySchema = z.object({ storyId: idNumber('storyId') }).strict();

export const okSchema = z.object({ ok: z.literal(true) });

// Bookmarks

export const BOOKMARKS_MAX_LIMIT = 100;
export const bookmarksQuerySchema = z.object({
  page: intParam('page', 1, 1_000_000).default(1),
  limit: intParam('limit', 1, BOOKMARKS_MAX_LIMIT).default(BOOKMARKS_PAGE_SIZE),
});
export const bookmarkSchema = z.object({ id: z.number().int(), story: storySchema, createdAt: z.string() });
export type Bookmark = z.infer<typeof bookmarkSchema>;
export const bookmarksPageSchema = z.object({
  bookmarks: z.array(bookmarkSchema),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  hasNext: z.boolean(),
  hasPrevious: z.boolean(),
});
export const bookmarkResponseSchema = z.object({ bookmark: bookmarkSchema });
export const bookmarkCheckSchema = z.object({ bookmarked: z.boolean() });

// Watches

export const watchSchema = z.object({
  id: z.number().int(),
  storyId: z.number().int(),
  story: storySchema,
  createdAt: z.string(),
  currentStatus: z.enum(WATCH_STATUSES),
  statusChanged: z.boolean().describe('The current status differs from the status when the watch began'),
  scoreGrowth: z.number().int().describe('Points gained since the watch began'),
  commentsGrowth: z.number().int().describe('Comments gained since the watch began'),
});
export type Watch = z.infer<typeof watchSchema>;
export const watchesResponseSchema = z.object({ watches: z.array(watchSchema), count: z.number().int() });
export const watchResponseSchema = z.object({ watch: watchSchema });

// Notes

export const noteBodySchema = z
  .object({
    note: text('Note', NOTE_MAX_LENGTH).refine((note) => note.length > 0, 'Note cannot be empty'),
  })
  .strict();
export const noteSchema = z.object({
  id: z.number().int(),
  storyId: z.number().int(),
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;
export const noteResponseSchema = z.object({ note: noteSchema });

// Flags

export const flagBodySchema = z
  .object({
    storyId: idNumber('storyId'),
    flagType: z.enum(FLAG_TYPES, { error: `flagType must be one of ${FLAG_TYPES.join(', ')}` }),
    reason: optionalText('reason', FLAG_REASON_MAX_LENGTH),
  })
  .strict();
export const flagSchema = z.object({
  id: z.number().int(),
  storyId: z.number().int(),
  flagType: z.enum(FLAG_TYPES),
  reason: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
});
export const flagResponseSchema = z.object({ flag: flagSchema });
export const flagCheckSchema = z.object({ flagged: z.boolean() });

// Batch status

export const BATCH_MAX_IDS = 200;
export const batchBodySchema = z
  .object({
    storyIds: z
      .array(idNumber('storyIds'), { error: 'storyIds must be a list of story ids' })
      .min(1, 'storyIds must name at least one story')
      .max(BATCH_MAX_IDS, `storyIds must name at most ${BATCH_MAX_IDS} stories`),
  })
  .strict();
const statusMap = z.record(z.string(), z.boolean()).describe('Story id to whether it is set');
export const bookmarkStatusesSchema = z.object({ bookmarkStatuses: statusMap });
export const flagStatusesSchema = z.object({ flagStatuses: statusMap });
export const watchStatusesSchema = z.object({ watchStatuses: statusMap });
export const noteStatusesSchema = z.object({ noteStatuses: statusMap });
/** The four batch checks in one answer (POST /api/story-statuses/check-batch). */
export const storyStatusesSchema = z.object({ bookmarkStatuses: statusMap, flagStatuses: statusMap, watchStatuses: statusMap, noteStatuses: statusMap });
export type StoryStatuses = z.infer<typeof storyStatusesSchema>;

// Share links

export const SHARE_TITLE_MAX_LENGTH = 200;
export const SHARE_DESCRIPTION_MAX_LENGTH = 500;
/** Tokens are 32 random bytes in base64url: 43 characters. */
export const shareTokenParamsSchema = z.object({
  shareToken: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'shareToken is not a share token'),
});

/** Control characters other than line breaks and tabs have no place in a title or description. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const shareCreateSchema = z
  .object({
    storyId: idNumber('storyId'),
    customTitle: optionalText('customTitle', SHARE_TITLE_MAX_LENGTH)
      .refine((value) => value === null || !CONTROL.test(value), 'customTitle must not contain control characters')
      // A title is one line.
      .transform((value) => (value === null ? null : value.replace(/\s+/g, ' '))),
    customDescription: optionalText('customDescription', SHARE_DESCRIPTION_MAX_LENGTH).refine(
      (value) => value === null || !CONTROL.test(value),
      'customDescription must not contain control characters',
    ),
  })
  .strict();
export const sharedLinkSchema = z.object({
  id: z.number().int(),
  shareToken: z.string(),
  shareUrl: z.string().describe('The address to share: /share/{shareToken}/{slug}'),
  storyId: z.number().int(),
  story: storySchema,
  customTitle: z.string().nullable(),
  customDescription: z.string().nullable(),
  viewCount: z.number().int(),
  articleClicks: z.number().int(),
  commentsClicks: z.number().int(),
  createdAt: z.string(),
});
export type SharedLink = z.infer<typeof sharedLinkSchema>;
export const sharedLinkResponseSchema = z.object({ sharedLink: sharedLinkSchema });
export const mySharedLinksSchema = z.object({ sharedLinks: z.array(sharedLinkSchema) });
export const sharedLinkViewSchema = z.object({
  story: storySchema,
  customTitle: z.string().nullable(),
  customDescription: z.string().nullable(),
  user: z.object({ displayName: z.string() }),
  createdAt: z.string(),
});
export const CLICK_TYPES = ['article', 'comments'] as const;
export const shareClickSchema = z
  .object({ clickType: z.enum(CLICK_TYPES, { error: `clickType must be one of ${CLICK_TYPES.join(', ')}` }) })
  .strict();

// Analytics

export const analyticsEventSchema = z.discriminatedUnion(
  'eventType',
  [
    z
      .object({
        eventType: z.literal('story_bookmark'),
        properties: z
          .object({
            storyId: idNumber('properties.storyId'),
            hnId: idNumber('properties.hnId'),
            title: text('properties.title', 500),
            action: z.literal('add', { error: 'properties.action must be add' }),
          })
          .strict(),
      })
      .strict(),
    z
      .object({
        eventType: z.literal('story_view'),
        properties: z
          .object({
            viewType: z.enum(['title_click', 'comments_click'], { error: 'properties.viewType must be title_click or comments_click' }),
            // Not in the spec's list: the story's id, so the admin's popular stories can count its views.
            storyId: idNumber('properties.storyId').optional(),
            title: text('properties.title', 500),
            url: text('properties.url', 2000),
            score: z.number({ error: 'properties.score must be a number' }).int('properties.score must be a whole number').min(0).max(1_000_000),
            position: z.enum(['featured', 'regular'], { error: 'properties.position must be featured or regular' }),
          })
          .strict(),
      })
      .strict(),
  ],
  { error: 'eventType must be story_bookmark or story_view' },
);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
