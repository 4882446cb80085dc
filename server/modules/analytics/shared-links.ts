import type pg from 'pg';
import type { SharedLinksAnalytics, SharedLinkStat } from '#common/contracts/analytics.ts';
import { clickRate, SHARED_LINK_DAILY_STATS, TODAYS_LINKS_MAX, TOP_SHARED_LINKS } from '#common/rules/analytics.ts';
import { sharedByPerson } from '../shares/shared-by-people.ts';

const DAY_MS = 86_400_000;

interface LinkRow {
  share_token: string;
  story_title: string;
  custom_title: string | null;
  user_name: string | null;
  user_email: string;
  created_at: Date;
  view_count: number;
  click_count: number;
}

const LINK_SELECT = `SELECT l.share_token, s.title AS story_title, l.custom_title, coalesce(nullif(u.display_name, ''), u.name) AS user_name,
        u.email AS user_email, l.created_at, l.view_count, l.article_clicks + l.comments_clicks AS click_count
   FROM shared_links l JOIN stories s ON s.id = l.story_id JOIN users u ON u.id = l.user_id`;

function present(row: LinkRow): SharedLinkStat {
  return {
    shareToken: row.share_token,
    storyTitle: row.story_title,
    customTitle: row.custom_title,
    userName: row.user_name,
    userEmail: row.user_email,
    createdAt: row.created_at.toISOString(),
    viewCount: row.view_count,
    clickCount: row.click_count,
    clickRate: clickRate(row.click_count, row.view_count),
  };
}

/**
 * Shared-links analytics for the last `days` days (spec part 2 §3): links made in the period, their views and
 * clicks (counted from the period's events), the most viewed of those links, today's links (UTC) and the last
 * seven days. Each part reads the period through an index on its time; none reads links or events outside it.
 */
export async function sharedLinksAnalytics(pool: pg.Pool, days: number, nowMs: number): Promise<SharedLinksAnalytics> {
  const since = new Date(nowMs - days * DAY_MS);
  const today = new Date(Math.floor(nowMs / DAY_MS) * DAY_MS);
  const firstDay = new Date(today.getTime() - (SHARED_LINK_DAILY_STATS - 1) * DAY_MS);
  const [links, events, top, todays, daily] = await Promise.all([
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM shared_links l WHERE l.created_at >= $1 AND ${sharedByPerson()}`, [since]),
    pool.query<{ views: number; clicks: number }>(
      `SELECT count(*) FILTER (WHERE event_type = 'view')::int AS views, count(*) FILTER (WHERE event_type LIKE 'click%')::int AS clicks
         FROM shared_link_events e JOIN shared_links l ON l.id = e.shared_link_id WHERE e.created_at >= $1 AND ${sharedByPerson()}`,
      [since],
    ),
    pool.query<LinkRow>(`${LINK_SELECT} WHERE l.created_at >= $1 AND ${sharedByPerson()} ORDER BY l.view_count DESC, l.created_at DESC LIMIT ${TOP_SHARED_LINKS}`, [since]),
    pool.query<LinkRow>(`${LINK_SELECT} WHERE l.created_at >= $1 AND ${sharedByPerson()} ORDER BY l.created_at DESC LIMIT ${TODAYS_LINKS_MAX}`, [today]),
    pool.query<{ date: string; new_links: number; views: number; clicks: number }>(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(n.new_links, 0)::int AS new_links, coalesce(e.views, 0)::int AS views, coalesce(e.clicks, 0)::int AS clicks
         FROM generate_series($1::timestamptz, $2::timestamptz, interval '1 day') AS d(day)
         LEFT JOIN (SELECT date_trunc('day', created_at AT TIME ZONE 'UTC') AS day, count(*) AS new_links
                      FROM shared_links l WHERE l.created_at >= $1 AND ${sharedByPerson()} GROUP BY 1) n ON n.day = d.day AT TIME ZONE 'UTC'
         LEFT JOIN (SELECT date_trunc('day', e.created_at AT TIME ZONE 'UTC') AS day,
                           count(*) FILTER (WHERE e.event_type = 'view') AS views, count(*) FILTER (WHERE e.event_type LIKE 'click%') AS clicks
                      FROM shared_link_events e JOIN shared_links l ON l.id = e.shared_link_id
                     WHERE e.created_at >= $1 AND ${sharedByPerson()} GROUP BY 1) e ON e.day = d.day AT TIME ZONE 'UTC'
        ORDER BY d.day DESC`,
      [firstDay, today],
    ),
  ]);
  const { views, clicks } = events.rows[0]!;
  return {
    totalLinks: links.rows[0]!.n,
    totalViews: views,
    totalClicks: clicks,
    averageClickRate: clickRate(clicks, views),
    topSharedLinks: top.rows.map(present),
    todaysLinks: todays.rows.map(present),
    dailyStats: daily.rows.map((row) => ({ date: row.date, newLinks: row.new_links, views: row.views, clicks: row.clicks })),
  };
}
