import type PgBoss from 'pg-boss';
import type { Logger } from '../logger.ts';

export const EMAIL_QUEUE = 'email-run';
const JOB_EXPIRE_SECONDS = 1800;

export interface EmailJobOptions {
  boss: PgBoss;
  intervalSeconds: number;
  run: () => Promise<void>;
  log: Logger;
  /** Whether this process works the queue (the worker role); every process may still offer jobs. */
  work: boolean;
}

/**
 * The mail job: every interval, and at once when something is queued, one run plans due email and sends the outbox.
 * The queue's `stately` policy keeps at most one run queued and one running across all instances, and the outbox's
 * row claims keep an email single even if two runs ever overlapped. A failed run is simply the next run's work.
 */
export class EmailSchedule {
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: EmailJobOptions) {}

  async start(): Promise<void> {
    const { boss } = this.options;
    await boss.createQueue(EMAIL_QUEUE, { name: EMAIL_QUEUE, policy: 'stately', retryLimit: 0, expireInSeconds: JOB_EXPIRE_SECONDS });
    if (this.options.work) {
      await boss.work(EMAIL_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async () => {
        await this.options.run();
      });
    }
    this.requestNow();
    this.timer = setInterval(() => this.offer(), this.options.intervalSeconds * 1000);
    this.timer.unref();
  }

  /** A run soon (email was just queued); deduplicated against one already waiting. */
  requestNow(): void {
    this.options.boss.send(EMAIL_QUEUE, {}, { singletonKey: 'email' }).catch((error: unknown) => this.options.log.warn({ err: error }, 'could not request a mail run'));
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.options.boss.offWork(EMAIL_QUEUE).catch(() => undefined);
  }

  private offer(): void {
    this.options.boss
      .send(EMAIL_QUEUE, {}, { singletonKey: 'email', singletonSeconds: this.options.intervalSeconds })
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'could not schedule a mail run'));
  }
}
