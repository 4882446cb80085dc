import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { HttpError } from '../../http/errors.ts';
import type { StoryListQuery, StoryListSort } from '#common/contracts/stories.ts';
import { ListCache } from './cache.ts';
import { IndexedLists } from './indexed-lists.ts';
import { presentStory, presentStoryPage } from './presenter.ts';
import { selectDataGeneration, selectStoryPage } from './queries.ts';
import { HN_UNREACHABLE } from '../../hn/ingest.ts';
import { NO_PERSON_MUTES, type PersonMutes } from '../mutes/service.ts';

/** A refresh within this many seconds of the last cycle's start joins that cycle instead of starting one. */
export const REFRESH_COALESCE_SECONDS = 30;
/** How long a refresh request waits for its cycle before answering that it is still running. */
const REFRESH_WAIT_MS = 30_000;
const DEMO_CACHE_MS = 120_000;

/** Refresh asked of an installation that does not ingest (INGEST_ENABLED=false). */
export class IngestionDisabledError extends HttpError {
  constructor() {
    super(503, 'Refreshing is turned off on this server: it does not read Hacker News.');
  }
}

export interface CycleTrigger {
  requestNow(reason: string): Promise<void>;
}

interface CycleRow {
  id: number;
  status: string;
  started_at: Date;
  finished_at: Date | null;
  stories_upserted: number;
  error: string | null;
}

export interface RefreshResult {
  refreshed: boolean;
  message: string;
  cycle: { id: number; status: string; startedAt: string; finishedAt: string | null; storiesUpserted: number } | null;
}

/** What a refresh says when the cycle it ran or joined failed (null when it did not): the lists stay as they were. */
function failureMessage(cycle: CycleRow | null): string | null {
  if (cycle?.status !== 'failed') return null;
  const why = cycle.error === HN_UNREACHABLE ? 'Hacker News could not be reached' : 'the stories could not be updated';
  return `Refresh failed: ${why}. Showing the stories we have.`;
}

