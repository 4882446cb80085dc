/**
 * Command line: npx tsx tools/hn-replay/cli.ts [--port 8787] [--host 127.0.0.1] [--speed 60]
 *   [--start 2021-03-01T12:00:00Z | unix seconds] [--data ../shared/data/hn-frontpage]
 *   [--dataset full|sample-week] [--seed 1] [--synthetic-per-hour 60] [--paused]
 */
import { parseArgs } from 'node:util';
import { startReplay } from './index.ts';

const USAGE = `usage: npx tsx tools/hn-replay/cli.ts [options]
  --port N                 port to listen on (default 8787; 0 = random)
  --host H                 interface (default 127.0.0.1)
  --speed X                virtual seconds per real second (default 1; 60 = an hour a minute)
  --start T                virtual start: ISO date (2021-03-01T12:00:00Z) or unix seconds
                           (default: the dataset's first snapshot)
  --data DIR               data folder (default ../shared/data/hn-frontpage from the project root)
  --dataset NAME           full | sample-week (default full)
  --seed N                 seed for synthetic items and faults (default 1)
  --synthetic-per-hour N   synthetic stories per hour in the new tail (default 60)
  --paused                 start with the clock paused (resume via POST /_control/clock)`;

function parseTime(text: string): number {
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw new Error(`--start: not a date or unix time: ${text}`);
  return Math.floor(ms / 1000);
}

function parseNumber(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`--${name}: not a number: ${text}`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      speed: { type: 'string' },
      start: { type: 'string' },
      data: { type: 'string' },
      dataset: { type: 'string' },
      seed: { type: 'string' },
      'synthetic-per-hour': { type: 'string' },
      paused: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const dataset = values.dataset ?? 'full';
  if (dataset !== 'full' && dataset !== 'sample-week') throw new Error(`--dataset must be full or sample-week, got ${dataset}`);

  const replay = await startReplay({
    port: parseNumber('port', values.port) ?? 8787,
    host: values.host,
    speed: parseNumber('speed', values.speed),
    start: values.start === undefined ? undefined : parseTime(values.start),
    dataDir: values.data,
    dataset,
    seed: parseNumber('seed', values.seed),
    syntheticPerHour: parseNumber('synthetic-per-hour', values['synthetic-per-hour']),
  });
  if (values.paused) replay.clock.pause();

  const now = new Date(replay.clock.now() * 1000).toISOString();
  console.log(`[hn-replay] HN API at ${replay.url}  (e.g. ${replay.url}/topstories.json)`);
  console.log(`[hn-replay] virtual time ${now}, speed ${replay.clock.speed}x${replay.clock.paused ? ', paused' : ''}; control at ${replay.origin}/_control/state`);

  const stop = (): void => {
    replay.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`[hn-replay] ${error instanceof Error ? error.message : String(error)}`);
  console.error(USAGE);
  process.exit(1);
});
