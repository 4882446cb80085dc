/**
 * The HTTP side: the Firebase API's paths under /v0, answered from the dataset at the clock's
 * virtual now, with faults applied, plus the /_control endpoints for tests and demos.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { VirtualClock } from './clock.ts';
import type { ReplayDataset } from './dataset.ts';
import { faultsFromJson, poisonAnswer } from './faults.ts';
import type { FaultController } from './faults.ts';

export interface RequestCounts {
  /** All requests to /v0 paths. */
  total: number;
  /** Story list requests (topstories, newstories, ...), also broken down in `byList`. */
  lists: number;
  items: number;
  updates: number;
  maxitem: number;
  /** Unknown /v0 paths (answered 404). */
  other: number;
  byList: Record<string, number>;
}

export interface ReplayHttpServer {
  server: Server;
  requests(): RequestCounts;
  resetRequests(): void;
  listen(host: string, port: number): Promise<{ host: string; port: number }>;
  close(): Promise<void>;
}

const LIST_PATHS: Record<string, (dataset: ReplayDataset, t: number) => number[]> = {
  topstories: (dataset, t) => dataset.topAt(t),
  newstories: (dataset, t) => dataset.newAt(t),
  beststories: (dataset, t) => dataset.bestAt(t),
  askstories: (dataset, t) => dataset.askAt(t),
  showstories: (dataset, t) => dataset.showAt(t),
  jobstories: (dataset, t) => dataset.jobsAt(t),
};
const LIST_PATH = /^\/v0\/(\w+)\.json$/;
const ITEM_PATH = /^\/v0\/item\/(\d+)\.json$/;
const MAX_BODY_BYTES = 1 << 20;

type Route = { kind: 'list'; name: string } | { kind: 'item'; id: number } | { kind: 'maxitem' } | { kind: 'updates' } | { kind: 'unknown' };

function route(path: string): Route {
  const item = ITEM_PATH.exec(path);
  if (item) return { kind: 'item', id: Number(item[1]) };
  const list = LIST_PATH.exec(path)?.[1];
  if (list === 'maxitem') return { kind: 'maxitem' };
  if (list === 'updates') return { kind: 'updates' };
  if (list !== undefined && list in LIST_PATHS) return { kind: 'list', name: list };
  return { kind: 'unknown' };
}

function emptyCounts(): RequestCounts {
  return { total: 0, lists: 0, items: 0, updates: 0, maxitem: 0, other: 0, byList: {} };
}

function sendJson(response: ServerResponse, status: number, value: unknown, pretty = false): void {
  const body = JSON.stringify(value, null, pretty ? 2 : undefined) ?? 'null';
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

/** The answer's JSON, then `bytes` of whitespace, written as the client reads it; stops when the client goes. */
function streamOversize(response: ServerResponse, status: number, value: unknown, bytes: number): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.write(JSON.stringify(value) ?? 'null');
  const chunk = Buffer.alloc(Math.min(bytes, 64 * 1024), ' ');
  let left = bytes;
  const pump = (): void => {
    while (left > 0) {
      if (response.destroyed) return;
      const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= piece.length;
      if (!response.write(piece)) return void response.once('drain', pump);
    }
    response.end();
  };
  pump();
}

async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  return text ? JSON.parse(text) : {};
}

