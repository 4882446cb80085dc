import type pg from 'pg';
import { HttpError } from '../http/errors.ts';
import { LOCKS } from './locks.ts';
import { withTransaction } from './transaction.ts';

/** A most-allowed number of one kind of row a person holds: their rows are those of `table` whose user_id is theirs. */
export interface PersonCap {
  table: string;
  max: number;
  /** The 409's message when the person already holds `max`. */
  message: string;
}

/**
 * Adds one of a person's capped rows: `insert` runs only while they hold fewer than the cap's most, and the check
 * and the insert happen under a lock on (kind, person) held to the end of the transaction. Counting inside the
 * insert's own statement is not enough: two statements at once each count the rows before either inserts, so both
 * pass. Under the lock the second waits and counts the first's row. Every insert into a capped table goes through here.
 */
export async function insertWithinCap<T>(pool: pg.Pool, cap: PersonCap, userId: string, insert: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCKS.personCaps, `${cap.table}:${userId}`]);
    const held = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${client.escapeIdentifier(cap.table)} WHERE user_id = $1`, [userId]);
    if (held.rows[0]!.n >= cap.max) throw new HttpError(409, cap.message);
    return insert(client);
  });
}
