import type pg from 'pg';
import type { Note } from '#common/contracts/actions.ts';
import { requireStory } from '../bookmarks/story-lookup.ts';
import { selectStatuses } from '../story-statuses/queries.ts';

export class NoteNotFoundError extends Error {
  readonly statusCode = 404;
  constructor() {
    super('Note not found');
  }
}

interface NoteRow {
  id: number;
  story_id: number;
  note: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, story_id, note, created_at, updated_at';

function presentNote(row: NoteRow): Note {
  return { id: row.id, storyId: row.story_id, note: row.note, createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString() };
}

/** A person's private note on a story, one per person per story. Text arrives trimmed and bounded (the contract). */
export class NotesService {
  constructor(private readonly pool: pg.Pool) {}

  async get(userId: string, storyId: number): Promise<Note> {
    await requireStory(this.pool, storyId);
    const result = await this.pool.query<NoteRow>(`SELECT ${COLUMNS} FROM story_notes WHERE user_id = $1 AND story_id = $2`, [userId, storyId]);
    if (!result.rows[0]) throw new NoteNotFoundError();
    return presentNote(result.rows[0]);
  }

  /** Creates the note, or replaces the one there is (the client may save twice). `created` tells which happened. */
  async save(userId: string, storyId: number, note: string): Promise<{ note: Note; created: boolean }> {
    await requireStory(this.pool, storyId);
    const result = await this.pool.query<NoteRow & { created: boolean }>(
      `INSERT INTO story_notes (user_id, story_id, note) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, story_id) DO UPDATE SET note = excluded.note, updated_at = now()
       RETURNING ${COLUMNS}, (xmax = 0) AS created`,
      [userId, storyId, note],
    );
    const row = result.rows[0]!;
    return { note: presentNote(row), created: row.created };
  }

  async update(userId: string, storyId: number, note: string): Promise<Note> {
    await requireStory(this.pool, storyId);
    const result = await this.pool.query<NoteRow>(
      `UPDATE story_notes SET note = $3, updated_at = now() WHERE user_id = $1 AND story_id = $2 RETURNING ${COLUMNS}`,
      [userId, storyId, note],
    );
    if (!result.rows[0]) throw new NoteNotFoundError();
    return presentNote(result.rows[0]);
  }

  async remove(userId: string, storyId: number): Promise<void> {
    await requireStory(this.pool, storyId, { removing: true });
    const result = await this.pool.query(`DELETE FROM story_notes WHERE user_id = $1 AND story_id = $2`, [userId, storyId]);
    if (result.rowCount === 0) throw new NoteNotFoundError();
  }

  /** One query for the whole batch. */
  async statuses(userId: string, storyIds: number[]): Promise<Record<string, boolean>> {
    return selectStatuses(this.pool, 'notes', userId, storyIds);
  }
}
