import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Logger } from '../logger.ts';
import { markAbandonedCycles, whileNoOtherCycleRuns, type CycleReport } from '../hn/ingest.ts';
import type { DatabaseOutageWatch } from '../db/outage.ts';
import { BOSS_SCHEMA } from './boss.ts';
import { JobWorker } from './worker.ts';

export const INGEST_QUEUE = 'hn-ingest';
/**
 * A job active for this long while no cycle runs anywhere belongs to a dead process. A live worker takes the
 * cycle lock milliseconds after it takes the job; the margin covers a slow start (a busy pool, a long pause).
 */
export const ABANDONED_JOB_GRACE_SECONDS = 5;
const JOB_EXPIRE_SECONDS = 600;

export interface IngestJobOptions {
  boss: PgBoss;
  pool: pg.Pool;
  /** Milliseconds since the epoch. */
  now: () => number;
  intervalSeconds: number;
  runCycle: (reason: string) => Promise<CycleReport | null>;
  log: Logger;
  /** Whether this process works the queue (the worker role); every process may still offer jobs. */
  work: boolean;
  outage: DatabaseOutageWatch;
}

/**
 * Offers one ingestion job per interval. Every instance offers, but `singletonSeconds` lets only one job
 * into each time slot and the queue's `stately` policy keeps at most one queued and one running,
 * so each cycle runs once across all instances.
 */
export class IngestSchedule {
  private timer: NodeJS.Timeout | null = null;
  private worker: JobWorker<{ reason?: string }> | null = null;

  constructor(private readonly options: IngestJobOptions) {}

  async start(): Promise<void> {
    const { boss } = this.options;
    await boss.createQueue(INGEST_QUEUE, { name: INGEST_QUEUE, policy: 'stately', retryLimit: 0, expireInSeconds: JOB_EXPIRE_SECONDS });
    if (this.options.work) {
      this.worker = new JobWorker({
        boss,
        queue: INGEST_QUEUE,
        run: async (job) => {
          await this.options.runCycle(job.data.reason ?? 'schedule');
        },
        log: this.options.log,
        outage: this.options.outage,
      });
      this.worker.start();
    }
    // A process killed mid-cycle (this one's previous life, or another instance) left its job active, which keeps
    // the queue from starting another until pg-boss expires it, and its cycle `running`.
    await this.reapAbandoned();
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
    await this.worker?.stop();
  }

  /**
   * Fails the ingestion jobs and cycles a dead process left active, so the next cycle need not wait for the job
   * to expire. Only what is provably dead: it runs holding the cycle lock (no cycle runs anywhere), and only on
   * jobs active longer than the grace. Should a live worker's job ever be failed, the lock still keeps its cycle
   * single; the cost is one extra cycle.
   */
  async reapAbandoned(): Promise<void> {
    try {
      await this.reap();
    } catch (error) {
      this.options.log.warn({ err: error }, 'could not reap abandoned ingestion jobs');
    }
  }

  private async reap(): Promise<void> {
    const { boss, pool, now, log } = this.options;
    const staleJobs = async (): Promise<string[]> => {
      const result = await pool.query<{ id: string }>(
        `SELECT id FROM ${BOSS_SCHEMA}.job
          WHERE name = $1 AND state = 'active' AND started_on < now() - make_interval(secs => $2)`,
        [INGEST_QUEUE, ABANDONED_JOB_GRACE_SECONDS],
      );
      return result.rows.map((row) => row.id);
    };
    // Most of the time nothing is stuck: look first, and take the lock only when there is something to reap.
    if ((await staleJobs()).length === 0) return;
    const reaped = await whileNoOtherCycleRuns(pool, async () => {
      const jobs = await staleJobs();
      for (const id of jobs) await boss.fail(INGEST_QUEUE, id, { message: 'abandoned: its process stopped during the job' });
      return { jobs: jobs.length, cycles: await markAbandonedCycles(pool, new Date(now())) };
    });
    if (reaped && reaped.jobs + reaped.cycles > 0) log.warn(reaped, 'reaped an ingestion job and cycle left by a stopped process');
  }

  private async offer(reason: string): Promise<void> {
    await this.reapAbandoned();
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
