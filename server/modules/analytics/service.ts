import type pg from 'pg';
import type { AnalyticsEvent } from '../../../common/contracts/actions.ts';

/**
 * Client analytics events, stored as they came (validated by the contract) for the admin analytics.
 * The person's id is stored with an event only when they gave analytics consent at onboarding; without it
 * the event is kept as a visitor's would be, with no person attached.
 */
export class AnalyticsService {
  constructor(private readonly pool: pg.Pool) {}

  async track(event: AnalyticsEvent, userId: string | null): Promise<void> {
    // The consent is read in the same statement, so a change of mind applies to the very next event.
    const consentingUser = `(SELECT id FROM users WHERE id = $3 AND analytics_consent)`;
    await this.pool.query(`INSERT INTO analytics_events (event_type, properties, user_id) VALUES ($1, $2, ${consentingUser})`, [
      event.eventType,
      JSON.stringify(event.properties),
      userId,
    ]);
  }
}
