import type pg from 'pg';
import type { Freshness } from '#common/rules/freshness.ts';
import { HN_UNREACHABLE } from '../../hn/ingest.ts';
import { RecentReading } from '../../recent-reading.ts';

/** How long a reading is kept: every open list asks every half minute, and a cycle runs once a minute. */
export const FRESHNESS_READING_MS = 5000;

/**
 * The age of the Hacker News data, from the ingestion cycles: the end of the last one that read Hacker News, and,
 * while every cycle since has failed to reach it, the start of the first of those. Cycles that failed for
 * another reason (the database) only let the data age.
 */
export class FreshnessService {
  private readonly reading: RecentReading<Freshness>;

  constructor(
    private readonly pool: pg.Pool,
    readingMs = FRESHNESS_READING_MS,
  ) {
    this.reading = new RecentReading(() => this.read(), readingMs);
  }

  current(): Promise<Freshness> {
    return this.reading.recent();
  }

  private async read(): Promise<Freshness> {
    // Walks the primary key back from the newest cycle: past the failures of an outage, to the last good one.
    const { rows } = await this.pool.query<{ as_of: Date | null; unreachable_since: Date | null }>({
      name: 'freshness',
      text: `WITH last_good AS (
               SELECT id, finished_at FROM ingestion_cycles
                WHERE status IN ('ok', 'partial') AND finished_at IS NOT NULL
                ORDER BY id DESC LIMIT 1
             ), since AS (
               SELECT started_at FROM ingestion_cycles
                WHERE id > COALESCE((SELECT id FROM last_good), 0) AND status = 'failed' AND error = $1
                ORDER BY id LIMIT 1
             )
             SELECT (SELECT finished_at FROM last_good) AS as_of, (SELECT started_at FROM since) AS unreachable_since`,
      values: [HN_UNREACHABLE],
    });
    const toSeconds = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : null);
    return { asOf: toSeconds(rows[0]?.as_of), unreachableSince: toSeconds(rows[0]?.unreachable_since) };
  }
}
