import { AskedOnce, RecentMap } from '../../recent-map.ts';

/**
 * Serialized list responses (text, or UTF-8 bytes where the answer is made as bytes), kept until the data changes. The data changes when an ingestion cycle finishes
 * on any instance, so each entry carries the generation (newest finished cycle id) it was built from; the
 * generation is re-read from the database at most once per half `generationTtlMs`, and an answer never rests on
 * one older than `generationTtlMs`. Entries also expire after `maxAgeMs`, because a story's age text moves on even
 * when no cycle runs. When full, the cache drops the entry asked for least recently.
 */
/** Keys remembered as asked once, per answer kept: a key is short, an answer some 17 KB. */
const ASKED_ONCE_PER_ENTRY = 8;

export class ListCache<Body extends string | Buffer = string> {
  private readonly entries: RecentMap<string, { generation: number; createdAt: number; body: Body }>;
  /** With `keepWhenAskedTwice`: the keys asked once, whose answers were built but not kept. */
  private readonly askedOnce: AskedOnce | null;
  private generation = -1;
  private generationReadAt = 0;
  private generationRead: Promise<number> | null = null;

  constructor(
    private readonly readGeneration: () => Promise<number>,
    private readonly options: {
      generationTtlMs: number;
      maxAgeMs: number;
      maxEntries: number;
      now: () => number;
      keepWhenAskedTwice?: boolean;
      /** What is kept of a fresh answer (a copy of bytes cut from a shared slab, PageSlab), the answer itself by default. */
      keptAs?: (body: Body) => Body;
    },
  ) {
    this.entries = new RecentMap(options.maxEntries);
    this.askedOnce = options.keepWhenAskedTwice ? new AskedOnce(options.maxEntries * ASKED_ONCE_PER_ENTRY) : null;
  }

  async get(key: string, build: () => Promise<Body>): Promise<Body> {
    const generation = await this.currentGeneration();
    const now = this.options.now();
    // Asked again, an entry moves to the end of the order: the pages people keep asking for stay, while a stream of
    // keys asked once (each person's own min score, a deep page) pushes out only its own kind.
    const hit = this.entries.get(key);
    if (hit && hit.generation === generation && now - hit.createdAt < this.options.maxAgeMs) return hit.body;
    const body = await build();
    if (!this.shouldKeep(key)) return body;
    const kept = this.options.keptAs ? this.options.keptAs(body) : body;
    this.entries.set(key, { generation, createdAt: now, body: kept });
    return kept;
  }

  /** Whether a fresh answer is kept: with `keepWhenAskedTwice` (answers cheap to build), from its key's second asking. */
  private shouldKeep(key: string): boolean {
    return this.askedOnce === null || this.askedOnce.askedBefore(key);
  }

  /** A cycle finished in this process: no need to wait for the next generation read. */
  invalidate(): void {
    this.forgetAnswers();
    this.generationReadAt = 0;
  }

  /**
   * Forgets every answer but not the generation: each key is then answered afresh, as a key not asked before is
   * (a benchmark's cold request), without the generation read a finished cycle calls for.
   */
  forgetAnswers(): void {
    this.entries.clear();
  }

  /** The newest generation, read again when it is older than half its life (and waited for once past its life). */
  async currentGeneration(): Promise<number> {
    const age = this.options.now() - this.generationReadAt;
    if (age < this.options.generationTtlMs / 2) return this.generation;
    const read = this.readNextGeneration();
    // Half-way through its life, the generation is read again ahead of time while it still answers. That read waits
    // its turn behind every query already queued on the database (50 cold lists on the embedded database's one
    // session: tens of milliseconds), and a page kept in memory must not wait with it. Only a generation past its
    // life (an idle server, or reads failing) keeps a request waiting for the read.
    if (age < this.options.generationTtlMs) {
      read.catch(() => undefined);
      return this.generation;
    }
    return read;
  }

  /** Concurrent requests share one read instead of each querying the database. */
  private readNextGeneration(): Promise<number> {
    this.generationRead ??= this.readGeneration()
      .then((generation) => {
        this.generation = generation;
        this.generationReadAt = this.options.now();
        return generation;
      })
      .finally(() => {
        this.generationRead = null;
      });
    return this.generationRead;
  }
}
