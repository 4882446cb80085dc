import type pg from 'pg';
import { ANNOUNCEMENT_TYPES } from '../../../common/contracts/site.ts';

type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

export interface PublicAnnouncement {
  id: number;
  title: string;
  message: string;
  type: AnnouncementType;
  isPersistent: boolean;
}

export class AnnouncementNotFoundError extends Error {
  readonly statusCode = 404;
}
export class AnnouncementPersistentError extends Error {
  readonly statusCode = 409;
}

const ACTIVE = `is_active AND (start_date IS NULL OR start_date <= now()) AND (end_date IS NULL OR end_date > now())`;

export class AnnouncementsService {
  constructor(private readonly pool: pg.Pool) {}

  /** Active announcements, newest first; a signed-in person's dismissed ones are left out. */
  async active(userId: string | null): Promise<PublicAnnouncement[]> {
    const result = await this.pool.query<{ id: number; title: string; message: string; type: string; is_persistent: boolean }>(
      `SELECT id, title, message, type, is_persistent FROM announcements a
        WHERE ${ACTIVE}
          AND ($1::text IS NULL OR a.is_persistent
               OR NOT EXISTS (SELECT 1 FROM announcement_dismissals d WHERE d.announcement_id = a.id AND d.user_id = $1))
        ORDER BY created_at DESC, id DESC`,
      [userId],
    );
    return result.rows.map((row) => ({
      id: row.id,
      title: row.title,
      message: row.message,
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
