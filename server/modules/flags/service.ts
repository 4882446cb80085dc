import type pg from 'pg';
import type { FlagType } from '#common/rules/limits.ts';
import { requireStory } from '../bookmarks/story-lookup.ts';
import { selectStatuses } from '../story-statuses/queries.ts';

export class AlreadyFlaggedError extends Error {
  readonly statusCode = 409;
  constructor() {
    super('You have already flagged this story. Moderators will review it.');
  }
}

interface FlagRow {
  id: number;
  story_id: number;
  flag_type: FlagType;
  reason: string | null;
  status: string;
  created_at: Date;
}

/**
 * Flags for the moderation queue. A story counts as flagged by a person while their flag is pending; a partial
 * unique index keeps it to one pending flag per person per story, even under concurrent requests.
 */
export class FlagsService {
  constructor(private readonly pool: pg.Pool) {}

  async create(userId: string, input: { storyId: number; flagType: FlagType; reason: string | null }) {
    await requireStory(this.pool, input.storyId);
    const result = await this.pool.query<FlagRow>(
      `INSERT INTO content_flags (user_id, story_id, flag_type, reason) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, story_id) WHERE status = 'pending' DO NOTHING
       RETURNING id, story_id, flag_type, reason, status, created_at`,
      [userId, input.storyId, input.flagType, input.reason],
    );
    const row = result.rows[0];
    if (!row) throw new AlreadyFlaggedError();
    return { id: row.id, storyId: row.story_id, flagType: row.flag_type, reason: row.reason, status: row.status, createdAt: row.created_at.toISOString() };
  }

  async isFlagged(userId: string, storyId: number): Promise<boolean> {
    const result = await this.pool.query(`SELECT 1 FROM content_flags WHERE user_id = $1 AND story_id = $2 AND status = 'pending'`, [userId, storyId]);
    return result.rows.length > 0;
  }

  /** One query for the whole batch. */
  async statuses(userId: string, storyIds: number[]): Promise<Record<string, boolean>> {
    return selectStatuses(this.pool, 'flags', userId, storyIds);
  }
}
