import { HttpError } from '../../http/errors.ts';

/**
 * Locks every admin's row to the end of the transaction, in one order. A change that could take away the last
 * admin (a demotion, an account deletion) runs this first: two of them at once then take turns, and the second
 * counts the admins the first left.
 */
export const LOCK_ADMINS_SQL = `SELECT id FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE`;

/** The site always keeps an admin: refuses (409) to demote or delete `userId` when they are the only one. */
export function keepAnAdmin(lockedAdminIds: readonly string[], userId: string, change: 'demoted' | 'deleted'): void {
  if (lockedAdminIds.includes(userId) && lockedAdminIds.length <= 1) {
    throw new HttpError(409, `The last admin cannot be ${change}. Make someone else an admin first.`);
  }
}
