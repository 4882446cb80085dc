/**
 * `npm run demo`: the product fed by a local replay of real recorded Hacker News data, for a machine with no
 * internet. The replay plays a recorded weekday at real speed, shifted so it reads as happening now; the
 * product polls it like the real API, so trending lists move every minute.
 * Before it starts, the recorded days before the replay's start (DEMO_HISTORY_DAYS, default 7) are imported, shifted
 * the same way, so keyword trends and patterns have history on the first screen (tools/import-history.ts).
 * Demo data lives in DATA_DIR/demo (default ./data/demo) and starts afresh each run.
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { parseDemoStart } from './demo-start.ts';
import { DEFAULT_DATA_DIR, startReplay } from './hn-replay/index.ts';
import { importHistory, importPredictionHistory } from './import-history.ts';

/** A busy moment of the recording: a Monday afternoon, US time (2021-03-01 17:00 UTC). */
const DEFAULT_START = Date.parse('2021-03-01T17:00:00Z') / 1000;

// The same web build `npm start` serves, built first when missing or stale.
await import('../scripts/ensure-web-build.ts');

let start = DEFAULT_START;
try {
  if (process.env.DEMO_START) start = parseDemoStart(process.env.DEMO_START);
} catch (error) {
  console.error(`[demo] ${(error as Error).message}`);
  process.exit(1);
}

const dataDir = path.join(process.env.DATA_DIR ?? './data', 'demo');
await rm(dataDir, { recursive: true, force: true });

const timeShift = Math.floor(Date.now() / 1000) - start;
const replay = await startReplay({ dataDir: process.env.HN_REPLAY_DATA, start, speed: 1, timeShift });
console.log(`[demo] Hacker News replay at ${replay.url} (${replay.dataset.source} data, ${replay.dataset.name})`);

const historyDays = Number(process.env.DEMO_HISTORY_DAYS ?? 7);
const storiesFile = path.join(process.env.HN_REPLAY_DATA ?? DEFAULT_DATA_DIR, 'stories.jsonl.gz');
if (historyDays > 0 && existsSync(storiesFile)) {
  const database = await openDatabase(loadConfig({ ...process.env, DATA_DIR: dataDir }));
  try {
    await runMigrations(database.pool);
    const count = await importHistory(database.pool, { storiesFile, until: start, days: historyDays, shift: timeShift });
    console.log(`[demo] ${count} recorded stories of the ${historyDays} days before the replay's start imported, shifted to now`);
    const predictions = await importPredictionHistory(database.pool, path.dirname(storiesFile), { until: start, days: historyDays, shift: timeShift });
    console.log(`[demo] ${predictions} predictions backfilled into the ledger from the same days`);
  } finally {
    await database.close();
  }
}

const app = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../server/main.ts')], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, HN_API_URL: replay.url, HN_MAX_NEW_ITEMS: process.env.HN_MAX_NEW_ITEMS ?? '2000' },
});
const stop = (signal: NodeJS.Signals): void => {
  app.kill(signal);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
app.once('exit', async (code) => {
  await replay.close();
  process.exit(code ?? 0);
});
