import type pg from 'pg';
import { ANNOUNCEMENT_TYPES } from '#common/contracts/site.ts';
import { sanitizeAnnouncementHtml } from './sanitize.ts';

type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
type Queryable = pg.Pool | pg.PoolClient;

export interface AdminAnnouncementRow {
  id: number;
  title: string;
  message: string;
  type: string;
  is_active: boolean;
  is_persistent: boolean;
  start_date: Date | null;
  end_date: Date | null;
  created_at: Date;
}

export interface PublicAnnouncement {
  id: number;
  title: string;
  message: string;
  type: AnnouncementType;
  isPersistent: boolean;
}

/** What an admin writes (the admin routes and seeds use it); `message` is HTML, sanitised before it is stored. */
export interface AnnouncementInput {
  title: string;
  message: string;
  type: AnnouncementType;
  isActive?: boolean;
  isPersistent?: boolean;
  startDate?: Date | null;
  endDate?: Date | null;
}

export class AnnouncementNotFoundError extends Error {
  readonly statusCode = 404;
}
export class AnnouncementPersistentError extends Error {
  readonly statusCode = 409;
}

const ACTIVE = `is_active AND (start_date IS NULL OR start_date <= now()) AND (end_date IS NULL OR end_date > now())`;

const COLUMNS: Record<keyof AnnouncementInput, string> = {
  title: 'title',
  message: 'message',
  type: 'type',
  isActive: 'is_active',
  isPersistent: 'is_persistent',
  startDate: 'start_date',
  endDate: 'end_date',
};

/**
 * Announcement HTML is sanitised twice on the server: when written, so what is stored is what is shown, and when
 * served, so a row written another way (by SQL, before sanitising existed, under an older allow-list) is safe too.
 */
export class AnnouncementsService {
  constructor(private readonly pool: pg.Pool) {}

  /** `db` is the pool, or the client of an admin write's transaction. */
  async create(input: AnnouncementInput, db: Queryable = this.pool): Promise<number> {
    const fields = this.columnValues({ isActive: true, isPersistent: false, ...input });
    const result = await db.query<{ id: number }>(
      `INSERT INTO announcements (${fields.map(([column]) => column).join(', ')})
       VALUES (${fields.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`,
      fields.map(([, value]) => value),
    );
    return result.rows[0]!.id;
  }

  async update(id: number, changes: Partial<AnnouncementInput>, db: Queryable = this.pool): Promise<void> {
    const fields = this.columnValues(changes);
    const assignments = fields.map(([column], index) => `${column} = $${index + 2}`);
    const result = await db.query(`UPDATE announcements SET ${[...assignments, 'updated_at = now()'].join(', ')} WHERE id = $1`, [
      id,
      ...fields.map(([, value]) => value),
    ]);
    if (result.rowCount === 0) throw new AnnouncementNotFoundError('Announcement not found');
  }

  /** Every announcement, active or not, newest first (the admin list); `db` as for create. */
  async all(db: Queryable = this.pool, id?: number): Promise<AdminAnnouncementRow[]> {
    const result = await db.query<AdminAnnouncementRow>(
      `SELECT id, title, message, type, is_active, is_persistent, start_date, end_date, created_at FROM announcements
        WHERE $1::int IS NULL OR id = $1 ORDER BY created_at DESC, id DESC`,
      [id ?? null],
    );
    return result.rows;
  }

  async remove(id: number, db: Queryable = this.pool): Promise<void> {
    const result = await db.query('DELETE FROM announcements WHERE id = $1', [id]);
    if (result.rowCount === 0) throw new AnnouncementNotFoundError('Announcement not found');
  }

  /** The given fields as [column, value] pairs, the message sanitised. */
  private columnValues(input: Partial<AnnouncementInput>): [string, unknown][] {
    return Object.entries(input)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [
        COLUMNS[key as keyof AnnouncementInput],
        key === 'message' ? sanitizeAnnouncementHtml(value as string) : value,
      ]);
  }

  /** Active announcements, newest first; a signed-in person's dismissed ones are left out. */
  async active(userId: string | null): Promise<PublicAnnouncement[]> {
    const result = await this.pool.query<{ id: number; title: string; message: string; type: string; is_persistent: boolean }>({
      name: 'announcements-active',
      text: `SELECT id, title, message, type, is_persistent FROM announcements a
        WHERE ${ACTIVE}
          AND ($1::text IS NULL OR a.is_persistent
               OR NOT EXISTS (SELECT 1 FROM announcement_dismissals d WHERE d.announcement_id = a.id AND d.user_id = $1))
        ORDER BY created_at DESC, id DESC`,
      values: [userId],
    });
    return result.rows.map((row) => ({
      id: row.id,
      title: row.title,
      message: sanitizeAnnouncementHtml(row.message),
      // The spec shows anything unknown as info.
      type: (ANNOUNCEMENT_TYPES as readonly string[]).includes(row.type) ? (row.type as AnnouncementType) : 'info',
      isPersistent: row.is_persistent,
    }));
  }

  async dismiss(userId: string, announcementId: number): Promise<void> {
    const found = await this.pool.query<{ is_persistent: boolean }>(`SELECT is_persistent FROM announcements WHERE id = $1 AND ${ACTIVE}`, [
      announcementId,
    ]);
    const announcement = found.rows[0];
    if (!announcement) throw new AnnouncementNotFoundError('Announcement not found');
    if (announcement.is_persistent) throw new AnnouncementPersistentError('This announcement cannot be dismissed.');
    await this.pool.query(
      `INSERT INTO announcement_dismissals (user_id, announcement_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [userId, announcementId],
    );
  }
}
