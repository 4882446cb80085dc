import { z } from 'zod';
import { idNumber, idParam, optionalText, text } from './fields.ts';
import { storySchema } from './stories.ts';

/** Named collections of stories, shared read-only by link and exported (docs/actions.md, "Collections"). */

/** The most collections a person keeps, and stories a collection holds. */
export const MAX_COLLECTIONS = 100;
export const MAX_COLLECTION_STORIES = 1000;
export const COLLECTION_NAME_MAX_LENGTH = 100;
export const COLLECTION_DESCRIPTION_MAX_LENGTH = 500;

export const EXPORT_FORMATS = ['markdown', 'csv', 'json', 'html', 'opml'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const collectionIdParamsSchema = z.object({ collectionId: idParam('collectionId') });
export const collectionStoryParamsSchema = z.object({ collectionId: idParam('collectionId'), storyId: idParam('storyId') });
export const collectionTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'token is not a share token'),
});

export const collectionsQuerySchema = z.object({
  storyId: idParam('storyId').optional().describe('When given, each collection says whether it holds this story'),
});
export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(', ')}` }),
});

const name = text('name', COLLECTION_NAME_MAX_LENGTH, { min: 1 });
const description = optionalText('description', COLLECTION_DESCRIPTION_MAX_LENGTH);
export const collectionCreateSchema = z.object({ name, description }).strict();
/** In a change, a description left out stays as it is; null or blank clears it. */
const changedDescription = text('description', COLLECTION_DESCRIPTION_MAX_LENGTH)
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));
export const collectionUpdateSchema = z
  .object({ name: name.optional(), description: changedDescription })
  .strict()
  .refine((body) => body.name !== undefined || body.description !== undefined, 'Give a name or a description to change');
export type CollectionUpdate = z.infer<typeof collectionUpdateSchema>;
export const collectionStoryBodySchema = z.object({ storyId: idNumber('storyId') }).strict();

export const collectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  storyCount: z.number().int(),
  shareToken: z.string().nullable().describe('Set while the collection is shared'),
  shareUrl: z.string().nullable().describe('The read-only page: /c/{shareToken}'),
  containsStory: z.boolean().optional().describe('Whether it holds the story named by ?storyId'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Collection = z.infer<typeof collectionSchema>;
export const collectionsResponseSchema = z.object({ collections: z.array(collectionSchema) });
export const collectionResponseSchema = z.object({ collection: collectionSchema });

export const collectionItemSchema = z.object({ story: storySchema, addedAt: z.string() });
export type CollectionItem = z.infer<typeof collectionItemSchema>;
export const collectionDetailSchema = z.object({ collection: collectionSchema, items: z.array(collectionItemSchema) });
export type CollectionDetail = z.infer<typeof collectionDetailSchema>;

/** What anyone with the link sees: the name, description, owner's display name and the stories; nothing else. */
export const sharedCollectionSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  owner: z.string().nullable(),
  storyCount: z.number().int(),
  items: z.array(collectionItemSchema),
  updatedAt: z.string(),
});
export type SharedCollection = z.infer<typeof sharedCollectionSchema>;