export class StoriesService {
  private readonly cache: ListCache<Buffer>;
  private readonly indexed: IndexedLists;
  private demo: { body: { stories: ReturnType<typeof presentStory>[] }; key: number; at: number } | null = null;
  /** Counts the invalidations (a cycle here, moderation): answers built from the lists are kept under it (dataVersion). */
  private invalidations = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly trigger: CycleTrigger,
    private readonly now: () => number,
  ) {
    this.indexed = new IndexedLists(pool);
    // The index reads what changed whenever the generation is read: a list then never rests on older stories than
    // the generation it is cached under.
    const readGeneration = async () => {
      const generation = await selectDataGeneration(pool);
      await this.indexed.catchUp();
      return generation;
    };
    this.cache = new ListCache(readGeneration, {
      generationTtlMs: 1000,
      maxAgeMs: 60_000,
      maxEntries: 500,
      now: Date.now,
      keepWhenAskedTwice: true,
      keptAs: (page) => Buffer.from(page),
    });
  }

  /**
   * A page of a sorted list, as serialized JSON (served from the cache while the data is unchanged), without the
   * stories the person's muting rules hide (or with them marked, for `showMuted`). People with the same rules share
   * the cached page; the key holds the rules' key, never who asked. With `counted` false (the feeds, which show no
   * count and keep what they build) the page is neither counted nor cached: its total is a bound, whether there is
   * a next page (StoryListIndex.page).
   */
  async listPage(sort: StoryListSort, query: StoryListQuery, mutes: PersonMutes = NO_PERSON_MUTES, { counted = true }: { counted?: boolean } = {}): Promise<Buffer> {
    const filter = { domain: query.domain, heat: query.heat, mutes: mutes.matcher, showMuted: query.showMuted };
    if (!counted) {
      const found = (await this.currentIndex()).page(sort, query, this.now(), filter, { counted: false });
      if (found !== null) return found;
    }
    const filters = `${query.domain ?? ''}&${query.heat ?? ''}&${mutes.key === '' ? '' : `${query.showMuted ? 1 : 0}&${mutes.key}`}`;
    const key = `${sort}?${query.minScore}&${query.page}&${query.limit}&${query.hours ?? ''}&${query.timeFilter}&${query.minVelocity}&${filters}`;
    return this.cache.get(key, async () => {
      const nowMs = this.now();
      const indexed = this.indexed.page(sort, query, nowMs, filter);
      if (indexed !== null) return indexed;
      // The statement applies the domain and heat; the rules are applied to its page (the first seconds after a
      // start, while the index loads: a page may then show fewer stories, and hiddenCount counts this page's only).
      const { rows, totalCount } = await selectStoryPage(this.pool, sort, query, nowMs);
      const muted = new Set(rows.filter((row) => mutes.matcher.mutes(row)).map((row) => row.id));
      const shown = query.showMuted ? rows : rows.filter((row) => !muted.has(row.id));
      const page = presentStoryPage(shown, totalCount - (query.showMuted ? 0 : muted.size), query.page, query.limit, nowMs, muted.size);
      for (const story of page.stories) if (muted.has(story.id)) story.muted = true;
      return Buffer.from(JSON.stringify(page));
    });
  }

  /**
   * Loads every story into the lists' in-memory index; lists are answered by their SQL statement until it has.
   * The server calls it once it listens; an app that never calls it answers every list by SQL.
   */
  startIndexing(): Promise<void> {
    return this.indexed.startIndexing();
  }

  /**
   * The in-memory index, caught up as the lists are: with what changed up to the newest generation read, which is at
   * most a second old (searches read it; they are never cached).
   */
  async currentIndex(): Promise<IndexedLists> {
    await this.cache.currentGeneration();
    return this.indexed;
  }

  /** The landing page's live sample: the top trending stories, kept for two minutes. */
  async demoTrending(limit: number): Promise<{ stories: ReturnType<typeof presentStory>[] }> {
    if (this.demo && this.demo.key === limit && Date.now() - this.demo.at < DEMO_CACHE_MS) return this.demo.body;
    const nowMs = this.now();
    const query: StoryListQuery = { minScore: 0, page: 1, limit, timeFilter: '24h', minVelocity: 0 };
    let { rows } = await selectStoryPage(this.pool, 'trending', query, nowMs);
    // A quiet day (or a fresh install) may have nothing in the last 24 hours; fall back to the best known stories.
    if (rows.length < limit) rows = (await selectStoryPage(this.pool, 'trending', { ...query, hours: 8760 }, nowMs)).rows;
    const body = { stories: rows.map((row) => presentStory(row, nowMs)) };
    this.demo = { body, key: limit, at: Date.now() };
    return body;
  }

  /**
   * The version of the stories the lists answer from: the data generation (read as the lists read it, at most a second
   * old) and this process's invalidations. Answers built from lists and searches (the feeds) are kept under it.
   */
  async dataVersion(): Promise<string> {
    const generation = await this.cache.currentGeneration();
    return `${generation}.${this.invalidations}`;
  }

  invalidate(): void {
    this.invalidations++;
    this.cache.invalidate();
    this.demo = null;
  }

  /** Starts a cycle, or joins one that started in the last 30 seconds, and waits for it to finish. */
  async refresh(): Promise<RefreshResult> {
    const latest = await this.latestCycle();
    const nowMs = this.now();
    const recent = latest && nowMs - latest.started_at.getTime() < REFRESH_COALESCE_SECONDS * 1000;
    if (latest && (recent || latest.status === 'running')) {
      const cycle = await this.waitForCycle((row) => row.id >= latest.id);
      return {
        refreshed: false,
        message: failureMessage(cycle) ?? (cycle?.finished_at ? 'Stories were refreshed moments ago.' : 'A refresh is already running.'),
        cycle: cycle && presentCycle(cycle),
      };
    }
    const requestedAt = nowMs;
    await this.trigger.requestNow('manual');
    const cycle = await this.waitForCycle((row) => row.started_at.getTime() >= requestedAt);
    const failure = failureMessage(cycle);
    return {
      refreshed: cycle?.finished_at != null && failure === null,
      message: failure ?? (cycle?.finished_at ? 'Stories refreshed.' : 'A refresh has been queued and will finish shortly.'),
      cycle: cycle && presentCycle(cycle),
    };
  }

  private async latestCycle(): Promise<CycleRow | null> {
    const result = await this.pool.query<CycleRow>(
      `SELECT id, status, started_at, finished_at, stories_upserted, error FROM ingestion_cycles ORDER BY id DESC LIMIT 1`,
    );
    return result.rows[0] ?? null;
  }

  private async waitForCycle(matches: (row: CycleRow) => boolean): Promise<CycleRow | null> {
    const deadline = Date.now() + REFRESH_WAIT_MS;
    let seen: CycleRow | null = null;
    while (Date.now() < deadline) {
      const latest = await this.latestCycle();
      if (latest && matches(latest)) {
        seen = latest;
        if (latest.finished_at) {
          this.invalidate();
          return latest;
        }
      }
      await sleep(200);
    }
    return seen;
  }
}

function presentCycle(row: CycleRow): NonNullable<RefreshResult['cycle']> {
  return {
    id: row.id,
    status: row.status,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    storiesUpserted: row.stories_upserted,
  };
}
