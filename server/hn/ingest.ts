import type pg from 'pg';
import { LOCKS } from '../db/locks.ts';
import { HN_LISTS, HnClient, HnFetchError, mapWithConcurrency, type HnList } from './client.ts';
import { parseItem, storableLine, type ParsedStory } from './parse.ts';
import { deriveStories } from './derive-stories.ts';
import { recordWatchStatusChanges } from './watch-status.ts';
import { expectedUpvotesSql } from './exposure.ts';
import type { IngestionEvents } from './events.ts';
import { withTransaction } from '../db/transaction.ts';

/** A listed story not mentioned by `updates` is re-read at least this often, so no change is missed. */
const STALE_AFTER_SECONDS = 5 * 60;
const STALE_REFRESH_LIMIT = 150;
/** A failing item is retried by this many cycles, then given up (and remembered as skipped). */
const MAX_ITEM_ATTEMPTS = 8;
/** Exposure accrued between two cycles is capped, so a long outage does not count as hours on the front page. */
const MAX_EXPOSURE_GAP_HOURS = 10 / 60;
/** A failed cycle's error when no list and no updates feed could be read: Hacker News could not be reached. */
export const HN_UNREACHABLE = 'every Hacker News list failed';

/** Why an item is retried or skipped, as stored (an error message can be long, or quote what the API sent). */
const MAX_REASON_LENGTH = 500;

export interface IngestionDeps {
  pool: pg.Pool;
  client: HnClient;
  concurrency: number;
  maxNewItems: number;
  velocityWindowHours: number;
  instance: string;
  /** Milliseconds since the epoch; the replay's virtual clock in tests and benchmarks. */
  now: () => number;
  signal?: AbortSignal;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Where the cycle announces the stories it stored; the modules that follow stories listen there. */
  events: IngestionEvents;
}

export interface CycleReport {
  cycleId: number;
  status: 'ok' | 'partial' | 'failed';
  durationMs: number;
  itemsFetched: number;
  storiesUpserted: number;
  snapshotsAppended: number;
  storiesDerived: number;
  /**
   * Milliseconds each stored-stories listener took, by its module's name (the benchmarks weigh keywords and
   * predictions against the whole cycle).
   */
  listenersMs: Record<string, number>;
  errors: number;
  /** Seconds since the previous successful cycle finished (how stale the data was). */
  lagSeconds: number | null;
  error?: string;
}

type Ranks = Record<HnList, number | null>;

/** An item to retry next cycle, and why. */
interface ItemFailure {
  hnId: number;
  reason: string;
}

interface KnownStory {
  id: number;
  hnId: number;
  score: number;
  descendants: number;
  lastFetchedAt: number;
}

/**
 * One ingestion cycle: read the lists and updates, fetch new and changed items, upsert stories, append
 * snapshots, derive fields. Returns null when another instance holds the cycle lock.
 */
export async function runIngestionCycle(deps: IngestionDeps, reason: string): Promise<CycleReport | null> {
  return whileNoOtherCycleRuns(deps.pool, async () => {
    await markAbandonedCycles(deps.pool, new Date(deps.now()));
    return runLockedCycle(deps, reason);
  });
}

/**
 * Runs `work` holding the cycle lock, a session advisory lock that a cycle holds from start to end on every
 * instance; null (and `work` not run) when a cycle is running somewhere. The lock dies with the session of a
 * process that dies, so holding it proves that no cycle is running anywhere.
 */
export async function whileNoOtherCycleRuns<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T | null> {
  const lockClient = await pool.connect();
  let lost: Error | undefined;
  try {
    // On the embedded database every connection is the same session, where an advisory lock is granted again to
    // whoever asks; so the lock counts as taken while pg_locks shows it held in this database (pg_locks lists the
    // whole server's), checked and taken in one statement so nothing runs between.
    const locked = await lockClient.query<{ ok: boolean }>(
      `SELECT CASE WHEN EXISTS (SELECT 1 FROM pg_locks
                                 WHERE locktype = 'advisory' AND classid = 0 AND objid::bigint = $1::bigint AND granted
                                   AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))
                   THEN false ELSE pg_try_advisory_lock($1::bigint) END AS ok`,
      [LOCKS.ingestionCycle],
    );
    if (!locked.rows[0]?.ok) return null;
    try {
      return await work();
    } finally {
      // A connection lost during the work took the lock with it; the work's own outcome is what the caller needs.
      await lockClient.query('SELECT pg_advisory_unlock($1)', [LOCKS.ingestionCycle]).catch((error: unknown) => {
        lost = error instanceof Error ? error : new Error(String(error));
      });
    }
  } finally {
    // A client that failed is closed, not handed to the next caller.
    lockClient.release(lost);
  }
}

