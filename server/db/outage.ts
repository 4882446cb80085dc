import type pg from 'pg';
import type { Logger } from '../logger.ts';
import { isDatabaseUnavailable } from './index.ts';

/** How often the database is asked whether it is back, while it is away. */
const PROBE_INTERVAL_MS = 1000;
/** A probe that has not answered in this long counts as unanswered: a stalled database never answers at all. */
const PROBE_TIMEOUT_MS = 10_000;

export interface OutageWatchOptions {
  now?: () => number;
  /**
   * For a database that cannot come back by itself (the embedded one, when a statement never ends): how long an
   * outage may last before `giveUp` is called. None on PostgreSQL, whose server recovers on its own.
   */
  giveUpAfterMs?: number;
  giveUp?: () => void;
}

/**
 * Notices that the database went away and when it is back. Whatever meets an error that says the database cannot
 * be reached reports it here; the watch then asks the database every second until it answers, and tells its
 * listeners (the jobs, which ask for a run at once instead of at their next interval: a run that failed during the
 * outage is done within seconds of the database's return). Reports during an outage only add to it: one log line
 * when it starts, one when it ends.
 */
export class DatabaseOutageWatch {
  private since: number | null = null;
  private stopped = false;
  private readonly listeners: (() => void)[] = [];

  private readonly now: () => number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    private readonly options: OutageWatchOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Whether an outage is under way (reported, and the database has not answered since). */
  get ongoing(): boolean {
    return this.since !== null;
  }

  /** Called each time the database answers again after an outage. */
  onRecovered(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Starts watching for the database's return when `error` says it cannot be reached; true when it does say so. */
  report(error: unknown): boolean {
    if (!isDatabaseUnavailable(error)) return false;
    if (this.since === null && !this.stopped) {
      this.since = this.now();
      this.log.warn({ err: error }, 'the database cannot be reached; waiting for it to come back');
      void this.waitForReturn();
    }
    return true;
  }

  stop(): void {
    this.stopped = true;
  }

  private async waitForReturn(): Promise<void> {
    while (!this.stopped) {
      await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS).unref());
      if (this.stopped) return;
      if (await this.probe()) break;
      const { giveUpAfterMs, giveUp } = this.options;
      if (giveUp && giveUpAfterMs !== undefined && this.now() - this.since! >= giveUpAfterMs) {
        this.log.error({ seconds: Math.round((this.now() - this.since!) / 1000) }, 'the database has not answered for too long; giving up');
        giveUp();
        return;
      }
    }
    if (this.stopped) return;
    this.log.info({ seconds: Math.round((this.now() - this.since!) / 1000) }, 'the database is back');
    this.since = null;
    for (const listener of this.listeners) listener();
  }

  /** Whether the database answers a trivial statement in time; one left waiting is abandoned, not awaited. */
  private probe(): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
      timer.unref();
      this.pool.query('SELECT 1').then(
        () => resolve(true),
        () => resolve(false),
      ).finally(() => clearTimeout(timer));
    });
  }
}
