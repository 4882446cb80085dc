import type PgBoss from 'pg-boss';
import type { Logger } from '../logger.ts';
import type { CycleReport } from '../hn/ingest.ts';

export const INGEST_QUEUE = 'hn-ingest';

export interface IngestJobOptions {
  boss: PgBoss;
  intervalSeconds: number;
  runCycle: (reason: string) => Promise<CycleReport | null>;
  log: Logger;
  /** Whether this process works the queue (the worker role); every process may still offer jobs. */
  work: boolean;
}

/**
 * Offers one ingestion job per interval. Every instance offers, but `singletonSeconds` lets only one job
 * into each time slot and the queue's `stately` policy keeps at most one queued and one running,
 * so each cycle runs once across all instances.
 */
export class IngestSchedule {
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: IngestJobOptions) {}

  async start(): Promise<void> {
    const { boss } = this.options;
    await boss.createQueue(INGEST_QUEUE, { name: INGEST_QUEUE, policy: 'stately', retryLimit: 0, expireInSeconds: 600 });
    if (this.options.work) {
      await boss.work<{ reason?: string }>(INGEST_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
        await this.options.runCycle(job?.data.reason ?? 'schedule');
      });
    }
    // A cycle at once on start: the current time slot may already be taken by an instance that stopped.
    await this.requestNow('startup');
    this.timer = setInterval(() => void this.offer('schedule'), this.options.intervalSeconds * 1000);
    this.timer.unref();
  }

  /** Asks for a cycle now (the refresh button); deduplicated against a job already waiting. */
  async requestNow(reason: string): Promise<void> {
    await this.options.boss.send(INGEST_QUEUE, { reason }, { singletonKey: 'ingest' });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.options.boss.offWork(INGEST_QUEUE).catch(() => undefined);
  }

  private async offer(reason: string): Promise<void> {
    try {
      await this.options.boss.send(
        INGEST_QUEUE,
        { reason },
        { singletonKey: 'ingest', singletonSeconds: this.options.intervalSeconds },
      );
    } catch (error) {
      this.options.log.warn({ err: error }, 'could not schedule an ingestion cycle');
    }
  }
}