/**
 * Marks as failed the cycles still `running` although their process died (killed mid-cycle): left alone, they
 * would read as running for ever (and a refresh would wait for them). Only call while holding the cycle lock
 * (whileNoOtherCycleRuns), which proves no cycle is really running. Returns how many were marked.
 */
export async function markAbandonedCycles(pool: pg.Pool, at: Date): Promise<number> {
  const result = await pool.query(
    `UPDATE ingestion_cycles SET status = 'failed', finished_at = GREATEST($1, started_at), errors = errors + 1,
            error = 'abandoned: its process stopped in the middle of the cycle'
      WHERE status = 'running'`,
    [at],
  );
  return result.rowCount ?? 0;
}

async function runLockedCycle(deps: IngestionDeps, reason: string): Promise<CycleReport> {
  const { pool } = deps;
  const startedMs = deps.now();
  const started = new Date(startedMs);
  const previous = await pool.query<{ finished_at: Date }>(
    `SELECT finished_at FROM ingestion_cycles WHERE status <> 'failed' AND finished_at IS NOT NULL ORDER BY id DESC LIMIT 1`,
  );
  const lastFinished = previous.rows[0]?.finished_at;
  const lagSeconds = lastFinished ? Math.max(0, Math.round((startedMs - lastFinished.getTime()) / 1000)) : null;
  const cycleRow = await pool.query<{ id: number }>(
    `INSERT INTO ingestion_cycles (reason, instance, started_at, status) VALUES ($1, $2, $3, 'running') RETURNING id`,
    [reason, deps.instance, started],
  );
  const cycleId = cycleRow.rows[0]!.id;
  let errors = 0;
  const warn = (error: unknown, msg: string): void => {
    errors++;
    deps.log.warn({ cycleId, err: error instanceof Error ? error.message : String(error) }, msg);
  };

  try {
    // 1. The lists and the updates feed. A list that fails keeps its stored ranks; the cycle goes on.
    const listResults = await Promise.allSettled(HN_LISTS.map((name) => deps.client.list(name)));
    const lists = new Map<HnList, number[]>();
    listResults.forEach((result, index) => {
      const name = HN_LISTS[index]!;
      if (result.status === 'fulfilled') lists.set(name, result.value);
      else warn(result.reason, `could not read ${name}`);
    });
    let updatedIds: number[] = [];
    try {
      updatedIds = (await deps.client.updates()).items;
    } catch (error) {
      warn(error, 'could not read updates');
    }
    if (lists.size === 0 && updatedIds.length === 0) {
      throw new Error(HN_UNREACHABLE);
    }

    const ranks = rankTable(lists);
    const listedIds = [...ranks.keys()];

    // 2. Decide what to fetch: new listed stories, changed known ones, earlier failures, stale listed ones.
    const candidateIds = [...new Set([...listedIds, ...updatedIds])];
    const known = await knownStories(pool, candidateIds);
    const skipped = await skippedIds(pool, candidateIds);
    const pending = await pool.query<{ hn_id: number }>(
      `SELECT hn_id FROM pending_items ORDER BY updated_at LIMIT $1`,
      [deps.maxNewItems],
    );
    const nowSeconds = startedMs / 1000;
    const newIds = listedIds.filter((id) => !known.has(id) && !skipped.has(id)).slice(0, deps.maxNewItems);
    const changedIds = updatedIds.filter((id) => known.has(id));
    const staleIds = [...known.values()]
      .filter((story) => ranks.has(story.hnId) && nowSeconds - story.lastFetchedAt >= STALE_AFTER_SECONDS)
      .sort((a, b) => rankOrder(ranks.get(a.hnId)) - rankOrder(ranks.get(b.hnId)) || a.lastFetchedAt - b.lastFetchedAt)
      .slice(0, STALE_REFRESH_LIMIT)
      .map((story) => story.hnId);
    const toFetch = [...new Set([...newIds, ...changedIds, ...pending.rows.map((row) => row.hn_id), ...staleIds])].filter(
      (id) => !skipped.has(id),
    );

    // 3. Fetch with bounded concurrency. Every outcome is kept: stories, skips and failures to retry.
    const fetchedStories: ParsedStory[] = [];
    const skips: { hnId: number; reason: string }[] = [];
    const failures: ItemFailure[] = [];
    await mapWithConcurrency(toFetch, deps.concurrency, async (hnId) => {
      if (deps.signal?.aborted) {
        failures.push({ hnId, reason: 'cycle stopped before fetching' });
        return;
      }
      try {
        const item = parseItem(await deps.client.item(hnId), { id: hnId, known: known.has(hnId), nowSeconds: deps.now() / 1000 });
        if (item.kind === 'story') fetchedStories.push(item);
        else if (item.kind === 'skip') skips.push(item);
        else failures.push({ hnId, reason: item.reason });
      } catch (error) {
        failures.push({ hnId, reason: error instanceof HnFetchError ? error.message : String(error) });
      }
    });
    if (failures.length > 0) warn(`${failures.length} items`, 'some items could not be fetched; retrying next cycle');

    // 4. Store everything in one transaction: stories, ranks and exposure, snapshots, skips, retries.
    //    A story the database refuses joins the retries instead of failing the cycle.
    const sampledAt = new Date(deps.now());
    const stored = await storeCycle(pool, {
      sampledAt,
      fetchedStories,
      skips,
      failures,
      known,
      ranks,
      listsRead: [...lists.keys()],
    });
    if (stored.refused.length > 0) {
      warn(stored.refused.map((f) => `${f.hnId}: ${f.reason}`).join('; '), 'some stories could not be stored; retrying next cycle');
    }

    // 5. Derived fields for what changed, plus stories still moving whose velocity must decay.
    const storiesDerived = await deriveStories(pool, {
      storyIds: stored.changedStoryIds,
      nowMs: deps.now(),
      windowHours: deps.velocityWindowHours,
    });
    // 6. Status changes of watched stories (their emails come with the email issue).
    await recordWatchStatusChanges(pool, deps.now());
    // 7. The stories stored, announced: keyword counts and alerts, predictions, the search indexes' merge (each
    //    module's listener, in the module list's order). A listener that fails leaves the stories stored: the
    //    cycle is partial, and the others still run.
    const listenersMs: Record<string, number> = {};
    for (const outcome of await deps.events.storiesStored({ pool, storyIds: stored.upsertedStoryIds, nowMs: deps.now() })) {
      listenersMs[outcome.name] = outcome.ms;
      if (outcome.error !== undefined) warn(outcome.error, `${outcome.name}: could not follow the stored stories`);
    }

    const status = errors > 0 ? 'partial' : 'ok';
    const report: CycleReport = {
      cycleId,
      status,
      durationMs: Math.round(deps.now() - startedMs),
      itemsFetched: fetchedStories.length + skips.length,
      storiesUpserted: fetchedStories.length - stored.refused.length,
      snapshotsAppended: stored.snapshotsAppended,
      storiesDerived,
      listenersMs,
      errors,
      lagSeconds,
    };
    await finishCycle(pool, report, new Date(deps.now()));
    return report;
  } catch (error) {
    const report: CycleReport = {
      cycleId,
      status: 'failed',
      durationMs: Math.round(deps.now() - startedMs),
      itemsFetched: 0,
      storiesUpserted: 0,
      snapshotsAppended: 0,
      storiesDerived: 0,
      listenersMs: {},
      errors: errors + 1,
      lagSeconds,
      error: error instanceof Error ? error.message : String(error),
    };
    await finishCycle(pool, report, new Date(deps.now())).catch(() => undefined);
    return report;
  }
}