export function createReplayHttpServer(deps: {
  dataset: ReplayDataset;
  clock: VirtualClock;
  faults: FaultController;
  /** Seconds added to every served item's `time` (see ReplayOptions.timeShift). */
  timeShift?: number;
}): ReplayHttpServer {
  const { dataset, clock, faults } = deps;
  const timeShift = deps.timeShift ?? 0;
  const shifted = (item: ReturnType<ReplayDataset['itemAt']>) =>
    item && timeShift ? { ...item, time: item.time + timeShift } : item;
  let counts = emptyCounts();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const state = () => ({
    now: clock.now(),
    speed: clock.speed,
    paused: clock.paused,
    faults: faults.list(),
    requests: counts,
    dataset: { name: dataset.name, source: dataset.source, range: dataset.range },
  });

  async function control(path: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    if (path === '/_control/state' && method === 'GET') return sendJson(response, 200, state());
    if (path === '/_control/faults' && method === 'POST') {
      faults.set(faultsFromJson(await readJsonBody(request)));
      return sendJson(response, 200, { faults: faults.list() });
    }
    if (path === '/_control/faults' && method === 'DELETE') {
      faults.clear();
      return sendJson(response, 200, { faults: [] });
    }
    if (path === '/_control/requests' && method === 'DELETE') {
      counts = emptyCounts();
      return sendJson(response, 200, { requests: counts });
    }
    if (path === '/_control/clock' && method === 'POST') {
      const body = (await readJsonBody(request)) as { set?: unknown; advance?: unknown; speed?: unknown; paused?: unknown };
      const numberOrUndefined = (name: string, value: unknown): number | undefined => {
        if (value === undefined) return undefined;
        if (typeof value !== 'number' || !Number.isFinite(value)) throw new TypeError(`${name} must be a number`);
        return value;
      };
      const speed = numberOrUndefined('speed', body.speed);
      const set = numberOrUndefined('set', body.set);
      const advance = numberOrUndefined('advance', body.advance);
      if (body.paused !== undefined && typeof body.paused !== 'boolean') throw new TypeError('paused must be a boolean');
      if (speed !== undefined) clock.setSpeed(speed);
      if (set !== undefined) clock.set(set);
      if (advance !== undefined) clock.advance(advance);
      if (body.paused === true) clock.pause();
      if (body.paused === false) clock.resume();
      return sendJson(response, 200, state());
    }
    return sendJson(response, 404, { error: `no control endpoint ${method} ${path}` });
  }

  /** The answer to an API path at virtual time t: status and JSON value. */
  function answer(target: Route, t: number): { status: number; value: unknown } {
    switch (target.kind) {
      case 'list':
        return { status: 200, value: LIST_PATHS[target.name]!(dataset, t) };
      case 'item':
        return { status: 200, value: shifted(dataset.itemAt(target.id, t)) };
      case 'maxitem':
        return { status: 200, value: dataset.maxItemAt(t) };
      case 'updates':
        return { status: 200, value: dataset.updatesAt(t) };
      default:
        return { status: 404, value: null };
    }
  }

  function count(target: Route): void {
    counts.total++;
    if (target.kind === 'list') {
      counts.lists++;
      counts.byList[target.name] = (counts.byList[target.name] ?? 0) + 1;
    } else if (target.kind === 'item') counts.items++;
    else if (target.kind === 'updates') counts.updates++;
    else if (target.kind === 'maxitem') counts.maxitem++;
    else counts.other++;
  }

  function api(path: string, pretty: boolean, request: IncomingMessage, response: ServerResponse): void {
    const target = route(path);
    count(target);
    // The answer reflects the virtual time the request arrived at, whatever delay follows.
    const t = clock.now();
    const decision = faults.decide(path);
    const respond = (): void => {
      if (response.destroyed || response.writableEnded) return;
      const outcome = decision.outcome;
      if (outcome?.kind === 'timeout') return; // hold the request; close() destroys the socket
      if (outcome?.kind === 'error') return sendJson(response, outcome.status, { error: `injected ${outcome.status}` });
      if (request.method !== 'GET' && request.method !== 'HEAD') return sendJson(response, 405, null);
      const { status, value } = answer(target, t);
      if (outcome?.kind === 'null' && target.kind === 'item') return sendJson(response, 200, null);
      if (outcome?.kind === 'poison') return sendJson(response, status, poisonAnswer(value, outcome.poison), pretty);
      if (outcome?.kind === 'oversize') return streamOversize(response, status, value, outcome.bytes);
      if (outcome?.kind === 'truncate') {
        const body = JSON.stringify(value);
        const half = body.slice(0, Math.floor(body.length / 2));
        response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(half) });
        return void response.end(half);
      }
      sendJson(response, status, value, pretty);
    };
    if (decision.latencyMs > 0) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        respond();
      }, decision.latencyMs);
      timers.add(timer);
    } else {
      respond();
    }
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://replay.local');
    const path = url.pathname;
    if (path.startsWith('/_control/')) {
      control(path, request, response).catch((error: unknown) => {
        if (!response.headersSent) sendJson(response, 400, { error: error instanceof Error ? error.message : String(error) });
      });
      return;
    }
    api(path, url.searchParams.get('print') === 'pretty', request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  return {
    server,
    requests: () => structuredClone(counts),
    resetRequests() {
      counts = emptyCounts();
    },
    listen(host, port) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address();
          if (address === null || typeof address === 'string') return reject(new Error('server has no TCP address'));
          resolve({ host, port: address.port });
        });
      });
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Idle keep-alive connections and requests held by `timeout` faults would keep close() waiting.
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}
