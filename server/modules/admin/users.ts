import type pg from 'pg';
import type { AdminUser } from '#common/contracts/admin.ts';
import type { Role } from '#common/contracts/accounts.ts';
import { paginationOf } from '#common/rules/admin.ts';
import { HttpError } from '../../http/errors.ts';
import { keepAnAdmin, LOCK_ADMINS_SQL } from '../accounts/last-admin.ts';
import type { Actor, AuditLog } from './audit.ts';

interface UserRow {
  id: string;
  name: string;
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string;
  role: Role;
  created_at: Date;
}

const USER_COLUMNS = 'id, name, display_name, first_name, last_name, email, role, created_at';

function presentUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    displayName: row.display_name ?? row.name,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    createdAt: row.created_at.toISOString(),
  };
}

/** The people of the site for the users page, and role changes (admins only, logged). */
export class AdminUsersService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly audit: AuditLog,
  ) {}

  /** Newest accounts first. */
  async list(page: number, limit: number) {
    const [rows, count] = await Promise.all([
      this.pool.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`),
      this.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users'),
    ]);
    return { users: rows.rows.map(presentUser), pagination: paginationOf(page, limit, count.rows[0]!.n) };
  }

  /**
   * Sets a person's role; it applies from their next request (the role is read with the session each time). The
   * admins' rows are locked first, so two admins demoting each other at once cannot leave the site with none.
   */
  async setRole(actor: Actor, userId: string, role: Role): Promise<AdminUser> {
    return this.audit.write(actor, async (client) => {
      const admins = await client.query<{ id: string }>(LOCK_ADMINS_SQL);
      const found = await client.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1 FOR UPDATE`, [userId]);
      const before = found.rows[0];
      if (!before) throw new HttpError(404, 'User not found');
      if (role !== 'admin') keepAnAdmin(admins.rows.map((admin) => admin.id), userId, 'demoted');
      const updated = await client.query<UserRow>(`UPDATE users SET role = $2, updated_at = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`, [userId, role]);
      return {
        result: presentUser(updated.rows[0]!),
        log: { action: 'user_role_updated', targetType: 'user', targetId: userId, details: { before: { role: before.role }, after: { role } } },
      };
    });
  }
}
