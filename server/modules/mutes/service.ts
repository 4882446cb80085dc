import type pg from 'pg';
import type { Mute, MuteBody } from '#common/contracts/mutes.ts';
import { compileMutes, MAX_MUTES, mutesKey, NO_MUTES, type MuteKind, type MuteMatcher, type MuteRule } from '#common/rules/mutes.ts';
import { insertWithinCap, type PersonCap } from '../../db/person-caps.ts';
import { HttpError } from '../../http/errors.ts';
import { RecentMap } from '../../recent-map.ts';

/**
 * A person's muting rules (docs/actions.md, "Muting"): nobody sees or removes another person's. Every list, search,
 * prediction, alert and email a person gets asks `mutesOf` (or `mutesOfPeople`, for many people at once) and hides
 * what it mutes.
 */

const MUTES_CAP: PersonCap = {
  table: 'story_mutes',
  max: MAX_MUTES,
  message: `You can have at most ${MAX_MUTES} muting rules. Remove one to add another.`,
};

interface MuteRow {
  id: number;
  kind: MuteKind;
  value: string;
}

/** A person's rules compiled, with the key of the set (people with the same rules share cached pages by it). */
export interface PersonMutes {
  matcher: MuteMatcher;
  key: string;
}

export const NO_PERSON_MUTES: PersonMutes = { matcher: NO_MUTES, key: '' };

const presentMute = (row: MuteRow): Mute => ({ id: row.id, kind: row.kind, value: row.value });

type Queryable = pg.Pool | pg.PoolClient;

/** Compiled rule sets by their key: compiling 500 rules is done once, not on every request. */
const compiled = new RecentMap<string, MuteMatcher>(1000);

function compile(rules: readonly MuteRule[]): PersonMutes {
  if (rules.length === 0) return NO_PERSON_MUTES;
  const key = mutesKey(rules);
  let matcher = compiled.get(key);
  if (!matcher) {
    matcher = compileMutes(rules);
    compiled.set(key, matcher);
  }
  return { matcher, key };
}

/** A person's rules compiled (no rules for a visitor, null). One small query; compiling happens once per rule set. */
export async function mutesOf(db: Queryable, userId: string | null): Promise<PersonMutes> {
  if (userId === null) return NO_PERSON_MUTES;
  const result = await db.query<MuteRule>({ name: 'story-mutes-of-person', text: `SELECT kind, value FROM story_mutes WHERE user_id = $1`, values: [userId] });
  return compile(result.rows);
}

/** Many people's rules at once (emails go to many): one query. People without rules get NO_PERSON_MUTES. */
export async function mutesOfPeople(db: Queryable, userIds: readonly string[]): Promise<Map<string, PersonMutes>> {
  const byPerson = new Map<string, MuteRule[]>();
  if (userIds.length > 0) {
    const result = await db.query<MuteRule & { user_id: string }>(`SELECT user_id, kind, value FROM story_mutes WHERE user_id = ANY($1::text[])`, [
      [...new Set(userIds)],
    ]);
    for (const row of result.rows) {
      const rules = byPerson.get(row.user_id) ?? [];
      rules.push({ kind: row.kind, value: row.value });
      byPerson.set(row.user_id, rules);
    }
  }
  return new Map(userIds.map((id) => [id, compile(byPerson.get(id) ?? [])]));
}

export class MutesService {
  constructor(private readonly pool: pg.Pool) {}

  /** Newest first. */
  async list(userId: string): Promise<Mute[]> {
    const result = await this.pool.query<MuteRow>(`SELECT id, kind, value FROM story_mutes WHERE user_id = $1 ORDER BY id DESC`, [userId]);
    return result.rows.map(presentMute);
  }

  /** Adds a rule; the same rule again is the one rule (`created` false). 409 when the person holds the most allowed. */
  async add(userId: string, body: MuteBody): Promise<{ mute: Mute; created: boolean }> {
    const existing = await this.find(this.pool, userId, body);
    if (existing) return { mute: existing, created: false };
    return insertWithinCap(this.pool, MUTES_CAP, userId, async (client) => {
      const inserted = await client.query<MuteRow>(
        `INSERT INTO story_mutes (user_id, kind, value) VALUES ($1, $2, $3) ON CONFLICT (user_id, kind, value) DO NOTHING RETURNING id, kind, value`,
        [userId, body.kind, body.value],
      );
      if (inserted.rows[0]) return { mute: presentMute(inserted.rows[0]), created: true };
      // Added by a request of the same person's that ran meanwhile.
      return { mute: (await this.find(client, userId, body))!, created: false };
    });
  }

  /** 404 for a rule that is not the person's (another's, or none). */
  async remove(userId: string, id: number): Promise<void> {
    const result = await this.pool.query('DELETE FROM story_mutes WHERE id = $1 AND user_id = $2', [id, userId]);
    if (result.rowCount === 0) throw new HttpError(404, 'Muting rule not found');
  }

  matcherFor(userId: string | null): Promise<PersonMutes> {
    return mutesOf(this.pool, userId);
  }

  private async find(client: Queryable, userId: string, body: MuteBody): Promise<Mute | null> {
    const result = await client.query<MuteRow>(`SELECT id, kind, value FROM story_mutes WHERE user_id = $1 AND kind = $2 AND value = $3`, [userId, body.kind, body.value]);
    return result.rows[0] ? presentMute(result.rows[0]) : null;
  }
}
