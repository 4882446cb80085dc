/**
 * The product's HTTP app over a ledger of BENCH_PREDICTIONS predictions (1,000,000 by default) made over 60 days,
 * plus the ceiling route. A request with the header `x-bench-cold: 1` empties the prediction cache's answers first,
 * so it is answered from the database as a request with parameters not asked before is (the cache's generation,
 * read at most once a second, is kept, as it is for such a request). Started by bench/predictions/run.ts.
 */
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/index.ts';
import { runMigrations } from '../../server/db/migrate.ts';
import { createMetrics } from '../../server/metrics.ts';
import { confidenceFloor, TREND_CALL_THRESHOLD } from '#common/rules/predictions.ts';
import { addCeilingRoute, seedBenchmarkData, serveBenchApp, STORIES_PER_DAY } from '../support.ts';

const PREDICTIONS = Number(process.env.BENCH_PREDICTIONS ?? 1_000_000);
const DAYS = 60;
/** Stories with a current prediction: about the front page's turnover over 6 hours. */
const CURRENT = 120;
const CHUNK = 100_000;

/** The confidence the product records for a probability (ledgerConfidence), in SQL, from the rules' values. */
const LEDGER_CONFIDENCE_SQL = (p: string) =>
  `CASE WHEN ${p} < ${TREND_CALL_THRESHOLD} THEN 'none' WHEN ${p} >= ${confidenceFloor('high')} THEN 'high' WHEN ${p} >= ${confidenceFloor('medium')} THEN 'medium' ELSE 'low' END`;

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', INGEST_ENABLED: 'false', RATE_LIMIT_PER_MINUTE: '0' });
const database = await openDatabase(config);
await runMigrations(database.pool);
const nowSeconds = Math.floor(Date.now() / 1000);
const existing = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM predictions');
if ((existing.rows[0]?.n ?? 0) === 0) {
  const started = Date.now();
  const client = await database.pool.connect();
  try {
    await client.query('SET statement_timeout = 0');
    const stories = STORIES_PER_DAY * DAYS;
    await seedBenchmarkData(client, { stories, snapshots: stories, nowSeconds });
    // Predictions spread evenly over the stories and the 60 days, newest last; those older than 6 hours verified.
    // Probabilities follow the product's skew (most stories "will not"): p = u^3. Outcomes agree with the call 85 %
    // of the time. In chunks, so no statement holds the embedded database for minutes.
    for (let offset = 0; offset < PREDICTIONS; offset += CHUNK) {
      await client.query(
        `INSERT INTO predictions (story_id, predicted_at, probability, confidence, score_at_prediction, comments_at_prediction, model_version,
                                  verified_at, score_at_horizon, reached_target, accurate, reached_at)
         SELECT story_id, at, p, ${LEDGER_CONFIDENCE_SQL('p')},
                10, 2, 'bench',
                CASE WHEN verified THEN at + interval '6 hours' END,
                CASE WHEN verified THEN CASE WHEN reached THEN 350 ELSE 120 END END,
                CASE WHEN verified THEN reached END,
                CASE WHEN verified THEN (p >= $7) = reached END,
                CASE WHEN verified AND reached THEN at + interval '2 hours' END
           FROM (SELECT 1 + (g * 7919) % $3 AS story_id,
                        to_timestamp($2 - ($1 - g) * ($4 * 86400.0 / $1)) AS at,
                        power(((g * 2654435761) % 4294967291) / 4294967291.0, 3) AS p,
                        ($1 - g) * ($4 * 86400.0 / $1) > 6 * 3600 AS verified,
                        ((g * 40503) % 100 < 85) = (power(((g * 2654435761) % 4294967291) / 4294967291.0, 3) >= $7) AS reached
                   FROM generate_series($5::bigint, $6::bigint) AS g) AS seeded`,
        [PREDICTIONS, nowSeconds, stories, DAYS, offset + 1, Math.min(offset + CHUNK, PREDICTIONS), TREND_CALL_THRESHOLD],
      );
    }
    await client.query(
      `UPDATE stories SET prediction_probability = ((id::bigint * 40503) % 1000) / 1000.0,
              prediction_confidence = nullif(${LEDGER_CONFIDENCE_SQL('((id::bigint * 40503) % 1000) / 1000.0')}, 'none'),
              predicted_at = now() - interval '1 hour'
        WHERE id > (SELECT max(id) FROM stories) - $1`,
      [CURRENT],
    );
    await client.query('ANALYZE predictions');
    await client.query('ANALYZE prediction_calls');
    await client.query('ANALYZE stories');
  } finally {
    client.release();
  }
  process.stderr.write(`seeded ${PREDICTIONS} predictions in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
await database.pool.query(`INSERT INTO prediction_runs (reason, started_at, finished_at) VALUES ('bench', now(), now())`);

const app = await buildApp({
  config,
  pool: database.pool,
  db: database.db,
  metrics: createMetrics(),
  now: Date.now,
  trigger: { requestNow: async () => undefined },
});
app.server.addHook('onRequest', async (request) => {
  if (request.headers['x-bench-cold'] === '1') app.services.get('predictions').forgetAnswers();
});
const setCeilingSize = addCeilingRoute(app.server);
const sample = await app.server.inject({ url: '/api/predictions/accuracy/public' });
setCeilingSize(sample.body.length);
// The page's calls need a session: one reader, whose cookie the load generator sends.
const signUp = await app.server.inject({
  method: 'POST',
  url: '/api/auth/sign-up/email',
  payload: { email: `bench-${Date.now()}@example.com`, name: 'Bench Reader', password: 'correct horse battery staple' },
});
if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
const cookie = [signUp.headers['set-cookie'] ?? []].flat().map((value) => value.split(';')[0]).join('; ');
const ledger = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM predictions');
await serveBenchApp(app.server, database, { bodyBytes: sample.body.length, embedded: database.embedded, predictions: ledger.rows[0]!.n, cookie });