function rankTable(lists: Map<HnList, number[]>): Map<number, Ranks> {
  const table = new Map<number, Ranks>();
  for (const [name, ids] of lists) {
    ids.forEach((id, index) => {
      let entry = table.get(id);
      if (!entry) {
        entry = { topstories: null, newstories: null, beststories: null, askstories: null, showstories: null };
        table.set(id, entry);
      }
      // A list may repeat an id; the first (best) position counts.
      entry[name] ??= Math.min(index + 1, 32_767);
    });
  }
  return table;
}

/** Front page first, then the other lists, so the stories people see are refreshed first. */
function rankOrder(ranks: Ranks | undefined): number {
  if (!ranks) return Number.MAX_SAFE_INTEGER;
  return Math.min(
    ranks.topstories ?? Infinity,
    1000 + (ranks.beststories ?? Infinity),
    2000 + (ranks.askstories ?? ranks.showstories ?? Infinity),
    3000 + (ranks.newstories ?? Infinity),
  );
}

async function knownStories(pool: pg.Pool, hnIds: number[]): Promise<Map<number, KnownStory>> {
  const result = await pool.query<{ id: number; hn_id: number; score: number; descendants: number; fetched: number }>(
    `SELECT id, hn_id, score, descendants, extract(epoch FROM last_fetched_at)::float8 AS fetched
       FROM stories WHERE hn_id = ANY($1::int[])`,
    [hnIds],
  );
  return new Map(
    result.rows.map((row) => [
      row.hn_id,
      { id: row.id, hnId: row.hn_id, score: row.score, descendants: row.descendants, lastFetchedAt: row.fetched },
    ]),
  );
}

