import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import {
  MAX_COLLECTION_STORIES,
  MAX_COLLECTIONS,
  type Collection,
  type CollectionDetail,
  type CollectionItem,
  type CollectionUpdate,
  type ExportFormat,
  type SharedCollection,
} from '#common/contracts/collections.ts';
import { EXPORT_MEDIA, exportFileName, type ExportCollection } from '#common/rules/collection-export.ts';
import { insertWithinCap, type PersonCap } from '../../db/person-caps.ts';
import { LOCKS } from '../../db/locks.ts';
import { withTransaction } from '../../db/transaction.ts';
import { HttpError } from '../../http/errors.ts';
import { requireStory, STORY_COLUMNS, storyRowOf, type WithStory } from '../bookmarks/story-lookup.ts';
import { presentStory } from '../stories/presenter.ts';
import { visibleStory } from '../stories/visibility.ts';

/**
 * Named collections of stories (docs/actions.md, "Collections"): a person's own, never another's (someone else's
 * collection is a 404, as one that does not exist). A story can be in several. A collection can be shared read-only
 * by an unguessable token, revoked by its owner; anyone with the token sees its name, description and visible stories.
 * Stories moderators removed are left out of every view and export; they stay in the collection and come back if
 * the story is shown again.
 */

const COLLECTIONS_CAP: PersonCap = {
  table: 'collections',
  max: MAX_COLLECTIONS,
  message: `You can have at most ${MAX_COLLECTIONS} collections. Delete one to add another.`,
};

/** 32 random bytes in base64url (43 characters), as share links'. */
const newToken = () => randomBytes(32).toString('base64url');

/** The read-only page of a shared collection. */
export const sharedCollectionPath = (token: string) => `/c/${token}`;

interface CollectionRow {
  id: number;
  name: string;
  description: string | null;
  share_token: string | null;
  created_at: Date;
  updated_at: Date;
  story_count: number;
  contains_story?: boolean;
}

type ItemRow = WithStory<{ added_at: Date }>;

const notFound = () => new HttpError(404, 'Collection not found');

/** The visible stories of the collection `c`, counted. */
const STORY_COUNT = `(SELECT count(*)::int FROM collection_stories cs JOIN stories s ON s.id = cs.story_id WHERE cs.collection_id = c.id AND ${visibleStory('s')})`;
const COLUMNS = `c.id, c.name, c.description, c.share_token, c.created_at, c.updated_at, ${STORY_COUNT} AS story_count`;

