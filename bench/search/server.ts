/**
 * The product's HTTP app on a database of BENCH_STORIES stories (default 500,000) whose titles, links and authors
 * are the recorded front-page stories (tools/hn-replay's data, 48,715 of them), each used about ten times with
 * its own id, age and score, so words are as frequent as in a real archive of that size. Started as a child
 * process by bench/search/run.ts; prints its address and a signed-in session cookie on its first line.
 */
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/index.ts';
import { runMigrations } from '../../server/db/migrate.ts';
import { createMetrics } from '../../server/metrics.ts';
import { mergeSearchIndexPendingLists } from '../../server/modules/search/indexes.ts';
import { DEFAULT_DATA_DIR } from '../../tools/hn-replay/index.ts';
import { addCeilingRoute, serveBenchApp } from '../support.ts';

const STORIES = Number(process.env.BENCH_STORIES ?? 500_000);
const dataFile = path.join(process.env.BENCH_HN_DATA ?? DEFAULT_DATA_DIR, 'stories.jsonl.gz');

async function recordedStories(): Promise<{ title: string; url: string; by: string }[]> {
  if (!existsSync(dataFile)) throw new Error(`bench/search needs the recorded stories at ${dataFile} (set BENCH_HN_DATA)`);
  const rows: { title: string; url: string; by: string }[] = [];
  for await (const line of createInterface({ input: createReadStream(dataFile).pipe(createGunzip()) })) {
    const story = JSON.parse(line) as { title?: string; url?: string; by?: string };
    if (story.title) rows.push({ title: story.title, url: story.url?.startsWith('http') ? story.url : '', by: story.by ?? '' });
  }
  return rows;
}

// Seeding half a million stories takes minutes on the embedded database: statements may run an hour.
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', INGEST_ENABLED: 'false', RATE_LIMIT_PER_MINUTE: '0', DATABASE_STATEMENT_TIMEOUT_MS: '3600000' });
const database = await openDatabase(config);
const pool = database.pool;
await runMigrations(pool);
const existing = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM stories');
if ((existing.rows[0]?.n ?? 0) === 0) {
  const started = Date.now();
  const recorded = await recordedStories();
  await pool.query('CREATE TEMP TABLE recorded (n int, title text, url text, domain text, by text)');
  const chunk = 5000;
  for (let offset = 0; offset < recorded.length; offset += chunk) {
    const part = recorded.slice(offset, offset + chunk);
    await pool.query(
      `INSERT INTO recorded SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[])`,
      [
        part.map((_, i) => offset + i),
        part.map((s) => s.title),
        part.map((s) => s.url),
        part.map((s) => (s.url ? new URL(s.url).hostname.replace(/^www\./, '') : '')),
        part.map((s) => s.by),
      ],
    );
  }
  // The vocabulary trigger would update title_words once per story; it is rebuilt in one statement instead.
  await pool.query('ALTER TABLE stories DISABLE TRIGGER USER');
  // Ages over two years; scores heavy-tailed (most a few points, a few thousands), as on the site.
  await pool.query(
    `INSERT INTO stories (hn_id, title, url, domain, by, time, score, descendants, trending_score)
     SELECT 40000000 + g, r.title, r.url, r.domain, r.by,
            extract(epoch FROM now())::bigint - (g * 63072000 / $1),
            floor(1 + 3000 * power(((g * 7919) % 10007) / 10007.0, 12))::int,
            floor(1500 * power(((g * 104729) % 10009) / 10009.0, 14))::int,
            ((g * 13) % 9000) / 100.0
       FROM generate_series(1::bigint, $1::bigint) AS g JOIN recorded r ON r.n = g % $2`,
    [STORIES, recorded.length],
  );
  await pool.query('ALTER TABLE stories ENABLE TRIGGER USER');
  await pool.query(
    `INSERT INTO title_words (word, stories)
     SELECT word, count(*) FROM stories, title_word_list(stories.title) AS word WHERE NOT dead AND NOT deleted GROUP BY word`,
  );
  // As the weekly planner_statistics task leaves them (server/modules/maintenance/tasks.ts): vacuumed, so the
  // visibility map lets the vocabulary's indexes answer without reading the table, and analysed.
  await pool.query('VACUUM (ANALYZE) stories, title_words, title_word_pairs');
  process.stderr.write(`seeded ${STORIES.toLocaleString('en-US')} stories in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

// As an ingestion cycle leaves them: the search indexes' pending lists merged (server/modules/search/indexes.ts).
await mergeSearchIndexPendingLists(pool);
const app = await buildApp({ config, pool, db: database.db, metrics: createMetrics(), now: Date.now, trigger: { requestNow: async () => undefined } });
// As the server does once it listens: searches and suggestions are answered from the stories' in-memory index.
const indexing = Date.now();
await app.services.get('stories').startIndexing();
const heapMb = (process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers) / 2 ** 20;
process.stderr.write(`indexed ${STORIES.toLocaleString('en-US')} stories in memory in ${((Date.now() - indexing) / 1000).toFixed(1)} s (heap and buffers ${heapMb.toFixed(0)} MB)\n`);
const setCeilingSize = addCeilingRoute(app.server);
const signUp = await app.server.inject({
  method: 'POST',
  url: '/api/auth/sign-up/email',
  payload: { email: `bench-${Date.now()}@example.com`, name: 'Bench', password: 'correct horse battery staple' },
});
const cookie = [signUp.headers['set-cookie']].flat().map((c) => String(c).split(';')[0]).join('; ');
const sample = await app.server.inject({ url: '/api/search/stories?q=rust', headers: { cookie } });
setCeilingSize(sample.body.length);
// The words, domains and authors the load is made of: frequent ones and rare ones, as people type both.
const pick = async (sql: string) => (await pool.query<{ v: string }>(sql)).rows.map((row) => row.v);
const words = {
  common: await pick(`SELECT word AS v FROM title_words ORDER BY stories DESC LIMIT 200`),
  rare: await pick(`SELECT word AS v FROM title_words WHERE stories <= 20 AND word ~ '^[a-z]+$' ORDER BY md5(word) LIMIT 200`),
  domains: await pick(`SELECT domain AS v FROM stories WHERE domain <> '' GROUP BY domain ORDER BY count(*) DESC LIMIT 100`),
  authors: await pick(`SELECT by AS v FROM stories WHERE by <> '' GROUP BY by ORDER BY md5(by) LIMIT 100`),
};
await serveBenchApp(app.server, database, { cookie, words });
