import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { stories } from './stories.ts';

/**
 * A person's named collections of stories (docs/actions.md, "Collections"). A story can be in several; a collection
 * can be shared read-only by an unguessable token (null: not shared), which its owner can revoke.
 */
export const collections = pgTable(
  'collections',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    shareToken: text('share_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('collections_user_created_idx').on(table.userId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    uniqueIndex('collections_share_token_idx').on(table.shareToken).where(sql`${table.shareToken} IS NOT NULL`),
  ],
);

/** The stories of a collection, newest addition first; they go with the collection (and with a story that goes). */
export const collectionStories = pgTable(
  'collection_stories',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.storyId] }),
    index('collection_stories_collection_added_idx').on(table.collectionId, table.addedAt.desc().nullsFirst()),
    index('collection_stories_story_idx').on(table.storyId),
  ],
);
