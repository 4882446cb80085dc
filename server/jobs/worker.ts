import type PgBoss from 'pg-boss';
import type { DatabaseOutageWatch } from '../db/outage.ts';
import type { Logger } from '../logger.ts';

/** How often an idle worker looks for a job. */
const POLL_MS = 1000;
/** Between two tries to record a job's outcome while the database is away. */
const RECORD_RETRY_MS = 1000;

export interface JobWorkerOptions<T extends object> {
  boss: PgBoss;
  queue: string;
  run: (job: PgBoss.Job<T>) => Promise<void>;
  log: Logger;
  outage: DatabaseOutageWatch;
}

/**
 * Works one queue, one job at a time: takes a job, runs it, and records it completed or failed. pg-boss's own
 * worker (`boss.work`) records the outcome without waiting for it, so a database outage at the end of a job was an
 * unhandled rejection (the process exited), and the job stayed active, which keeps a `stately` queue from starting
 * another run until pg-boss expires it (up to hours). Here the outcome is awaited and, while the database cannot
 * be reached, tried again until it can: the job is closed as soon as the database is back.
 */
export class JobWorker<T extends object> {
  private stopping = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(private readonly options: JobWorkerOptions<T>) {}

  start(): void {
    this.loop ??= this.work();
  }

  /** Resolves once the job in hand (if any) has finished and been recorded. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
  }

  private async work(): Promise<void> {
    const { boss, queue, run, log, outage } = this.options;
    while (!this.stopping) {
      // pg-boss answers no job when the database cannot be reached; the loop looks again after the pause.
      const [job] = await boss.fetch<T>(queue, { batchSize: 1 }).catch((error: unknown) => {
        outage.report(error);
        return [];
      });
      if (!job) {
        await this.pause(POLL_MS);
        continue;
      }
      const failure = await outcome(run(job), job.expireInSeconds);
      if (failure && !outage.report(failure)) log.error({ err: failure, queue }, 'job failed');
      await this.record(job, () => (failure ? boss.fail(queue, job.id, failure) : boss.complete(queue, job.id)));
    }
  }

  /** Records the outcome, trying again while the database is away; other errors are logged and pg-boss expires the job. */
  private async record(job: PgBoss.Job<T>, outcome: () => Promise<unknown>): Promise<void> {
    const { queue, log, outage } = this.options;
    for (;;) {
      try {
        await outcome();
        return;
      } catch (error) {
        if (!outage.report(error) || this.stopping) {
          log.error({ err: error, queue, job: job.id }, 'could not record the outcome of a job; pg-boss fails it once it expires');
          return;
        }
      }
      await this.pause(RECORD_RETRY_MS);
    }
  }

  /** Waits, or less when stopping. */
  private pause(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }
}

/**
 * The run's error, or null when it succeeded. A run still going when its job expires counts as failed, as pg-boss
 * gives the job up then too, and is left to finish on its own, so the queue goes on.
 */
async function outcome(run: Promise<void>, expireInSeconds: number): Promise<Error | null> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<Error>((resolve) => {
    timer = setTimeout(() => resolve(new Error(`the run went on past its job's expiry (${expireInSeconds} s)`)), expireInSeconds * 1000);
  });
  try {
    return await Promise.race([
      run.then(
        () => null,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      ),
      expired,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
