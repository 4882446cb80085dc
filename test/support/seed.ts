import type pg from 'pg';

export interface SeedStory {
  hnId: number;
  title?: string;
  url?: string;
  by?: string;
  time: number;
  score?: number;
  descendants?: number;
  scoreVelocity?: number;
  commentsVelocity?: number;
  trendingScore?: number;
  riseScore?: number;
  dead?: boolean;
  deleted?: boolean;
  synthetic?: boolean;
}

/** Inserts stories with chosen derived values, for tests of what the API serves. */
export async function seedStories(pool: pg.Pool, stories: SeedStory[]): Promise<void> {
  for (const s of stories) {
    const url = s.url ?? `https://example.com/${s.hnId}`;
    await pool.query(
      `INSERT INTO stories (hn_id, title, url, domain, by, time, score, descendants, score_velocity, comments_velocity,
                            trending_score, rise_score, dead, deleted, synthetic)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        s.hnId,
        s.title ?? `Story ${s.hnId}`,
        url,
        url ? new URL(url).hostname : '',
        s.by ?? 'someone',
        s.time,
        s.score ?? 1,
        s.descendants ?? 0,
        s.scoreVelocity ?? 0,
        s.commentsVelocity ?? 0,
        s.trendingScore ?? 0,
        s.riseScore ?? 0,
        s.dead ?? false,
        s.deleted ?? false,
        s.synthetic ?? false,
      ],
    );
  }
}

/** The log of API requests, which every request adds to (refused ones too): it is not data a request may change. */
const REQUEST_LOG = ['api_usage', 'api_usage_hourly'];

/** Row counts and a digest of every table of ours, to show a request changed nothing. */
export async function databaseFingerprint(pool: pg.Pool, except: string[] = []): Promise<string> {
  const tables = await pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND NOT (table_name = ANY($1)) ORDER BY table_name`,
    [[...REQUEST_LOG, ...except]],
  );
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const digest = await pool.query<{ d: string | null }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS d FROM "${table_name}" t`,
    );
    parts.push(`${table_name}:${digest.rows[0]?.d ?? 'empty'}`);
  }
  return parts.join('\n');
}
