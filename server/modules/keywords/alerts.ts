import type pg from 'pg';
import type { KeywordAlert, KeywordAlertsResponse } from '#common/contracts/keywords.ts';
import { keywordKey, MAX_ALERTS_PER_PERSON } from '#common/rules/keywords.ts';
import { insertWithinCap, type PersonCap } from '../../db/person-caps.ts';
import { HttpError } from '../../http/errors.ts';
import { loadAliases } from './ingest.ts';

/** A person's keyword alerts: nobody sees or changes another person's. */

interface AlertRow {
  id: number;
  keyword: string;
  threshold: number;
  is_active: boolean;
  created_at: Date;
  last_fired_at: Date | null;
}

const ALERT_COLUMNS = 'id, keyword, threshold, is_active, created_at, last_fired_at';

function presentAlert(row: AlertRow): KeywordAlert {
  return {
    id: row.id,
    keyword: row.keyword,
    threshold: row.threshold,
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
    lastFiredAt: row.last_fired_at?.toISOString() ?? null,
  };
}

const KEYWORD_ALERTS_CAP: PersonCap = {
  table: 'keyword_alerts',
  max: MAX_ALERTS_PER_PERSON,
  message: `You can have at most ${MAX_ALERTS_PER_PERSON} keyword alerts. Delete one to add another.`,
};

const notFound = () => new HttpError(404, 'Keyword alert not found');

export class KeywordAlertsService {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Newest first, with the aliases the matching rule applies. One statement (the signed-in home asks for this on
   * every page): the alerts joined to one row that carries the alias table, so a person without alerts still gets
   * one row, with no alert in it.
   */
  async list(userId: string): Promise<KeywordAlertsResponse> {
    const result = await this.pool.query<(AlertRow | { [key in keyof AlertRow]: null }) & { aliases: Record<string, string> }>({
      name: 'keyword-alerts-list',
      text: `SELECT alert.*, aliases.map AS aliases
       FROM (SELECT coalesce(json_object_agg(alias, keyword), '{}') AS map FROM keyword_aliases) AS aliases
       LEFT JOIN LATERAL (
         SELECT ${ALERT_COLUMNS} FROM keyword_alerts WHERE user_id = $1 ORDER BY created_at DESC, id DESC
       ) AS alert ON true`,
      values: [userId],
    });
    const alerts = result.rows.flatMap((row) => (row.id === null ? [] : [presentAlert(row as AlertRow)]));
    return { alerts, aliases: result.rows[0]?.aliases ?? {} };
  }

  /** 409 when the person has an alert for the same keyword (aliases included) or holds the most allowed. */
  async create(userId: string, keyword: string, threshold: number): Promise<KeywordAlert> {
    const matchKey = keywordKey(keyword, await loadAliases(this.pool));
    return insertWithinCap(this.pool, KEYWORD_ALERTS_CAP, userId, async (client) => {
      const result = await client.query<AlertRow>(
        `INSERT INTO keyword_alerts (user_id, keyword, match_key, threshold) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, match_key) DO NOTHING
         RETURNING ${ALERT_COLUMNS}`,
        [userId, keyword, matchKey, threshold],
      );
      if (!result.rows[0]) throw new HttpError(409, 'You already have an alert for this keyword.');
      return presentAlert(result.rows[0]);
    });
  }

  async setActive(userId: string, alertId: number, isActive: boolean): Promise<KeywordAlert> {
    const result = await this.pool.query<AlertRow>(
      `UPDATE keyword_alerts SET is_active = $3 WHERE id = $1 AND user_id = $2 RETURNING ${ALERT_COLUMNS}`,
      [alertId, userId, isActive],
    );
    if (!result.rows[0]) throw notFound();
    return presentAlert(result.rows[0]);
  }

  async remove(userId: string, alertId: number): Promise<void> {
    const result = await this.pool.query('DELETE FROM keyword_alerts WHERE id = $1 AND user_id = $2', [alertId, userId]);
    if (result.rowCount === 0) throw notFound();
  }
}
