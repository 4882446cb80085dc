import type pg from 'pg';
import type { SearchQuery } from '../../../common/contracts/search.ts';
import { SEARCH_TOTAL_BOUND, SUGGESTIONS_LIMIT } from '../../../common/rules/search.ts';
import type { IndexedLists } from '../stories/indexed-lists.ts';
import { presentStory } from '../stories/presenter.ts';
import { selectSearchResults, selectSuggestions } from './queries.ts';

/**
 * Searches and suggestions, answered from the stories' in-memory index (docs/search.md, "How it is answered: from
 * memory"); while it loads (at start, or after stories were deleted), by SQL statements over the database's own
 * indexes.
 */
export class SearchService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
    private readonly index: () => Promise<IndexedLists>,
  ) {}

  /** A search's answer, as JSON text. */
  async stories(query: SearchQuery): Promise<string> {
    const nowMs = this.now();
    const fromMemory = await (await this.index()).search(query, nowMs);
    if (fromMemory !== null) return fromMemory;
    const { rows, totalCount } = await selectSearchResults(this.pool, query, nowMs);
    return JSON.stringify({ stories: rows.map((row) => presentStory(row, nowMs)), totalCount, totalCountBounded: totalCount >= SEARCH_TOTAL_BOUND });
  }

  async suggestions(text: string): Promise<{ suggestions: string[] }> {
    const fromMemory = (await this.index()).suggestions(text, SUGGESTIONS_LIMIT);
    return { suggestions: fromMemory ?? (await selectSuggestions(this.pool, text)) };
  }
}
