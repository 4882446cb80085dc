import type pg from 'pg';
import type { AnalyticsEvent } from '../../../common/contracts/actions.ts';

/**
 * Client analytics events, stored as they came (validated by the contract) for the admin analytics.
 * The person's id is stored with an event only when they gave analytics consent at onboarding; without it
 * the event is kept as a visitor's would be, with no person attached. `viewer` is a one-day keyed hash
 * (server/http/viewer.ts) that counts unique views and names no one.
 */
export class AnalyticsService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  async track(event: AnalyticsEvent, userId: string | null, viewer: string): Promise<void> {
    // The consent is read in the same statement, so a change of mind applies to the very next event.
    const consentingUser = `(SELECT id FROM users WHERE id = $3 AND analytics_consent)`;
    // A story id the client made up is stored as none: events stay, the popular stories count real stories only.
    const knownStory = `(SELECT id FROM stories WHERE id = $4)`;
    await this.pool.query(
      `INSERT INTO analytics_events (event_type, properties, user_id, story_id, viewer, created_at) VALUES ($1, $2, ${consentingUser}, ${knownStory}, $5, $6)`,
      [event.eventType, JSON.stringify(event.properties), userId, event.properties.storyId ?? null, viewer, new Date(this.now())],
    );
  }
}
