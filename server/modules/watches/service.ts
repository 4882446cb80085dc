import type pg from 'pg';
import type { Watch } from '#common/contracts/actions.ts';
import { watchStatus, type WatchStatus } from '#common/rules/heat.ts';
import { requireStory, STORY_COLUMNS, storyRowOf, type WithStory } from '../bookmarks/story-lookup.ts';
import { presentStory } from '../stories/presenter.ts';
import { selectStatuses } from '../story-statuses/queries.ts';
import { visibleStory } from '../stories/visibility.ts';

export class WatchNotFoundError extends Error {
  readonly statusCode = 404;
}

type WatchRow = WithStory<{ id: number; created_at: Date; initial_score: number; initial_descendants: number; initial_status: string }>;

/** The watch status of a story row now, by the heat rule (common/rules/heat.ts). */
function statusOf(row: WithStory<object>, nowMs: number): WatchStatus {
  return watchStatus(
    { score: row.score, descendants: row.descendants, scoreVelocity: row.score_velocity, commentsVelocity: row.comments_velocity, time: row.time },
    nowMs,
  );
}

function presentWatch(row: WatchRow, nowMs: number): Watch {
  const currentStatus = statusOf(row, nowMs);
  return {
    id: row.id,
    storyId: row.story_id,
    story: presentStory(storyRowOf(row), nowMs),
    createdAt: row.created_at.toISOString(),
    currentStatus,
    statusChanged: currentStatus !== row.initial_status,
    scoreGrowth: row.score - row.initial_score,
    commentsGrowth: row.descendants - row.initial_descendants,
  };
}

const WATCH_COLUMNS = `w.id, w.created_at, w.initial_score, w.initial_descendants, w.initial_status, ${STORY_COLUMNS}`;

export class WatchesService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  /** The person's watches, newest first; those of stories moderators removed are left out (kept, as bookmarks are). */
  async list(userId: string): Promise<{ watches: Watch[]; count: number }> {
    const result = await this.pool.query<WatchRow>(
      `SELECT ${WATCH_COLUMNS} FROM story_watches w JOIN stories s ON s.id = w.story_id
        WHERE w.user_id = $1 AND ${visibleStory('s')} ORDER BY w.created_at DESC, w.id DESC`,
      [userId],
    );
    const nowMs = this.now();
    return { watches: result.rows.map((row) => presentWatch(row, nowMs)), count: result.rows.length };
  }

  /** Starts watching: the story's counts and status now are the baseline. Watching again keeps the first watch. */
  async add(userId: string, storyId: number): Promise<{ watch: Watch; created: boolean }> {
    const story = await requireStory(this.pool, storyId);
    const status = statusOf(story, this.now());
    // last_status is the status as ingestion last stored it (its heat level), so the next cycle records only real changes.
    const inserted = await this.pool.query<{ id: number }>(
      `INSERT INTO story_watches (user_id, story_id, initial_score, initial_descendants, initial_status, last_status)
       SELECT $1, $2, $3, $4, $5, coalesce(heat_level, 'other') FROM stories WHERE id = $2 AND ${visibleStory()}
       ON CONFLICT (user_id, story_id) DO NOTHING RETURNING id`,
      [userId, storyId, story.score, story.descendants, status],
    );
    const result = await this.pool.query<WatchRow>(
      `SELECT ${WATCH_COLUMNS} FROM story_watches w JOIN stories s ON s.id = w.story_id WHERE w.user_id = $1 AND w.story_id = $2 AND ${visibleStory('s')}`,
      [userId, storyId],
    );
    const row = result.rows[0];
    if (!row) throw new WatchNotFoundError('Watch not found');
    return { watch: presentWatch(row, this.now()), created: inserted.rows.length > 0 };
  }

  async remove(userId: string, storyId: number): Promise<void> {
    const result = await this.pool.query(`DELETE FROM story_watches WHERE user_id = $1 AND story_id = $2`, [userId, storyId]);
    if (result.rowCount === 0) throw new WatchNotFoundError('Watch not found');
  }

  /** One query for the whole batch. */
  async statuses(userId: string, storyIds: number[]): Promise<Record<string, boolean>> {
    return selectStatuses(this.pool, 'watches', userId, storyIds);
  }
}
