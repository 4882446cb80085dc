import { setImmediate } from 'node:timers/promises';
import type pg from 'pg';
import type { SearchQuery } from '#common/contracts/search.ts';
import type { StoryListQuery, StoryListSort } from '#common/contracts/stories.ts';
import { StoryListIndex, type CardEndings, type IndexedStory, type ListFilter, type SearchOptions } from './list-index.ts';
import type { MuteMatcher } from '#common/rules/mutes.ts';
import { ageKey, ageText } from '#common/rules/time-ago.ts';
import { PageSlab } from './page-slab.ts';
import { pageFieldsJsonEnd, presentStory } from './presenter.ts';
import { selectIndexedStories, selectStoryChangeMark, selectStoryChanges, type StoryChangeMark, type StoryRow } from './queries.ts';

/** Stories read a statement at a time while the index loads: each run parses in a few milliseconds. */
const LOAD_RUN = 10_000;
/** Stories whose search texts and cards are made at a time after the first load, requests served between runs. */
const DETAILS_RUN = 2_500;
/** How a page's JSON starts, before its cards. */
const STORIES_HEAD = '{"stories":[';

/**
 * Story lists, searches and suggestions answered from memory: the index (list-index.ts) finds a page's stories and
 * their total and holds what a list shows of each, so a list the list cache has never seen, at any depth, costs no
 * query. The index reads every story once (startIndexing), then only the stories changed since it last
 * looked (catchUp, on the list cache's generation reads, at most twice a second): a trigger marks each change with its
 * transaction (migration 0022). Until the first load finishes, `page`, `search` and `suggestions` answer null and
 * their SQL statements answer instead.
 */
export class IndexedLists {
  private index = new StoryListIndex(storyCard, sealNow);
  private mark: StoryChangeMark | null = null;
  private loading: Promise<void> | null = null;
  private catchingUp: Promise<void> | null = null;
  /** Where list pages are made: a page the list cache keeps, it keeps as a copy (StoriesService). */
  private readonly pages = new PageSlab();

  constructor(private readonly pool: pg.Pool) {}

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
   * A list page as JSON (UTF-8 bytes, a view of a PageSlab's: copy it to keep it long), or null while the index loads (its stories' texts and cards come last, a few
   * seconds at 500,000 stories). Stories the person muted, shown because the list was asked to, carry
   * `"muted":true`. With `counted` false, the filter is applied only to the stories read until the page is full, and
   * the total and hidden count are of those (StoryListIndex.page).
   */
  page(sort: StoryListSort, query: StoryListQuery, nowMs: number, filter: ListFilter = {}, options?: { counted?: boolean }): Buffer | null {
    if (!this.mark || !this.index.complete) return null;
    const { slots, totalCount, hiddenCount, mutedSlots } = this.index.page(sort, query, nowMs, filter, options);
    return this.index.cardsOf(slots, storyEnd(nowMs), mutedSlots, {
      head: STORIES_HEAD,
      tail: `],${pageFieldsJsonEnd(slots.length, totalCount, query.page, query.limit, hiddenCount)}`,
    }, this.pages);
  }

  /**
   * A search's answer as JSON, from memory, or null while the index loads. Its count is of every match
   * (`totalCountBounded` false), where the SQL statement answering meanwhile stops at a bound; with `counted` false,
   * the page is found without counting (StoryListIndex.search) and its count is the page's own.
   */
  async search(query: SearchQuery, nowMs: number, mutes?: MuteMatcher, options?: SearchOptions): Promise<Buffer | null> {
    if (!this.mark || !this.index.complete) return null;
    const { slots, totalCount, hiddenCount } = this.index.search(query, nowMs, mutes, options);
    return this.index.cardsOf(slots, storyEnd(nowMs), undefined, {
      head: STORIES_HEAD,
      tail: `],"totalCount":${totalCount},"totalCountBounded":false,"hiddenCount":${hiddenCount}}`,
    });
  }

  /** Up to `limit` title words containing a text, the most used first, from memory; null while the index loads. */
  suggestions(text: string, limit: number): string[] | null {
    return this.mark && this.index.complete ? this.index.suggestions(text, limit) : null;
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
    // texts and cards come after, a run at a time, so the thread serves requests between runs (SQL answers them).
    const index = this.index;
    index.apply(stories, { detailsLater: true });
    this.mark = mark;
    for (let from = 0; from < stories.length; from += DETAILS_RUN) {
      await setImmediate();
      // Read again from the start (stories deleted meanwhile): this index is no longer the one in use.
      if (index !== this.index) return;
      index.addLoadedDetails(stories.slice(from, from + DETAILS_RUN));
    }
    index.finishLoadingDetails();
  }

  private async readChanges(): Promise<void> {
    const changes = await selectStoryChanges(this.pool, this.mark!.xmin);
    if (changes.deletions !== this.mark!.deletions) {
      // Deleted stories leave no row to read: read them all again, into a new index. Until then, SQL answers.
      this.reset();
      return this.startIndexing();
    }
    this.index.apply(changes.stories);
    this.mark = changes;
  }

  private reset(): void {
    this.index = new StoryListIndex(storyCard, sealNow);
    this.mark = null;
    this.loading = null;
  }
}

/**
 * A story's card: its JSON as the lists' statements present it (presentStory), up to its age, which comes last and
 * is written per page (storyEnd).
 */
export function storyCard(story: IndexedStory): string {
  const { timeAgo: _age, ...rest } = presentStory(storyRowOf(story), 0);
  return `${JSON.stringify(rest).slice(0, -1)},"timeAgo":`;
}

/**
 * What follows a story's card on a page asked at `nowMs`, as UTF-8 bytes: its age (a JSON string), the muted mark,
 * the brace. A few hundred distinct endings, each made once and kept by its age's key.
 */
export function storyEnd(nowMs: number): CardEndings {
  return new StoryEndings(nowMs);
}

/** A class rather than an object of functions made per page: tsx names each function as it is made. */
class StoryEndings implements CardEndings {
  constructor(private readonly nowMs: number) {}

  key(time: number, muted: boolean): number {
    return ageKey(time, this.nowMs) * 2 + (muted ? 1 : 0);
  }

  bytes(key: number): Uint8Array {
    let bytes = storyEndings.get(key);
    if (bytes === undefined) {
      if (storyEndings.size >= STORY_ENDINGS_KEPT) storyEndings.clear();
      bytes = Buffer.from(`${JSON.stringify(ageText(key >> 1))}${key & 1 ? ',"muted":true}' : '}'}`);
      storyEndings.set(key, bytes);
    }
    return bytes;
  }
}

const storyEndings = new Map<number, Uint8Array>();

/** Cards are sealed with their ages as they are written: a page asked until an age moves on copies them in runs. */
const sealNow = (): CardEndings => storyEnd(Date.now());
/** More than the ages there are (under a thousand over a century), so the map is only ever cleared by a fault. */
const STORY_ENDINGS_KEPT = 4096;

/** The index's story as the list statements' row, so one presenter serves both. */
function storyRowOf(story: IndexedStory): StoryRow {
  return {
    id: story.id,
    hn_id: story.hnId,
    title: story.title,
    url: story.url,
    score: story.score,
    descendants: story.descendants,
    by: story.by,
    time: story.time,
    domain: story.domain,
    score_velocity: story.scoreVelocity,
    comments_velocity: story.commentsVelocity,
    trending_score: story.trendingScore,
    synthetic: story.synthetic,
    prediction_probability: story.predictionProbability,
  };
}