async function skippedIds(pool: pg.Pool, hnIds: number[]): Promise<Set<number>> {
  const result = await pool.query<{ hn_id: number }>(`SELECT hn_id FROM skipped_items WHERE hn_id = ANY($1::int[])`, [hnIds]);
  return new Set(result.rows.map((row) => row.hn_id));
}

interface StoreInput {
  sampledAt: Date;
  fetchedStories: ParsedStory[];
  skips: { hnId: number; reason: string }[];
  failures: ItemFailure[];
  known: Map<number, KnownStory>;
  ranks: Map<number, Ranks>;
  listsRead: HnList[];
}

const RANK_COLUMNS: Record<HnList, string> = {
  topstories: 'top_rank',
  newstories: 'new_rank',
  beststories: 'best_rank',
  askstories: 'ask_rank',
  showstories: 'show_rank',
};

async function storeCycle(
  pool: pg.Pool,
  input: StoreInput,
): Promise<{ changedStoryIds: number[]; upsertedStoryIds: number[]; snapshotsAppended: number; refused: ItemFailure[] }> {
  return withTransaction(pool, async (client) => {
    // Exposure first: the ranks held since the last cycle earn their expected upvotes.
    await client.query(
      `UPDATE stories
          SET expected_upvotes = expected_upvotes + ${expectedUpvotesSql('top_rank', 'new_rank')}
                * LEAST(extract(epoch FROM ($1::timestamptz - exposure_updated_at)) / 3600, $2),
              exposure_updated_at = $1
        WHERE exposure_updated_at IS NOT NULL AND exposure_updated_at < $1
          AND (top_rank IS NOT NULL OR new_rank <= 30)`,
      [input.sampledAt, MAX_EXPOSURE_GAP_HOURS],
    );

    // Upsert the fetched stories; one the database refuses is retried next cycle, the others are stored.
    const { upserted, refused } = await upsertStories(client, input.fetchedStories, input.sampledAt);
    const failures = [...input.failures, ...refused];

    // Ranks: set for every listed story, cleared for stories that left a list we read successfully.
    const rankedIds = [...input.ranks.keys()];
    const rankValues = (list: HnList): (number | null)[] => rankedIds.map((id) => input.ranks.get(id)![list]);
    const assignments = input.listsRead.map((list, i) => `${RANK_COLUMNS[list]} = r.r${i}`);
    if (assignments.length > 0 && rankedIds.length > 0) {
      const columns = input.listsRead.map((_, i) => `$${i + 2}::int[]`).join(', ');
      const aliases = input.listsRead.map((_, i) => `r${i}`).join(', ');
      const distinct = input.listsRead.map((list, i) => `s.${RANK_COLUMNS[list]} IS DISTINCT FROM r.r${i}`).join(' OR ');
      await client.query(
        `UPDATE stories s SET ${assignments.join(', ')},
                exposure_updated_at = COALESCE(s.exposure_updated_at, $${input.listsRead.length + 2})
           FROM unnest($1::int[], ${columns}) AS r(hn_id, ${aliases})
          WHERE s.hn_id = r.hn_id AND (${distinct} OR s.exposure_updated_at IS NULL)`,
        [rankedIds, ...input.listsRead.map(rankValues), input.sampledAt],
      );
    }
    for (const list of input.listsRead) {
      const column = RANK_COLUMNS[list];
      const listed = rankedIds.filter((id) => input.ranks.get(id)![list] !== null);
      await client.query(`UPDATE stories SET ${column} = NULL WHERE ${column} IS NOT NULL AND hn_id <> ALL($1::int[])`, [listed]);
    }

    // Snapshots: one per story whose counts are new or changed. Unchanged counts carry no information.
    const changed = upserted.filter((row) => {
      const before = input.known.get(row.hn_id);
      return !before || before.score !== row.score || before.descendants !== row.descendants;
    });
    const changedIds = changed.map((row) => row.id);
    let snapshotsAppended = 0;
    if (changedIds.length > 0) {
      const inserted = await client.query(
        `INSERT INTO story_snapshots (story_id, sampled_at, score, descendants, top_rank, new_rank, best_rank, ask_rank, show_rank)
         SELECT id, $2, score, descendants, top_rank, new_rank, best_rank, ask_rank, show_rank
           FROM stories WHERE id = ANY($1::int[])
         ON CONFLICT (story_id, sampled_at) DO UPDATE SET score = excluded.score, descendants = excluded.descendants`,
        [changedIds, input.sampledAt],
      );
      snapshotsAppended = inserted.rowCount ?? 0;
    }

    // Items that are not stories are remembered, so they are not fetched again.
    if (input.skips.length > 0) {
      await client.query(
        `INSERT INTO skipped_items (hn_id, reason, seen_at)
         SELECT * FROM unnest($1::int[], $2::text[], array_fill($3::timestamptz, ARRAY[$4::int]))
         ON CONFLICT (hn_id) DO NOTHING`,
        [input.skips.map((s) => s.hnId), input.skips.map((s) => storableLine(s.reason, MAX_REASON_LENGTH)), input.sampledAt, input.skips.length],
      );
    }
    // Retries: what succeeded leaves the queue; what failed enters it or counts one more attempt.
    const done = [...upserted.map((s) => s.hn_id), ...input.skips.map((s) => s.hnId)];
    if (done.length > 0) await client.query(`DELETE FROM pending_items WHERE hn_id = ANY($1::int[])`, [done]);
    if (failures.length > 0) {
      await client.query(
        `INSERT INTO pending_items (hn_id, last_error, updated_at)
         SELECT * FROM unnest($1::int[], $2::text[], array_fill($3::timestamptz, ARRAY[$4::int]))
         ON CONFLICT (hn_id) DO UPDATE SET attempts = pending_items.attempts + 1, last_error = excluded.last_error,
                                           updated_at = excluded.updated_at`,
        [failures.map((f) => f.hnId), failures.map((f) => storableLine(f.reason, MAX_REASON_LENGTH)), input.sampledAt, failures.length],
      );
      await client.query(
        `WITH given_up AS (DELETE FROM pending_items WHERE attempts >= $1 RETURNING hn_id, last_error)
         INSERT INTO skipped_items (hn_id, reason, seen_at) SELECT hn_id, 'given up: ' || last_error, $2 FROM given_up
         ON CONFLICT (hn_id) DO NOTHING`,
        [MAX_ITEM_ATTEMPTS, input.sampledAt],
      );
    }

    return { changedStoryIds: changedIds, upsertedStoryIds: upserted.map((row) => row.id), snapshotsAppended, refused };
  });
}

