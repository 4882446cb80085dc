import { setImmediate } from 'node:timers/promises';
import type pg from 'pg';
import type { SearchQuery } from '../../../common/contracts/search.ts';
import type { StoryListQuery, StoryListSort } from '../../../common/contracts/stories.ts';
import { filterReadsTexts, StoryListIndex, type IndexedStory, type ListFilter } from './list-index.ts';
import { RecentMap } from '../../recent-map.ts';
import type { MuteMatcher } from '../../../common/rules/mutes.ts';
import { presentPageFields, presentStory } from './presenter.ts';
import {
  selectIndexedStories,
  selectStoriesById,
  selectStoryChangeMark,
  selectStoryChanges,
  type StoryChangeMark,
  type StoryRow,
} from './queries.ts';

/** Stories read a statement at a time while the index loads: each run parses in a few milliseconds. */
const LOAD_RUN = 10_000;
/** Stories whose search texts are indexed at a time after the first load: 15-20 ms a run, requests served between. */
const TEXT_RUN = 2_500;

export interface IndexedListsOptions {
  /** How many stories' JSON is kept (the stories of the pages people ask for; the least recently asked go first). */
  maxPresented: number;
  /** How long a story's JSON is kept: its age ("3 hours ago") moves on even when the story does not. */
  presentedMaxAgeMs: number;
}

/**
 * Story lists, searches and suggestions answered from memory: the index (list-index.ts) finds a page's stories and
 * their total, and each story's JSON comes from a cache of presented stories, so a list the list cache has never seen
 * costs no query. The index reads every story once (startIndexing), then only the stories changed since it last
 * looked (catchUp, on the list cache's generation reads, at most twice a second): a trigger marks each change with its
 * transaction (migration 0022). Until the first load finishes, `page`, `search` and `suggestions` answer null and
 * their SQL statements answer instead.
 */
