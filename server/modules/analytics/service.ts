import type pg from 'pg';
import type { AnalyticsEvent } from '../../../common/contracts/actions.ts';

/** Client analytics events, stored as they came (validated by the contract) for the admin analytics. */
export class AnalyticsService {
  constructor(private readonly pool: pg.Pool) {}

  async track(event: AnalyticsEvent, userId: string | null): Promise<void> {
    await this.pool.query(`INSERT INTO analytics_events (event_type, properties, user_id) VALUES ($1, $2, $3)`, [
      event.eventType,
      JSON.stringify(event.properties),
      userId,
    ]);
  }
}