interface UpsertedStory {
  id: number;
  hn_id: number;
  score: number;
  descendants: number;
}

/**
 * Upserts the fetched stories in one statement. Should the database refuse it (parseItem makes every field
 * storable, so this is a defect or a database-side rule), each story is stored alone in a savepoint, so the one
 * refused is retried next cycle and every other is stored.
 */
async function upsertStories(
  client: pg.PoolClient,
  stories: ParsedStory[],
  sampledAt: Date,
): Promise<{ upserted: UpsertedStory[]; refused: ItemFailure[] }> {
  if (stories.length === 0) return { upserted: [], refused: [] };
  const batch = await inSavepoint(client, () => upsertStoryRows(client, stories, sampledAt));
  if (batch.ok) return { upserted: batch.value, refused: [] };
  const upserted: UpsertedStory[] = [];
  const refused: ItemFailure[] = [];
  for (const story of stories) {
    const one = await inSavepoint(client, () => upsertStoryRows(client, [story], sampledAt));
    if (one.ok) upserted.push(...one.value);
    else refused.push({ hnId: story.hnId, reason: `could not store: ${one.error}` });
  }
  return { upserted, refused };
}

/** Runs `work` inside a savepoint: on an error the transaction goes back to the savepoint and carries on. */
async function inSavepoint<T>(client: pg.PoolClient, work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  await client.query('SAVEPOINT store_item');
  try {
    const value = await work();
    await client.query('RELEASE SAVEPOINT store_item');
    return { ok: true, value };
  } catch (error) {
    await client.query('ROLLBACK TO SAVEPOINT store_item');
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Counts only change when the API says so; a deleted story keeps what we knew of it. */
async function upsertStoryRows(client: pg.PoolClient, rows: ParsedStory[], sampledAt: Date): Promise<UpsertedStory[]> {
  const result = await client.query<UpsertedStory>(
    `INSERT INTO stories (hn_id, title, url, domain, by, time, score, descendants, dead, deleted, synthetic,
                          first_seen_at, last_fetched_at, updated_at, exposure_updated_at)
     SELECT r.hn_id, r.title, r.url, r.domain, r.by, r.time, r.score, r.descendants, r.dead, r.deleted, r.synthetic, $11, $11, $11, $11
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::int[], $8::int[],
                   $9::bool[], $10::bool[], $12::bool[])
            AS r(hn_id, title, url, domain, by, time, score, descendants, dead, deleted, synthetic)
     ON CONFLICT (hn_id) DO UPDATE SET
       title = CASE WHEN excluded.deleted THEN stories.title ELSE excluded.title END,
       url = CASE WHEN excluded.deleted THEN stories.url ELSE excluded.url END,
       domain = CASE WHEN excluded.deleted THEN stories.domain ELSE excluded.domain END,
       by = CASE WHEN excluded.deleted THEN stories.by ELSE excluded.by END,
       score = CASE WHEN excluded.deleted THEN stories.score ELSE excluded.score END,
       descendants = CASE WHEN excluded.deleted THEN stories.descendants ELSE excluded.descendants END,
       dead = excluded.dead, deleted = excluded.deleted, synthetic = excluded.synthetic,
       last_fetched_at = excluded.last_fetched_at,
       updated_at = CASE WHEN (stories.score, stories.descendants, stories.title, stories.dead, stories.deleted)
                           IS DISTINCT FROM (excluded.score, excluded.descendants, excluded.title, excluded.dead, excluded.deleted)
                         THEN excluded.updated_at ELSE stories.updated_at END
     RETURNING id, hn_id, score, descendants`,
    [
      rows.map((s) => s.hnId),
      rows.map((s) => s.title),
      rows.map((s) => s.url),
      rows.map((s) => s.domain),
      rows.map((s) => s.by),
      rows.map((s) => s.time),
      rows.map((s) => s.score),
      rows.map((s) => s.descendants),
      rows.map((s) => s.dead),
      rows.map((s) => s.deleted),
      sampledAt,
      rows.map((s) => s.synthetic),
    ],
  );
  return result.rows;
}

async function finishCycle(pool: pg.Pool, report: CycleReport, finishedAt: Date): Promise<void> {
  await pool.query(
    `UPDATE ingestion_cycles
        SET finished_at = $2, status = $3, items_fetched = $4, stories_upserted = $5, snapshots_appended = $6,
            stories_derived = $7, errors = $8, error = $9
      WHERE id = $1`,
    [
      report.cycleId,
      finishedAt,
      report.status,
      report.itemsFetched,
      report.storiesUpserted,
      report.snapshotsAppended,
      report.storiesDerived,
      report.errors,
      report.error ?? null,
    ],
  );
}
