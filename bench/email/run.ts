/**
 * bench/email: the Sunday newsletter for a large list. Stage 1 renders and queues it for every
 * subscriber (the production path: queueWeeklyDigest, batches of 500); stage 2 sends the outbox over SMTP to a local
 * sink (the smtp-server package, accepting and discarding, in a process of its own: sink.ts). Prints emails a
 * second for each stage and the peak memory, sampled every 50 ms. Targets: at least 200 emails a second sent; memory flat in the number of subscribers.
 * BENCH_SUBSCRIBERS sets the list size (default 100,000).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/index.ts';
import { runMigrations } from '../../server/db/migrate.ts';
import { EmailComposer } from '../../server/email/compose.ts';
import { queueWeeklyDigest } from '../../server/modules/email/digest.ts';
import { MailDelivery } from '../../server/email/outbox.ts';
import { EmailSigner } from '../../server/email/tokens.ts';
import { smtpTransport } from '../../server/email/transport.ts';
import { formatNumber, seedBenchmarkData } from '../support.ts';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
/** Emails in flight at once (EMAIL_SEND_CONCURRENCY's meaning); the product's default is 1. */
const CONCURRENCY = Number(process.env.BENCH_EMAIL_CONCURRENCY ?? 1);
const WEEK_OF = '2026-11-22';
const NOW_MS = Date.parse('2026-11-22T12:00:00Z');

/** Peak resident and heap memory while `work` runs. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; peakRssMb: number; peakHeapMb: number }> {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  };
  const timer = setInterval(sample, 50);
  const started = performance.now();
  try {
    const result = await work();
    sample();
    return { result, seconds: (performance.now() - started) / 1000, peakRssMb: peakRss / 2 ** 20, peakHeapMb: peakHeap / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

/** The sink's next message (sink.ts). */
async function reply<T>(sink: ChildProcess): Promise<T> {
  const [message] = (await once(sink, 'message')) as [T];
  return message;
}

export async function runEmailBenchmark(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hn-bench-email-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  const sink = fork(path.join(import.meta.dirname, 'sink.ts'), { execArgv: ['--import', 'tsx'] });
  const { port } = await reply<{ port: number }>(sink);
  const transport = smtpTransport(`smtp://127.0.0.1:${port}`, Math.max(5, CONCURRENCY));
  try {
    await runMigrations(database.pool);
    const pool = database.pool;
    // A year of stories, so the digest's week has its top ten; then the list, in one statement.
    await seedBenchmarkData(pool, { stories: 20_000, snapshots: 20_000, nowSeconds: Math.floor(NOW_MS / 1000) });
    await pool.query(
      `INSERT INTO users (id, name, email, handle, first_name)
       SELECT 'bench-' || lpad(g::text, 7, '0'), 'Reader ' || g, 'reader' || g || '@bench.example', 'reader' || g, 'Reader'
         FROM generate_series(1, $1::int) AS g`,
      [SUBSCRIBERS],
    );
    await pool.query('ANALYZE users');
    const composer = new EmailComposer(new EmailSigner('bench-secret-bench-secret-bench-secret'), 'https://trends.example');
    const from = 'HN Trends <digest@trends.example>';

    const queued = await measured(() => queueWeeklyDigest({ pool, composer, from }, WEEK_OF, { force: false, nowMs: NOW_MS }));
    const delivery = new MailDelivery({ pool, transport, from, ratePerSecond: 1_000_000, concurrency: CONCURRENCY, maxAttempts: 3, now: () => NOW_MS + 86_400_000 });
    const sent = await measured(() => delivery.deliverDue(Number.MAX_SAFE_INTEGER));

    console.log(`\nbench/email: weekly digest for ${formatNumber(SUBSCRIBERS)} subscribers (${config.DATABASE_URL ? 'PostgreSQL' : 'embedded database'}, ${CONCURRENCY} in flight)`);
    console.log('stage                     emails    seconds   emails/s   peak RSS MB   peak heap MB');
    const line = (name: string, count: number, m: { seconds: number; peakRssMb: number; peakHeapMb: number }) =>
      console.log(
        `${name.padEnd(24)} ${formatNumber(count).padStart(8)} ${formatNumber(m.seconds, 1).padStart(10)} ${formatNumber(count / m.seconds).padStart(10)} ${formatNumber(m.peakRssMb).padStart(13)} ${formatNumber(m.peakHeapMb).padStart(14)}`,
      );
    line('render and queue', queued.result.queued, queued);
    line('send over SMTP', sent.result.sent, sent);
    sink.send('received');
    const { received } = await reply<{ received: number }>(sink);
    console.log(`received by the sink: ${formatNumber(received)}; failed: ${sent.result.failed}; target: >= 200 emails/s sent`);
  } finally {
    transport.close();
    sink.disconnect();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runEmailBenchmark();
