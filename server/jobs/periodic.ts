import type PgBoss from 'pg-boss';
import type { DatabaseOutageWatch } from '../db/outage.ts';
import type { Logger } from '../logger.ts';
import { JobWorker } from './worker.ts';

export interface PeriodicJobOptions {
  boss: PgBoss;
  /** The pg-boss queue, and what the job is called in the logs. */
  queue: string;
  intervalSeconds: number;
  /** A run that has not finished in this long is given up (pg-boss expires it). */
  expireInSeconds: number;
  run: () => Promise<void>;
  log: Logger;
  /** Whether this process works the queue (the worker role); every process may still offer jobs. */
  work: boolean;
  outage: DatabaseOutageWatch;
}

/**
 * A job that runs every interval, and at once when asked: the mail run (plans due email and sends the outbox) and
 * the maintenance pass (runs the maintenance tasks that are due). The queue's `stately` policy keeps at most one run
 * queued and one running across all instances; a failed run is simply the next run's work.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private worker: JobWorker<object> | null = null;

  constructor(private readonly options: PeriodicJobOptions) {}

  async start(): Promise<void> {
    const { boss, queue } = this.options;
    await boss.createQueue(queue, { name: queue, policy: 'stately', retryLimit: 0, expireInSeconds: this.options.expireInSeconds });
    if (this.options.work) {
      this.worker = new JobWorker({ boss, queue, run: () => this.options.run(), log: this.options.log, outage: this.options.outage });
      this.worker.start();
    }
    this.requestNow();
    this.timer = setInterval(() => this.offer(), this.options.intervalSeconds * 1000);
    this.timer.unref();
  }

  /** A run soon; deduplicated against one already waiting. */
  requestNow(): void {
    this.options.boss
      .send(this.options.queue, {}, { singletonKey: this.options.queue })
      .catch((error: unknown) => this.options.log.warn({ err: error, queue: this.options.queue }, 'could not request a run'));
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.worker?.stop();
  }

  private offer(): void {
    this.options.boss
      .send(this.options.queue, {}, { singletonKey: this.options.queue, singletonSeconds: this.options.intervalSeconds })
      .catch((error: unknown) => this.options.log.warn({ err: error, queue: this.options.queue }, 'could not schedule a run'));
  }
}
