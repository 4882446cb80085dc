import type pg from 'pg';
import type { AnalyticsEvent } from '../../../common/contracts/actions.ts';
import { TIMEFRAME_HOURS } from './windows.ts';

/**
 * Client analytics events, stored as they came (validated by the contract) for the admin analytics.
 * The person's id is stored with an event only when they gave analytics consent at onboarding; without it
 * the event is kept as a visitor's would be, with no person attached. An event about a known story also adds to
 * that story's counts for its hour and for each analytics period (./windows.ts), and to the hour's totals.
 */
export class AnalyticsService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  /** `viewer` is a one-day keyed hash (server/http/viewer.ts): it counts unique views and names no one. */
  async track(event: AnalyticsEvent, userId: string | null, viewer: string): Promise<void> {
    // One statement: the consent is read with the insert, so a change of mind applies to the very next event, and
    // the event and its counts go in together. A story id the client made up is stored as none and counts nowhere.
    await this.pool.query(
      `WITH event AS (
         INSERT INTO analytics_events (event_type, properties, user_id, story_id, created_at)
         VALUES ($1, $2, (SELECT id FROM users WHERE id = $3 AND analytics_consent), (SELECT id FROM stories WHERE id = $4), $5)
         RETURNING event_type, story_id, created_at
       ), first_view_today AS (
         INSERT INTO story_daily_viewers (story_id, day, viewer)
         SELECT story_id, (created_at AT TIME ZONE 'UTC')::date, $6 FROM event WHERE event_type = 'story_view' AND story_id IS NOT NULL
         ON CONFLICT DO NOTHING RETURNING 1
       ), counts AS (
         SELECT date_trunc('hour', created_at) AS hour, story_id, (event_type = 'story_view')::int AS views,
                (SELECT count(*) FROM first_view_today)::int AS unique_views, (event_type = 'story_bookmark')::int AS bookmarks
           FROM event WHERE story_id IS NOT NULL
       ), hourly AS (
         INSERT INTO story_hourly_activity (hour, story_id, views, unique_views, bookmarks) SELECT * FROM counts
         ON CONFLICT (hour, story_id) DO UPDATE SET
           views = story_hourly_activity.views + excluded.views,
           unique_views = story_hourly_activity.unique_views + excluded.unique_views,
           bookmarks = story_hourly_activity.bookmarks + excluded.bookmarks
       ), periods AS (
         INSERT INTO story_window_activity (timeframe, story_id, views, unique_views, bookmarks)
         SELECT timeframe, story_id, views, unique_views, bookmarks FROM counts, unnest($7::smallint[]) AS timeframe
         ON CONFLICT (timeframe, story_id) DO UPDATE SET
           views = story_window_activity.views + excluded.views,
           unique_views = story_window_activity.unique_views + excluded.unique_views,
           bookmarks = story_window_activity.bookmarks + excluded.bookmarks
       )
       INSERT INTO analytics_hourly (hour, views, bookmarks) SELECT hour, views, bookmarks FROM counts
       ON CONFLICT (hour) DO UPDATE SET views = analytics_hourly.views + excluded.views, bookmarks = analytics_hourly.bookmarks + excluded.bookmarks`,
      [event.eventType, JSON.stringify(event.properties), userId, event.properties.storyId ?? null, new Date(this.now()), viewer, TIMEFRAME_HOURS],
    );
  }
}