export class IndexedLists {
  private index = new StoryListIndex();
  private mark: StoryChangeMark | null = null;
  private loading: Promise<void> | null = null;
  private catchingUp: Promise<void> | null = null;
  private readonly presented: RecentMap<number, { json: string; at: number }>;
  /** The stories the next read will fetch, for every page waiting on it (readStories). */
  private nextRead: { ids: Set<number>; rows: Promise<Map<number, StoryRow>> } | null = null;
  /** The read under way, which the next one waits for. */
  private readUnderWay: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: IndexedListsOptions,
  ) {
    this.presented = new RecentMap(options.maxPresented);
  }

  /** Reads every story into the index (once; later calls share the first). */
  startIndexing(): Promise<void> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  /** Reads the stories changed since the last look (nothing before the first load has finished). */
  catchUp(): Promise<void> {
    if (!this.mark) return Promise.resolve();
    this.catchingUp ??= this.readChanges().finally(() => {
      this.catchingUp = null;
    });
    return this.catchingUp;
  }

  /**
   * A list page as JSON, or null while the index loads (or, for a filter that reads stories' texts, while their
   * texts load). Stories the person muted, shown because the list was asked to, carry `"muted":true`.
   */
  async page(sort: StoryListSort, query: StoryListQuery, nowMs: number, filter: ListFilter = {}): Promise<string | null> {
    if (!this.mark || (filterReadsTexts(filter) && !this.index.searchable)) return null;
    const { ids, totalCount, hiddenCount, mutedIds } = this.index.page(sort, query, nowMs, filter);
    const stories = await this.presentedStories(ids, nowMs, mutedIds);
    const fields = JSON.stringify(presentPageFields(stories.length, totalCount, query.page, query.limit, hiddenCount));
    return `{"stories":[${stories.join(',')}],${fields.slice(1)}`;
  }

  /**
   * A search's answer as JSON, from memory, or null while the index loads. Its count is of every match
   * (`totalCountBounded` false), where the SQL statement answering meanwhile stops at a bound.
   */
  async search(query: SearchQuery, nowMs: number, mutes?: MuteMatcher): Promise<string | null> {
    if (!this.mark || !this.index.searchable) return null;
    const { ids, totalCount, hiddenCount } = this.index.search(query, nowMs, mutes);
    const stories = await this.presentedStories(ids, nowMs);
    return `{"stories":[${stories.join(',')}],"totalCount":${totalCount},"totalCountBounded":false,"hiddenCount":${hiddenCount}}`;
  }

  /** Up to `limit` title words containing a text, the most used first, from memory; null while the index loads. */
  suggestions(text: string, limit: number): string[] | null {
    return this.mark && this.index.searchable ? this.index.suggestions(text, limit) : null;
  }

  private async load(): Promise<void> {
    const mark = await selectStoryChangeMark(this.pool);
    const stories: IndexedStory[] = [];
    for (let afterId = 0; ; ) {
      const run = await selectIndexedStories(this.pool, afterId, LOAD_RUN);
      stories.push(...run);
      if (run.length < LOAD_RUN) break;
      afterId = run[run.length - 1]!.id;
    }
    // All at once: each order is sorted once, where applying run by run would merge every run into it. The search
    // texts come after, a run at a time, so the lists answer meanwhile and the thread serves requests between runs.
    const index = this.index;
    index.apply(stories, { textsLater: true });
    this.mark = mark;
    for (let from = 0; from < stories.length; from += TEXT_RUN) {
      await setImmediate();
      // Read again from the start (stories deleted meanwhile): this index is no longer the one in use.
      if (index !== this.index) return;
      index.addLoadedTexts(stories.slice(from, from + TEXT_RUN));
    }
    index.finishLoadingTexts();
  }

  private async readChanges(): Promise<void> {
    const changes = await selectStoryChanges(this.pool, this.mark!.xmin);
    if (changes.deletions !== this.mark!.deletions) {
      // Deleted stories leave no row to read: read them all again, into a new index. Until then, SQL answers.
      this.reset();
      return this.startIndexing();
    }
    this.index.apply(changes.stories);
    for (const story of changes.stories) this.presented.delete(story.id);
    this.mark = changes;
  }

  private reset(): void {
    this.index = new StoryListIndex();
    this.presented.clear();
    this.mark = null;
    this.loading = null;
  }

  /**
   * Stories' rows by id, read together with those of every other page that asks while a read is under way: one
   * statement at a time, each fetching every story asked for meanwhile. Pages spread over a whole list (deep pages)
   * miss the cache of presented stories on most of their stories, and on the embedded database each statement takes
   * its turn on the one session, the turn costing more than the rows: one statement for many pages costs about as
   * much as one for one page.
   */
  private readStories(ids: readonly number[]): Promise<Map<number, StoryRow>> {
    let read = this.nextRead;
    if (read === null) {
      const gathered = new Set<number>();
      const rows = this.readUnderWay.then(async () => {
        // From here on, pages asking join the read after this one.
        this.nextRead = null;
        return new Map((await selectStoriesById(this.pool, [...gathered])).map((row) => [row.id, row]));
      });
      this.readUnderWay = rows.catch(() => undefined);
      read = this.nextRead = { ids: gathered, rows };
    }
    for (const id of ids) read.ids.add(id);
    return read.rows;
  }

  /** Each story's JSON, from the cache or read (readStories) for those it lacks. */
  private async presentedStories(ids: readonly number[], nowMs: number, mutedIds?: ReadonlySet<number>): Promise<string[]> {
    const found = new Map<number, string>();
    const missing: number[] = [];
    for (const id of ids) {
      const kept = this.presented.get(id);
      if (kept && nowMs - kept.at < this.options.presentedMaxAgeMs) {
        found.set(id, kept.json);
      } else {
        missing.push(id);
      }
    }
    if (missing.length > 0) {
      const rows = await this.readStories(missing);
      for (const id of missing) {
        const row = rows.get(id);
        if (row === undefined) continue;
        const json = JSON.stringify(presentStory(row, nowMs));
        found.set(id, json);
        this.presented.set(id, { json, at: nowMs });
      }
    }
    // A story deleted since the index last looked has no row: the page goes without it.
    return ids.flatMap((id) => {
      const json = found.get(id);
      if (json === undefined) return [];
      return mutedIds?.has(id) ? `${json.slice(0, -1)},"muted":true}` : json;
    });
  }
}
