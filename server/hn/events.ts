import type pg from 'pg';

/** What a cycle stored: every story it upserted, at the cycle's clock. */
export interface StoriesStored {
  pool: pg.Pool;
  /** Stories whose row was written this cycle (new, changed title or score). */
  storyIds: number[];
  nowMs: number;
}

/** A listener on stored stories. It runs inside the cycle, under the cycle's lock, so once across instances. */
export type StoriesStoredListener = (event: StoriesStored) => Promise<unknown>;

/** A listener on a finished cycle, on the instance that ran it (in-memory caches are dropped here). */
export type CycleFinishedListener = () => void;

interface Named<L> {
  name: string;
  listener: L;
}

export interface ListenerOutcome {
  name: string;
  ms: number;
  error?: unknown;
}

/**
 * The one point where ingestion says what happened; the features that follow stories (keywords, predictions,
 * search, caches) subscribe from their own module, so ingestion knows none of them.
 *
 * Listeners run one after another in the order they subscribed (the order of the module list), and each one's
 * failure is caught and reported in its outcome: the stories stay stored and the other listeners still run.
 */
export class IngestionEvents {
  private readonly stored: Named<StoriesStoredListener>[] = [];
  private readonly finished: Named<CycleFinishedListener>[] = [];

  /** Subscribes; the function returned unsubscribes. */
  onStoriesStored(name: string, listener: StoriesStoredListener): () => void {
    return subscribe(this.stored, { name, listener });
  }

  /** Subscribes; the function returned unsubscribes. */
  onCycleFinished(name: string, listener: CycleFinishedListener): () => void {
    return subscribe(this.finished, { name, listener });
  }

  /** Runs every stored-stories listener in order; one outcome per listener, with its time and any error. */
  async storiesStored(event: StoriesStored): Promise<ListenerOutcome[]> {
    const outcomes: ListenerOutcome[] = [];
    for (const { name, listener } of this.stored) {
      const started = performance.now();
      try {
        await listener(event);
        outcomes.push({ name, ms: Math.round(performance.now() - started) });
      } catch (error) {
        outcomes.push({ name, ms: Math.round(performance.now() - started), error });
      }
    }
    return outcomes;
  }

  /** Tells every cycle-finished listener, in order; the names of those that threw, with their errors. */
  cycleFinished(): ListenerOutcome[] {
    const failed: ListenerOutcome[] = [];
    for (const { name, listener } of this.finished) {
      try {
        listener();
      } catch (error) {
        failed.push({ name, ms: 0, error });
      }
    }
    return failed;
  }
}

function subscribe<L>(list: Named<L>[], entry: Named<L>): () => void {
  list.push(entry);
  return () => {
    const at = list.indexOf(entry);
    if (at >= 0) list.splice(at, 1);
  };
}
