import type pg from 'pg';
import { paginationOf } from '#common/rules/admin.ts';
import type { AdminLog } from '#common/contracts/admin.ts';
import { withTransaction } from '../../db/transaction.ts';

/** Who is acting, from the request: the moderator or admin and the address they called from. */
export interface Actor {
  userId: string;
  ipAddress: string | null;
}

/** One audit log entry: what was done, to what, and (where it applies) the state before and after. */
export interface LogEntry {
  action: string;
  targetType: string;
  targetId: string | number | null;
  details?: Record<string, unknown>;
}

/** A change made by a moderator or admin: it returns its result and the log entry that describes it. */
export type AdminChange<T> = (client: pg.PoolClient) => Promise<{ result: T; log: LogEntry }>;

/**
 * The one way an admin write reaches the database: the change and its audit log entry run in one transaction, so
 * there is never a change without its entry, nor an entry for a change that was rolled back. The table itself
 * refuses UPDATE, DELETE and TRUNCATE (migration 0007), and this class has no method that edits an entry.
 */
export class AuditLog {
  constructor(private readonly pool: pg.Pool) {}

  async write<T>(actor: Actor, change: AdminChange<T>): Promise<T> {
    return withTransaction(this.pool, async (client) => {
      const { result, log } = await change(client);
      await client.query(
        `INSERT INTO admin_logs (action, target_type, target_id, admin_user_id, details, ip_address) VALUES ($1, $2, $3, $4, $5, $6)`,
        [log.action, log.targetType, log.targetId === null ? null : String(log.targetId), actor.userId, JSON.stringify(log.details ?? {}), actor.ipAddress],
      );
      return result;
    });
  }

  /** Newest first, optionally of one action and one person. */
  async list(query: { page: number; limit: number; action?: string; adminUserId?: string }) {
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (query.action) {
      params.push(query.action);
      conditions.push(`l.action = $${params.length}`);
    }
    if (query.adminUserId) {
      params.push(query.adminUserId);
      conditions.push(`l.admin_user_id = $${params.length}`);
    }
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const [rows, count, actions, admins] = await Promise.all([
      this.pool.query<LogRow>(
        `SELECT l.id, l.action, l.target_type, l.target_id, l.admin_user_id, coalesce(u.display_name, u.name) AS admin_name, l.details, l.ip_address, l.created_at
           FROM admin_logs l LEFT JOIN users u ON u.id = l.admin_user_id ${where}
          ORDER BY l.created_at DESC, l.id DESC LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
        params,
      ),
      this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM admin_logs l ${where}`, params),
      this.pool.query<{ action: string }>(`SELECT DISTINCT action FROM admin_logs ORDER BY action`),
      this.pool.query<{ id: string; name: string | null }>(
        `SELECT d.admin_user_id AS id, coalesce(u.display_name, u.name) AS name
           FROM (SELECT DISTINCT admin_user_id FROM admin_logs) d LEFT JOIN users u ON u.id = d.admin_user_id ORDER BY 2, 1`,
      ),
    ]);
    return {
      logs: rows.rows.map(presentLog),
      pagination: paginationOf(query.page, query.limit, count.rows[0]!.n),
      actions: actions.rows.map((row) => row.action),
      admins: admins.rows,
    };
  }
}

interface LogRow {
  id: number;
  action: string;
  target_type: string;
  target_id: string | null;
  admin_user_id: string;
  admin_name: string | null;
  details: Record<string, unknown>;
  ip_address: string | null;
  created_at: Date;
}

function presentLog(row: LogRow): AdminLog {
  return {
    id: row.id,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    adminUserId: row.admin_user_id,
    adminName: row.admin_name,
    details: row.details,
    ipAddress: row.ip_address,
    createdAt: row.created_at.toISOString(),
  };
}
