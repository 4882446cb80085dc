import type pg from 'pg';

/**
 * Fills the database with `stories` stories spread over the last 30 days and `snapshotsPerStory` snapshots
 * each, with derived fields in realistic ranges, entirely in SQL (fast even on the embedded database).
 */
export async function seedBenchmarkData(pool: pg.Pool, options: { stories: number; snapshotsPerStory: number; firstHnId?: number; nowSeconds: number }): Promise<void> {
  const first = options.firstHnId ?? 30_000_000;
  await pool.query(
    `INSERT INTO stories (hn_id, title, url, domain, by, time, score, descendants, score_velocity, comments_velocity,
                          trending_score, rise_score)
     SELECT $1 + g,
            'Benchmark story number ' || g || ' about ' || (ARRAY['Rust','Postgres','startups','AI','TypeScript','space'])[1 + g % 6],
            'https://site' || (g % 500) || '.example.com/post/' || g,
            'site' || (g % 500) || '.example.com',
            'user' || (g % 3000),
            $2 - (g * 2592000 / $3),
            1 + (g * 7919) % 800,
            (g * 104729) % 400,
            ((g * 31) % 4000) / 100.0,
            ((g * 17) % 1500) / 100.0,
            ((g * 13) % 9000) / 100.0,
            CASE WHEN g * 2592000 / $3 < 86400 THEN ((g * 7) % 5000) / 100.0 ELSE 0 END
       FROM generate_series(1::bigint, $3::bigint) AS g`,
    [first, options.nowSeconds, options.stories],
  );
  // Snapshots in chunks, so one statement never holds the embedded database for long.
  const chunk = 5000;
  for (let offset = 0; offset < options.stories; offset += chunk) {
    await pool.query(
      `INSERT INTO story_snapshots (story_id, sampled_at, score, descendants, top_rank)
       SELECT s.id, to_timestamp(s.time + k * 600), greatest(1, s.score * k / $3), s.descendants * k / $3,
              CASE WHEN k % 3 = 0 THEN 1 + (s.id + k) % 500 END
         FROM (SELECT id, time, score, descendants FROM stories WHERE hn_id > $4 ORDER BY id OFFSET $1 LIMIT $2) s,
              generate_series(1, $3) AS k`,
      [offset, chunk, options.snapshotsPerStory, first],
    );
  }
  await pool.query('ANALYZE stories');
  await pool.query('ANALYZE story_snapshots');
}

export function formatNumber(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}
