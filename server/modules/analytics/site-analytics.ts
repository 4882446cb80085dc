import type pg from 'pg';
import type { AnalyticsEvents, ApiUsage, PopularStories } from '#common/contracts/analytics.ts';
import { ANALYTICS_LIST_SHOWN, API_USAGE_ROUTES_SHOWN } from '#common/rules/analytics.ts';
import { timeAgo } from '#common/rules/time-ago.ts';
import { expireWindow, periodStart } from './windows.ts';
import { sharedByPerson } from '../shares/shared-by-people.ts';

/**
 * The admin analytics of the last `hours` hours (spec part 2 §2.9, §3). Each query reads its period through an
 * index, never rows outside it, and none reads a row per event or request: popular stories read the period's
 * running counts in ranking order and stop, the event counts read a row per hour, the API usage totals a row per
 * route and hour, and the lists read the newest rows backwards and stop.
 */

const HOUR_MS = 3_600_000;
const since = (hours: number, nowMs: number) => new Date(nowMs - hours * HOUR_MS);
const averageMs = (totalMs: number, requests: number) => (requests === 0 ? 0 : Math.round((totalMs / requests) * 10) / 10);

interface PopularRow {
  id: number;
  hn_id: number;
  title: string;
  url: string;
  by: string;
  score: number;
  descendants: number;
  time: number;
  domain: string;
  views: number;
  unique_views: number;
  shares: number;
  bookmarks: number;
}

/**
 * Stories ranked by views in the period, then unique viewers and bookmarks, read from the period's running counts
 * (./windows.ts) in the order of their index once the hours that left the period are taken off. A view is a
 * story_view event (the client sends one per browser session per story); a viewer is unique within a day. Shares
 * are the story's links made in the period, counted for the stories listed only.
 */
export async function popularStories(pool: pg.Pool, hours: number, limit: number, nowMs: number): Promise<PopularStories> {
  await expireWindow(pool, hours, nowMs);
  const result = await pool.query<PopularRow>(
    `SELECT s.id, s.hn_id, s.title, s.url, s.by, s.score, s.descendants, s.time, s.domain, w.views, w.unique_views, w.bookmarks,
            (SELECT count(*)::int FROM shared_links l WHERE l.story_id = s.id AND l.created_at >= $3 AND ${sharedByPerson()}) AS shares
       FROM (SELECT story_id, views, unique_views, bookmarks FROM story_window_activity
              WHERE timeframe = $1 AND (views > 0 OR bookmarks > 0)
              ORDER BY views DESC, unique_views DESC, bookmarks DESC, story_id DESC LIMIT $2) w
       JOIN stories s ON s.id = w.story_id
      ORDER BY w.views DESC, w.unique_views DESC, w.bookmarks DESC, s.id DESC`,
    [hours, limit, periodStart(hours, nowMs)],
  );
  return {
    popularStories: result.rows.map((row) => ({
      story: {
        id: row.id,
        hnId: row.hn_id,
        title: row.title,
        url: row.url,
        by: row.by,
        score: row.score,
        descendants: row.descendants,
        timeAgo: timeAgo(row.time, nowMs),
        domain: row.domain,
      },
      viewCount: row.views,
      uniqueViews: row.unique_views,
      shareCount: row.shares,
      bookmarkCount: row.bookmarks,
    })),
  };
}

interface RouteTotalsRow {
  method: string;
  endpoint: string;
  requests: number;
  client_errors: number;
  server_errors: number;
  total_ms: number;
}

/**
 * The newest API requests of the period, its totals and its busiest routes. Totals come from whole hours: the hour
 * the period starts in counts in full, so "Last Hour" covers up to two clock hours.
 */
export async function apiUsage(pool: pg.Pool, hours: number, nowMs: number): Promise<ApiUsage> {
  const from = since(hours, nowMs);
  const [newest, routes] = await Promise.all([
    pool.query<{ method: string; endpoint: string; response_time_ms: number; status_code: number; created_at: Date }>(
      `SELECT method, endpoint, response_time_ms, status_code, created_at FROM api_usage
        WHERE created_at >= $1 ORDER BY created_at DESC, id DESC LIMIT ${ANALYTICS_LIST_SHOWN}`,
      [from],
    ),
    pool.query<RouteTotalsRow>(
      `SELECT method, endpoint, sum(requests)::int AS requests, sum(client_errors)::int AS client_errors,
              sum(server_errors)::int AS server_errors, sum(total_response_ms)::float8 AS total_ms
         FROM api_usage_hourly WHERE hour >= $1
        GROUP BY method, endpoint ORDER BY requests DESC, endpoint, method`,
      [periodStart(hours, nowMs)],
    ),
  ]);
  const sum = (pick: (row: RouteTotalsRow) => number) => routes.rows.reduce((total, row) => total + pick(row), 0);
  const requests = sum((row) => row.requests);
  return {
    usage: newest.rows.map((row) => ({
      method: row.method,
      endpoint: row.endpoint,
      responseTime: row.response_time_ms,
      statusCode: row.status_code,
      createdAt: row.created_at.toISOString(),
    })),
    totals: {
      requests,
      averageResponseTime: averageMs(sum((row) => row.total_ms), requests),
      clientErrors: sum((row) => row.client_errors),
      serverErrors: sum((row) => row.server_errors),
    },
    endpoints: routes.rows.slice(0, API_USAGE_ROUTES_SHOWN).map((row) => ({
      method: row.method,
      endpoint: row.endpoint,
      requests: row.requests,
      averageResponseTime: averageMs(row.total_ms, row.requests),
      clientErrors: row.client_errors,
      serverErrors: row.server_errors,
    })),
  };
}

/**
 * The newest analytics events of the period, and its story views and bookmarks from the hourly totals (whole
 * hours, as the popular stories; events about no known story are listed but not counted).
 */
export async function analyticsEvents(pool: pg.Pool, hours: number, nowMs: number): Promise<AnalyticsEvents> {
  const from = since(hours, nowMs);
  const [newest, counts] = await Promise.all([
    pool.query<{ event_type: string; properties: Record<string, unknown>; user_id: string | null; created_at: Date }>(
      `SELECT event_type, properties, user_id, created_at FROM analytics_events
        WHERE created_at >= $1 ORDER BY created_at DESC, id DESC LIMIT ${ANALYTICS_LIST_SHOWN}`,
      [from],
    ),
    pool.query<{ views: number; bookmarks: number }>(
      `SELECT coalesce(sum(views), 0)::int AS views, coalesce(sum(bookmarks), 0)::int AS bookmarks FROM analytics_hourly WHERE hour >= $1`,
      [periodStart(hours, nowMs)],
    ),
  ]);
  const { views, bookmarks } = counts.rows[0]!;
  return {
    events: newest.rows.map((row) => ({ eventType: row.event_type, properties: row.properties, userId: row.user_id, createdAt: row.created_at.toISOString() })),
    totals: { events: views + bookmarks, views, bookmarks },
  };
}
