/**
 * hn-replay: a local stand-in for the Hacker News Firebase API (https://github.com/HackerNews/API)
 * that serves recorded front-page data on a virtual clock. See docs/hn-replay.md.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClock } from './clock.ts';
import type { VirtualClock } from './clock.ts';
import { Dataset } from './dataset.ts';
import type { ReplayDataset } from './dataset.ts';
import { createFaultController } from './faults.ts';
import type { FaultController } from './faults.ts';
import { generateRecording } from './generate.ts';
import { hasRecording, loadRecording } from './load.ts';
import { createReplayHttpServer } from './server.ts';
import type { RequestCounts } from './server.ts';
import { SyntheticStories } from './synthetic.ts';

export type { VirtualClock } from './clock.ts';
export type { ObservationPoint, ReplayDataset, Snapshot, Updates } from './dataset.ts';
export type { Fault, FaultController, FaultDecision, FaultKind, FaultState, Poison } from './faults.ts';
export { HUGE_NUMBER, POISONS } from './faults.ts';
export type { RequestCounts } from './server.ts';
export type { HnItem } from './types.ts';

export interface ReplayOptions {
  /** Folder with observations.csv.gz etc. Default: ../shared/data/hn-frontpage from the project root. */
  dataDir?: string;
  /** `sample-week` (one week, loads in ~0.2 s) or `full` (2020-11 .. 2022-04). Default `full`. */
  dataset?: 'full' | 'sample-week';
  /** Virtual time at start, unix seconds. Default: the dataset's first snapshot. */
  start?: number;
  /** Virtual seconds per real second. Default 1. */
  speed?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 = a random free port (default). */
  port?: number;
  /** Seed for everything synthetic and for fault decisions. Default 1. */
  seed?: number;
  /** Synthetic stories per hour added to the `newstories` tail. Default 60. */
  syntheticPerHour?: number;
  log?: (msg: string) => void;
  /**
   * Seconds added to the `time` of every served item. The demo sets it to (real now - start) so that,
   * at speed 1, the recording plays as if it were happening now and ages read naturally.
   */
  timeShift?: number;
}

export interface ReplayServer {
  /** API base ending in /v0, as the app's HN_API_URL takes it: `${url}/topstories.json`. */
  url: string;
  /** http://host:port, for the /_control endpoints. */
  origin: string;
  clock: VirtualClock;
  faults: FaultController;
  dataset: ReplayDataset;
  /** Requests served so far, by kind of path. */
  requests(): RequestCounts;
  resetRequests(): void;
  /** Stops listening and destroys open sockets (including requests held by `timeout` faults). */
  close(): Promise<void>;
}

export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../shared/data/hn-frontpage', import.meta.url));
export const DEFAULT_SEED = 1;
export const DEFAULT_SYNTHETIC_PER_HOUR = 60;

const defaultLog = (msg: string): void => console.log(`[hn-replay] ${msg}`);

export interface DatasetOptions {
  dataDir?: string;
  dataset?: 'full' | 'sample-week';
  seed?: number;
  syntheticPerHour?: number;
}

// Datasets are immutable once built, so servers in one process (e.g. a test file) share them.
const loaded = new Map<string, Promise<ReplayDataset>>();

/**
 * Loads (or, when the data dir is missing, generates) the dataset a replay serves. Useful on its
 * own to compute the expected truth in tests and benchmarks. Cached per process.
 */
export function loadDataset(options: DatasetOptions = {}): Promise<ReplayDataset> {
  const dataDir = resolve(options.dataDir ?? DEFAULT_DATA_DIR);
  const name = options.dataset ?? 'full';
  const seed = options.seed ?? DEFAULT_SEED;
  const perHour = options.syntheticPerHour ?? DEFAULT_SYNTHETIC_PER_HOUR;
  const key = JSON.stringify([dataDir, name, seed, perHour]);
  let dataset = loaded.get(key);
  if (!dataset) {
    dataset = buildDataset(dataDir, name, seed, perHour);
    loaded.set(key, dataset);
    dataset.catch(() => loaded.delete(key));
  }
  return dataset;
}

async function buildDataset(dataDir: string, name: 'full' | 'sample-week', seed: number, perHour: number): Promise<ReplayDataset> {
  const started = performance.now();
  const recordingAvailable = hasRecording(dataDir, name);
  const recorded = recordingAvailable ? await loadRecording(dataDir, name) : generateRecording(seed);
  const synthetic = SyntheticStories.allocate(recorded, seed, perHour);
  const loadMs = Math.round(performance.now() - started);
  return new Dataset(recordingAvailable ? 'recorded' : 'generated', recordingAvailable ? name : 'generated', recorded, synthetic, loadMs);
}

function describeDataset(dataset: ReplayDataset, dataDir: string, seed: number): string {
  const { stories, observations, synthetic } = dataset.counts;
  const span = `${new Date(dataset.range.first * 1000).toISOString()} .. ${new Date(dataset.range.last * 1000).toISOString()}`;
  if (dataset.source === 'generated') {
    return `no data at ${dataDir}: serving a GENERATED front page (synthetic, seed ${seed}; ${stories} stories, ${synthetic} tail items, ${span})`;
  }
  return `serving ${dataset.name} recording from ${dataDir}: ${stories} stories, ${observations} observations, ${synthetic} synthetic tail items, ${span} (loaded in ${dataset.loadMs} ms)`;
}

export async function startReplay(options: ReplayOptions = {}): Promise<ReplayServer> {
  const seed = options.seed ?? DEFAULT_SEED;
  const dataDir = resolve(options.dataDir ?? DEFAULT_DATA_DIR);
  const dataset = await loadDataset({ ...options, dataDir, seed });
  (options.log ?? defaultLog)(describeDataset(dataset, dataDir, seed));
  const clock = createClock({ start: options.start ?? dataset.range.first, speed: options.speed ?? 1 });
  const faults = createFaultController(seed);
  const http = createReplayHttpServer({ dataset, clock, faults, timeShift: options.timeShift });
  const { host, port } = await http.listen(options.host ?? '127.0.0.1', options.port ?? 0);
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/v0`,
    origin,
    clock,
    faults,
    dataset,
    requests: http.requests,
    resetRequests: http.resetRequests,
    close: () => (closing ??= http.close()),
  };
}
