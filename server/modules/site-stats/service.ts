import type pg from 'pg';
import type { SiteStats } from '#common/contracts/site-stats.ts';
import { RecentReading } from '../../recent-reading.ts';
import { listedStory } from '../stories/visibility.ts';

/** A reading serves every visitor of the landing page for a minute: the figures move slowly. */
export const SITE_STATS_READING_MS = 60_000;
const DAY_SECONDS = 24 * 3600;

/**
 * The landing page's live figures. Both are range counts on an index (stories by time, sessions by expiry), so a
 * reading costs what a month of stories and a day of readers cost, whatever the size of the tables. A session's
 * expiry is set to its lifetime from when it began or was last renewed, so an expiry later than "now plus the
 * lifetime less a day" is a session begun or renewed within the day.
 */
export class SiteStatsService {
  private readonly reading: RecentReading<SiteStats>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly sessionLifetimeSeconds: number,
    readingMs = SITE_STATS_READING_MS,
  ) {
    this.reading = new RecentReading(() => this.read(), readingMs);
  }

  current(): Promise<SiteStats> {
    return this.reading.recent();
  }

  private async read(): Promise<SiteStats> {
    const { rows } = await this.pool.query<{ stories: number; readers: number }>({
      name: 'site-stats',
      text: `SELECT (SELECT count(*)::int FROM stories
                      WHERE ${listedStory()} AND time >= extract(epoch FROM now())::bigint - 30 * 86400) AS stories,
                    (SELECT count(DISTINCT user_id)::int FROM sessions
                      WHERE expires_at >= now() + make_interval(secs => $1)) AS readers`,
      values: [Math.max(0, this.sessionLifetimeSeconds - DAY_SECONDS)],
    });
    return { storiesLast30Days: rows[0]?.stories ?? 0, readersLast24Hours: rows[0]?.readers ?? 0 };
  }
}
