import type pg from 'pg';
import type { SearchQuery, SearchResponse } from '../../../common/contracts/search.ts';
import { presentStory } from '../stories/presenter.ts';
import { selectSearchResults, selectSuggestions } from './queries.ts';

export class SearchService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  async stories(query: SearchQuery): Promise<SearchResponse> {
    const nowMs = this.now();
    const { rows, totalCount } = await selectSearchResults(this.pool, query, nowMs);
    return { stories: rows.map((row) => presentStory(row, nowMs)), totalCount };
  }

  async suggestions(text: string): Promise<{ suggestions: string[] }> {
    return { suggestions: await selectSuggestions(this.pool, text) };
  }
}
