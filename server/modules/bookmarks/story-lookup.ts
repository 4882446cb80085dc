import type pg from 'pg';
import type { StoryRow } from '../stories/queries.ts';
import { StoryRemovedError, visibleStory } from '../stories/visibility.ts';

/** The story columns `presentStory` needs, read from the stories table aliased `s`. */
export const STORY_COLUMNS = `s.id AS story_id, s.hn_id, s.title, s.url, s.score, s.descendants, s.by, s.time, s.domain,
  s.score_velocity, s.comments_velocity, s.trending_score, s.synthetic`;

/** A row joined with its story: the story's id comes as story_id so the row's own id stays free. */
export type WithStory<T> = T & Omit<StoryRow, 'id'> & { story_id: number };

export function storyRowOf(row: WithStory<object>): StoryRow {
  return {
    id: row.story_id,
    hn_id: row.hn_id,
    title: row.title,
    url: row.url,
    score: row.score,
    descendants: row.descendants,
    by: row.by,
    time: row.time,
    domain: row.domain,
    score_velocity: row.score_velocity,
    comments_velocity: row.comments_velocity,
    trending_score: row.trending_score,
    synthetic: row.synthetic,
  };
}

export class StoryNotFoundError extends Error {
  readonly statusCode = 404;
  constructor() {
    super('Story not found');
  }
}

/**
 * Throws a 404 unless the story exists (every action names a story by our stories.id), and a 410 when moderators
 * removed it: no action starts on a story the product no longer shows, and none answers with its content. Only
 * removing one's own row about it (`removing`) goes ahead: what is theirs, they may always delete.
 */
export async function requireStory(pool: pg.Pool | pg.PoolClient, storyId: number, { removing = false } = {}): Promise<WithStory<object>> {
  const result = await pool.query<WithStory<{ visible: boolean }>>(`SELECT ${STORY_COLUMNS}, ${visibleStory('s')} AS visible FROM stories s WHERE s.id = $1`, [
    storyId,
  ]);
  const row = result.rows[0];
  if (!row) throw new StoryNotFoundError();
  if (!row.visible && !removing) throw new StoryRemovedError();
  return row;
}