function presentCollection(row: CollectionRow): Collection {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    storyCount: row.story_count,
    shareToken: row.share_token,
    shareUrl: row.share_token ? sharedCollectionPath(row.share_token) : null,
    ...(row.contains_story === undefined ? {} : { containsStory: row.contains_story }),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export interface CollectionExport {
  body: string;
  type: string;
  fileName: string;
}

export class CollectionsService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  /** The person's collections, newest first; with `storyId`, whether each holds that story. */
  async list(userId: string, storyId?: number): Promise<Collection[]> {
    const contains = storyId === undefined ? '' : `, EXISTS (SELECT 1 FROM collection_stories x WHERE x.collection_id = c.id AND x.story_id = $2) AS contains_story`;
    const result = await this.pool.query<CollectionRow>(
      `SELECT ${COLUMNS}${contains} FROM collections c WHERE c.user_id = $1 ORDER BY c.created_at DESC, c.id DESC`,
      storyId === undefined ? [userId] : [userId, storyId],
    );
    return result.rows.map(presentCollection);
  }

  /** 409 when the person holds the most allowed. */
  async create(userId: string, body: { name: string; description: string | null }): Promise<Collection> {
    const id = await insertWithinCap(this.pool, COLLECTIONS_CAP, userId, async (client) => {
      const inserted = await client.query<{ id: number }>(`INSERT INTO collections (user_id, name, description) VALUES ($1, $2, $3) RETURNING id`, [
        userId,
        body.name,
        body.description,
      ]);
      return inserted.rows[0]!.id;
    });
    return this.get(userId, id);
  }

  async get(userId: string, id: number): Promise<Collection> {
    const result = await this.pool.query<CollectionRow>(`SELECT ${COLUMNS} FROM collections c WHERE c.id = $1 AND c.user_id = $2`, [id, userId]);
    if (!result.rows[0]) throw notFound();
    return presentCollection(result.rows[0]);
  }

  async detail(userId: string, id: number): Promise<CollectionDetail> {
    const collection = await this.get(userId, id);
    return { collection, items: await this.items(id) };
  }

  async update(userId: string, id: number, body: CollectionUpdate): Promise<Collection> {
    const result = await this.pool.query(
      `UPDATE collections SET name = coalesce($3, name), description = CASE WHEN $4::boolean THEN $5 ELSE description END, updated_at = now()
        WHERE id = $1 AND user_id = $2`,
      [id, userId, body.name ?? null, body.description !== undefined, body.description ?? null],
    );
    if (result.rowCount === 0) throw notFound();
    return this.get(userId, id);
  }

  async remove(userId: string, id: number): Promise<void> {
    const result = await this.pool.query(`DELETE FROM collections WHERE id = $1 AND user_id = $2`, [id, userId]);
    if (result.rowCount === 0) throw notFound();
  }

  /**
   * Adds a visible story (404 unknown, 410 removed by moderators); adding it again keeps the one entry (`created`
   * false). 409 when the collection holds the most allowed: the count and the insert run under a lock on the collection.
   */
  async addStory(userId: string, id: number, storyId: number): Promise<{ collection: Collection; created: boolean }> {
    await this.get(userId, id);
    await requireStory(this.pool, storyId);
    const created = await withTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCKS.personCaps, `collection_stories:${id}`]);
      const owned = await client.query(`SELECT 1 FROM collections WHERE id = $1 AND user_id = $2 FOR UPDATE`, [id, userId]);
      if (owned.rows.length === 0) throw notFound();
      const held = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM collection_stories WHERE collection_id = $1`, [id]);
      const inserted = await client.query(
        `INSERT INTO collection_stories (collection_id, story_id) SELECT $1, $2 WHERE $3::int < $4::int ON CONFLICT (collection_id, story_id) DO NOTHING RETURNING story_id`,
        [id, storyId, held.rows[0]!.n, MAX_COLLECTION_STORIES],
      );
      if (inserted.rows.length > 0) {
        await client.query(`UPDATE collections SET updated_at = now() WHERE id = $1`, [id]);
        return true;
      }
      const exists = await client.query(`SELECT 1 FROM collection_stories WHERE collection_id = $1 AND story_id = $2`, [id, storyId]);
      if (exists.rows.length === 0) throw new HttpError(409, `A collection holds at most ${MAX_COLLECTION_STORIES} stories. Remove one to add another.`);
      return false;
    });
    return { collection: await this.get(userId, id), created };
  }

  async removeStory(userId: string, id: number, storyId: number): Promise<Collection> {
    await this.get(userId, id);
    const result = await this.pool.query(`DELETE FROM collection_stories WHERE collection_id = $1 AND story_id = $2`, [id, storyId]);
    if (result.rowCount === 0) throw new HttpError(404, 'That story is not in this collection');
    await this.pool.query(`UPDATE collections SET updated_at = now() WHERE id = $1`, [id]);
    return this.get(userId, id);
  }

  /** Shares the collection: its token, made once and kept until revoked. */
  async share(userId: string, id: number): Promise<Collection> {
    const result = await this.pool.query(`UPDATE collections SET share_token = coalesce(share_token, $3) WHERE id = $1 AND user_id = $2`, [id, userId, newToken()]);
    if (result.rowCount === 0) throw notFound();
    return this.get(userId, id);
  }

  /** Stops sharing: the old link answers 404 from now on; sharing again makes a new one. */
  async unshare(userId: string, id: number): Promise<Collection> {
    const result = await this.pool.query(`UPDATE collections SET share_token = NULL WHERE id = $1 AND user_id = $2`, [id, userId]);
    if (result.rowCount === 0) throw notFound();
    return this.get(userId, id);
  }

  /** What anyone with the token sees; 404 for an unknown or revoked token. */
  async shared(token: string): Promise<SharedCollection> {
    const result = await this.pool.query<CollectionRow & { owner: string | null }>(
      `SELECT ${COLUMNS}, coalesce(nullif(u.display_name, ''), u.handle) AS owner
         FROM collections c JOIN users u ON u.id = c.user_id WHERE c.share_token = $1`,
      [token],
    );
    const row = result.rows[0];
    if (!row) throw new HttpError(404, 'This collection is not shared, or the link was revoked');
    return { name: row.name, description: row.description, owner: row.owner, storyCount: row.story_count, items: await this.items(row.id), updatedAt: row.updated_at.toISOString() };
  }

  async exportOwn(userId: string, id: number, format: ExportFormat): Promise<CollectionExport> {
    const detail = await this.detail(userId, id);
    return render({ ...detail.collection, items: detail.items }, format);
  }

  async exportShared(token: string, format: ExportFormat): Promise<CollectionExport> {
    return render(await this.shared(token), format);
  }

  /** The visible stories, newest addition first (at most MAX_COLLECTION_STORIES are held). */
  private async items(id: number): Promise<CollectionItem[]> {
    const result = await this.pool.query<ItemRow>(
      `SELECT cs.added_at, ${STORY_COLUMNS}
         FROM collection_stories cs JOIN stories s ON s.id = cs.story_id
        WHERE cs.collection_id = $1 AND ${visibleStory('s')}
        ORDER BY cs.added_at DESC, s.id DESC`,
      [id],
    );
    const nowMs = this.now();
    return result.rows.map((row) => ({ story: presentStory(storyRowOf(row), nowMs), addedAt: row.added_at.toISOString() }));
  }
}

function render(collection: ExportCollection, format: ExportFormat): CollectionExport {
  const media = EXPORT_MEDIA[format];
  return { body: media.render(collection), type: media.type, fileName: exportFileName(collection.name, format) };
}
