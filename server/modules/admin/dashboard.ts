import type pg from 'pg';
import type { DashboardStats } from '#common/contracts/admin.ts';
import { sharedByPerson } from '../shares/shared-by-people.ts';

/**
 * The dashboard's counters in one statement. "Active in the week" is a person with a session used or begun in the
 * last 7 days, or an action of theirs recorded then (an analytics event, a bookmark, a watch, a flag, an alert).
 * "Today" is the UTC day.
 */
export async function dashboardStats(pool: pg.Pool): Promise<DashboardStats> {
  const result = await pool.query<Record<string, number>>(`
    SELECT (SELECT count(*)::int FROM users) AS total_users,
           (SELECT count(*)::int FROM users WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS new_users_today,
           (SELECT count(*)::int FROM (
              SELECT user_id FROM sessions WHERE updated_at >= now() - interval '7 days' OR created_at >= now() - interval '7 days'
              UNION SELECT user_id FROM analytics_events WHERE user_id IS NOT NULL AND created_at >= now() - interval '7 days'
              UNION SELECT user_id FROM bookmarks WHERE created_at >= now() - interval '7 days'
              UNION SELECT user_id FROM story_watches WHERE created_at >= now() - interval '7 days'
              UNION SELECT user_id FROM content_flags WHERE created_at >= now() - interval '7 days'
              UNION SELECT user_id FROM keyword_alerts WHERE created_at >= now() - interval '7 days'
           ) active) AS active_users_week,
           (SELECT count(*)::int FROM stories WHERE NOT dead AND NOT deleted) AS total_stories,
           (SELECT count(*)::int FROM bookmarks) AS total_bookmarks,
           (SELECT count(*)::int FROM shared_links l WHERE ${sharedByPerson()}) AS total_shared_links,
           (SELECT count(*)::int FROM keyword_alerts) AS total_keyword_alerts,
           (SELECT count(*)::int FROM content_flags WHERE status = 'pending') AS pending_flags,
           (SELECT count(*)::int FROM contact_messages WHERE handled_at IS NULL) AS unhandled_contact`);
  const row = result.rows[0]!;
  return {
    users: { totalUsers: row.total_users!, newUsersToday: row.new_users_today!, activeUsersWeek: row.active_users_week! },
    system: {
      totalStories: row.total_stories!,
      totalBookmarks: row.total_bookmarks!,
      totalSharedLinks: row.total_shared_links!,
      totalKeywordAlerts: row.total_keyword_alerts!,
    },
    moderation: { pendingFlags: row.pending_flags!, unhandledContactMessages: row.unhandled_contact! },
  };
}
