import type pg from 'pg';

/** The GIN indexes searches and suggestions read: trigrams (migration 0003) and letter pairs (migration 0021). */
const SEARCH_INDEXES = [
  'stories_search_text_trgm_idx',
  'stories_domain_trgm_idx',
  'stories_by_trgm_idx',
  'stories_letter_pairs_idx',
  'title_words_word_trgm_idx',
];

/**
 * Moves what a cycle added to the trigram indexes from GIN's pending list into the indexes proper, and returns how
 * many pages of the lists that took. A search reads the whole pending list besides the index, up to 4 MB of it
 * (gin_pending_list_limit): PostgreSQL's autovacuum merges it now and then, the embedded database never does, and
 * until then each search pays for it (a domain filter took 30 ms instead of 6). A story's score changing adds its
 * trigrams again (the score is indexed, so the update is not HOT), so every cycle adds hundreds of entries.
 * Merging them in one batch per cycle costs what GIN's own merge would; writing each into the index as it comes
 * (fastupdate off) made 500 score updates ten times slower. So searches read at most one cycle's list.
 */
export async function mergeSearchIndexPendingLists(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ pages: number }>(
    `SELECT (${SEARCH_INDEXES.map((name) => `gin_clean_pending_list('${name}'::regclass)`).join(' + ')})::int AS pages`,
  );
  return result.rows[0]?.pages ?? 0;
}
