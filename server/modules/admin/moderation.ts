import type pg from 'pg';
import type { AdminFlag } from '#common/contracts/admin.ts';
import { paginationOf, type FlagStatus, type FlagStatusFilter } from '#common/rules/admin.ts';
import type { FlagType } from '#common/rules/limits.ts';
import { HttpError } from '../../http/errors.ts';
import type { Actor, AuditLog } from './audit.ts';

interface FlagRow {
  id: number;
  flag_type: FlagType;
  status: FlagStatus;
  reason: string | null;
  created_at: Date;
  reviewed_at: Date | null;
  pending_on_story: number;
  story_id: number;
  hn_id: number;
  title: string;
  score: number;
  by: string;
  url: string;
  hidden: boolean;
}

const FLAG_SELECT = `SELECT f.id, f.flag_type, f.status, f.reason, f.created_at, f.reviewed_at,
       (SELECT count(DISTINCT p.user_id)::int FROM content_flags p WHERE p.story_id = f.story_id AND p.status = 'pending') AS pending_on_story,
       s.id AS story_id, s.hn_id, s.title, s.score, s.by, s.url, s.hidden
  FROM content_flags f JOIN stories s ON s.id = f.story_id`;

function presentFlag(row: FlagRow): AdminFlag {
  return {
    id: row.id,
    flagType: row.flag_type,
    status: row.status,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    pendingFlagsOnStory: row.pending_on_story,
    story: { id: row.story_id, hnId: row.hn_id, title: row.title, score: row.score, by: row.by, url: row.url, hidden: row.hidden },
  };
}

/**
 * The moderation queue. Approving a flag hides its story from every list and search for everyone (stories.hidden);
 * deleting the last approved flag of a story shows it again, which is how an admin reverses a hide.
 */
export class ModerationService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly audit: AuditLog,
    /** Called after a story is hidden or shown again, so cached lists are rebuilt. */
    private readonly storiesChanged: () => void,
  ) {}

  /** Pending flags on stories flagged by the most people first, then newest; other statuses newest first. */
  async list(page: number, limit: number, status: FlagStatusFilter) {
    const where = status === 'all' ? '' : 'WHERE f.status = $1';
    const params = status === 'all' ? [] : [status];
    const order = status === 'pending' ? 'pending_on_story DESC, f.created_at DESC, f.id DESC' : 'f.created_at DESC, f.id DESC';
    const [rows, count] = await Promise.all([
      this.pool.query<FlagRow>(`${FLAG_SELECT} ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${(page - 1) * limit}`, params),
      this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM content_flags f ${where}`, params),
    ]);
    return { flags: rows.rows.map(presentFlag), pagination: paginationOf(page, limit, count.rows[0]!.n) };
  }

  async review(actor: Actor, flagId: number, action: 'approve' | 'reject'): Promise<AdminFlag> {
    const flag = await this.audit.write(actor, async (client) => {
      const status: FlagStatus = action === 'approve' ? 'approved' : 'rejected';
      const updated = await client.query<{ story_id: number; flag_type: string }>(
        `UPDATE content_flags SET status = $2, reviewed_by = $3, reviewed_at = now() WHERE id = $1 AND status = 'pending' RETURNING story_id, flag_type`,
        [flagId, status, actor.userId],
      );
      const row = updated.rows[0];
      if (!row) {
        const exists = await client.query('SELECT 1 FROM content_flags WHERE id = $1', [flagId]);
        throw exists.rowCount ? new HttpError(409, 'Only pending flags can be reviewed.') : new HttpError(404, 'Flag not found');
      }
      if (action === 'approve') await client.query('UPDATE stories SET hidden = true WHERE id = $1', [row.story_id]);
      const result = await client.query<FlagRow>(`${FLAG_SELECT} WHERE f.id = $1`, [flagId]);
      return {
        result: presentFlag(result.rows[0]!),
        log: {
          action: action === 'approve' ? 'content_flag_approved' : 'content_flag_rejected',
          targetType: 'content_flag',
          targetId: flagId,
          details: { storyId: row.story_id, flagType: row.flag_type, before: { status: 'pending' }, after: { status }, storyHidden: action === 'approve' },
        },
      };
    });
    if (action === 'approve') this.storiesChanged();
    return flag;
  }

  async remove(actor: Actor, flagId: number): Promise<void> {
    const shown = await this.audit.write(actor, async (client) => {
      const deleted = await client.query<{ story_id: number; status: FlagStatus; flag_type: string }>(
        'DELETE FROM content_flags WHERE id = $1 RETURNING story_id, status, flag_type',
        [flagId],
      );
      const row = deleted.rows[0];
      if (!row) throw new HttpError(404, 'Flag not found');
      // The story stays hidden while another approved flag holds it hidden.
      const unhidden =
        row.status === 'approved'
          ? ((
              await client.query(
                `UPDATE stories SET hidden = false WHERE id = $1 AND hidden
                   AND NOT EXISTS (SELECT 1 FROM content_flags WHERE story_id = $1 AND status = 'approved')`,
                [row.story_id],
              )
            ).rowCount ?? 0) > 0
          : false;
      // The entry names the flag by reference, never the reporter's reason: the audit log outlives every account,
      // and a person's own words must go with theirs.
      return {
        result: unhidden,
        log: {
          action: 'content_flag_deleted',
          targetType: 'content_flag',
          targetId: flagId,
          details: { storyId: row.story_id, before: { status: row.status, flagType: row.flag_type }, after: null, storyShownAgain: unhidden },
        },
      };
    });
    if (shown) this.storiesChanged();
  }
}
