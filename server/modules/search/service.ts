import type pg from 'pg';
import type { SearchQuery } from '#common/contracts/search.ts';
import { SEARCH_TOTAL_BOUND, SUGGESTIONS_LIMIT } from '#common/rules/search.ts';
import type { IndexedLists } from '../stories/indexed-lists.ts';
import { presentStory } from '../stories/presenter.ts';
import { selectSearchResults, selectSuggestions } from './queries.ts';
import { isWithinDomain, NO_MUTES, type MuteMatcher } from '#common/rules/mutes.ts';
import type { SearchOptions } from '../stories/list-index.ts';
import { searchTextOf } from '../stories/text-index.ts';

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

  /**
   * A search's answer, as JSON (UTF-8 bytes), without the stories the person's muting rules hide. With `counted`
   * false (the feeds, which show no count) the page is found without counting every match, and its totalCount is not
   * the total; `terms` and `exact` say more of what a match is (SearchOptions).
   */
  async stories(query: SearchQuery, mutes: MuteMatcher = NO_MUTES, options: SearchOptions = {}): Promise<Buffer> {
    const nowMs = this.now();
    const fromMemory = await (await this.index()).search(query, nowMs, mutes, options);
    if (fromMemory !== null) return fromMemory;
    const { rows, totalCount } = await selectSearchResults(this.pool, query, nowMs);
    // While the index loads, the terms, the exact names and the rules are applied to the statement's page: it may
    // then show fewer.
    const terms = (options.terms ?? []).map((term) => term.toLowerCase());
    const domain = query.domain.toLowerCase();
    const author = query.author.toLowerCase();
    const matching = rows.filter((row) => {
      const text = searchTextOf(row.title, row.domain, row.by);
      if (!terms.every((term) => text.includes(term))) return false;
      return !options.exact || ((domain === '' || isWithinDomain(row.domain.toLowerCase(), domain)) && (author === '' || row.by.toLowerCase() === author));
    });
    const shown = matching.filter((row) => !mutes.mutes(row));
    const hiddenCount = matching.length - shown.length;
    const answer = {
      stories: shown.map((row) => presentStory(row, nowMs)),
      totalCount: totalCount - hiddenCount,
      totalCountBounded: totalCount >= SEARCH_TOTAL_BOUND,
      hiddenCount,
    };
    return Buffer.from(JSON.stringify(answer));
  }

  async suggestions(text: string): Promise<{ suggestions: string[] }> {
    const fromMemory = (await this.index()).suggestions(text, SUGGESTIONS_LIMIT);
    return { suggestions: fromMemory ?? (await selectSuggestions(this.pool, text)) };
  }
}
