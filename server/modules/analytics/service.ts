import type pg from 'pg';
import type { AnalyticsEvent } from '#common/contracts/actions.ts';
import { TIMEFRAME_HOURS } from './windows.ts';

/**
 * Client analytics events for the admin analytics. Only what the client alone knows is taken from it (which link
 * was clicked, where the card was, that a bookmark was added); the story's Hacker News id, title, url and score are
 * read from the story itself, so an event cannot put a made-up title or url in front of the admin, and an event
 * about a story the site does not have is not recorded.
 *
 * Each event counts once per viewer, story, kind and hour (story_hourly_events), whatever the client sends: a view
 * adds to the story's views, and to its unique viewers once a day (story_daily_viewers); a bookmark counts only from
 * a signed-in person who holds that bookmark. A counted event adds to its story's hour, each analytics period
 * (./windows.ts) and the hour's totals. The person's id is stored with an event only when they gave analytics
 * consent at onboarding; without it the event is kept as a visitor's would be, with no person attached.
 */
export class AnalyticsService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  /** `viewer` is a one-day keyed hash (server/http/viewer.ts): it counts each viewer once and names no one. */
  async track(event: AnalyticsEvent, userId: string | null, viewer: string): Promise<void> {
    const told =
      event.eventType === 'story_view' ? { viewType: event.properties.viewType, position: event.properties.position } : { action: event.properties.action };
    // One statement: the consent is read with the insert, so a change of mind applies to the very next event, and
    // the event and its counts go in together.
    await this.pool.query(
      `WITH story AS (
         SELECT s.id, s.hn_id, s.title, s.url, s.score FROM stories s
          WHERE s.id = $4 AND ($1 = 'story_view' OR EXISTS (SELECT 1 FROM bookmarks b WHERE b.user_id = $3 AND b.story_id = s.id))
       ), first_this_hour AS (
         INSERT INTO story_hourly_events (story_id, hour, event_type, viewer)
         SELECT id, date_trunc('hour', $5::timestamptz), $1, $6 FROM story
         ON CONFLICT DO NOTHING RETURNING story_id
       ), event AS (
         INSERT INTO analytics_events (event_type, properties, user_id, story_id, created_at)
         SELECT $1, $2::jsonb || jsonb_build_object('storyId', s.id, 'hnId', s.hn_id, 'title', s.title)
                  || CASE WHEN $1 = 'story_view' THEN jsonb_build_object('url', s.url, 'score', s.score) ELSE '{}'::jsonb END,
                (SELECT id FROM users WHERE id = $3 AND analytics_consent), s.id, $5
           FROM story s JOIN first_this_hour f ON f.story_id = s.id
         RETURNING event_type, story_id, created_at
       ), first_view_today AS (
         INSERT INTO story_daily_viewers (story_id, day, viewer)
         SELECT story_id, (created_at AT TIME ZONE 'UTC')::date, $6 FROM event WHERE event_type = 'story_view'
         ON CONFLICT DO NOTHING RETURNING 1
       ), counts AS (
         SELECT date_trunc('hour', created_at) AS hour, story_id, (event_type = 'story_view')::int AS views,
                (SELECT count(*) FROM first_view_today)::int AS unique_views, (event_type = 'story_bookmark')::int AS bookmarks
           FROM event
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
      [event.eventType, JSON.stringify(told), userId, event.properties.storyId ?? null, new Date(this.now()), viewer, TIMEFRAME_HOURS],
    );
  }
}
