/**
 * `npm run demo`: the product fed by a local replay of real recorded Hacker News data, for a machine with no
 * internet. The replay plays a recorded weekday at real speed, shifted so it reads as happening now; the
 * product polls it like the real API, so trending lists move every minute.
 * Demo data lives in DATA_DIR/demo (default ./data/demo) and starts afresh each run.
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { startReplay } from './hn-replay/index.ts';

/** A busy moment of the recording: a Monday afternoon, US time (2021-03-01 17:00 UTC). */
const DEFAULT_START = Date.parse('2021-03-01T17:00:00Z') / 1000;

// The same web build `npm start` serves, built first when missing or stale.
await import('../scripts/ensure-web-build.ts');

const dataDir = path.join(process.env.DATA_DIR ?? './data', 'demo');
await rm(dataDir, { recursive: true, force: true });

const start = Number(process.env.DEMO_START ?? DEFAULT_START);
const replay = await startReplay({
  dataDir: process.env.HN_REPLAY_DATA,
  start,
  speed: 1,
  timeShift: Math.floor(Date.now() / 1000) - start,
});
console.log(`[demo] Hacker News replay at ${replay.url} (${replay.dataset.source} data, ${replay.dataset.name})`);

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
