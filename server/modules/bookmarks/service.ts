import type pg from 'pg';
import type { Bookmark } from '#common/contracts/actions.ts';
import { presentStory } from '../stories/presenter.ts';
import { selectStatuses } from '../story-statuses/queries.ts';
import { visibleStory } from '../stories/visibility.ts';
import { requireStory, STORY_COLUMNS, storyRowOf, type WithStory } from './story-lookup.ts';

export class BookmarkNotFoundError extends Error {
  readonly statusCode = 404;
}

type BookmarkRow = WithStory<{ id: number; created_at: Date }>;

function presentBookmark(row: BookmarkRow, nowMs: number): Bookmark {
  return { id: row.id, story: presentStory(storyRowOf(row), nowMs), createdAt: row.created_at.toISOString() };
}

export class BookmarksService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  /**
   * A page of the person's bookmarks, newest first. Bookmarks of stories moderators removed are left out (and from
   * the count); they are kept, and come back if the story is shown again.
   */
  async list(userId: string, page: number, limit: number) {
    const [rows, count] = await Promise.all([
      this.pool.query<BookmarkRow>(
        `SELECT b.id, b.created_at, ${STORY_COLUMNS}
           FROM bookmarks b JOIN stories s ON s.id = b.story_id
          WHERE b.user_id = $1 AND ${visibleStory('s')}
          ORDER BY b.created_at DESC, b.id DESC
          LIMIT $2 OFFSET $3`,
        [userId, limit, (page - 1) * limit],
      ),
      this.pool.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM bookmarks b JOIN stories s ON s.id = b.story_id WHERE b.user_id = $1 AND ${visibleStory('s')}`,
        [userId],
      ),
    ]);
    const totalCount = count.rows[0]?.total ?? 0;
    const totalPages = Math.ceil(totalCount / limit);
    const nowMs = this.now();
    return {
      bookmarks: rows.rows.map((row) => presentBookmark(row, nowMs)),
      totalCount,
      totalPages,
      page,
      hasNext: page < totalPages,
      hasPrevious: page > 1,
    };
  }

  /** Bookmarks the story; bookmarking it again keeps the one bookmark. `created` tells which happened. */
  async add(userId: string, storyId: number): Promise<{ bookmark: Bookmark; created: boolean }> {
    const story = await requireStory(this.pool, storyId);
    const inserted = await this.pool.query<{ id: number; created_at: Date }>(
      `INSERT INTO bookmarks (user_id, story_id) VALUES ($1, $2) ON CONFLICT (user_id, story_id) DO NOTHING RETURNING id, created_at`,
      [userId, storyId],
    );
    const row =
      inserted.rows[0] ??
      (await this.pool.query<{ id: number; created_at: Date }>(`SELECT id, created_at FROM bookmarks WHERE user_id = $1 AND story_id = $2`, [userId, storyId]))
        .rows[0];
    if (!row) throw new BookmarkNotFoundError('Bookmark not found');
    return { bookmark: presentBookmark({ ...story, ...row }, this.now()), created: inserted.rows.length > 0 };
  }

  async remove(userId: string, storyId: number): Promise<void> {
    const result = await this.pool.query(`DELETE FROM bookmarks WHERE user_id = $1 AND story_id = $2`, [userId, storyId]);
    if (result.rowCount === 0) throw new BookmarkNotFoundError('Bookmark not found');
  }

  async isBookmarked(userId: string, storyId: number): Promise<boolean> {
    const result = await this.pool.query(`SELECT 1 FROM bookmarks WHERE user_id = $1 AND story_id = $2`, [userId, storyId]);
    return result.rows.length > 0;
  }

  /** One query for the whole batch. */
  async statuses(userId: string, storyIds: number[]): Promise<Record<string, boolean>> {
    return selectStatuses(this.pool, 'bookmarks', userId, storyIds);
  }
}
