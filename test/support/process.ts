import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import type pg from 'pg';
import { afterAll } from 'vitest';
import { openDatabase } from '../../server/db/index.ts';
import { createTestDatabase, embeddedDataDir } from './database.ts';

export interface AppProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const MAIN = path.join(import.meta.dirname, '../../server/main.ts');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The app processes still running. A test that fails before it stops its process would leave it running on, an
 * ingestion loop taking the machine's cores from every test after it: each file ends by killing what is left.
 */
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts `server/main.ts` as its own process (as `npm start` does) and waits until /readyz answers 200. */
export async function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited early with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`app not ready within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * The database an app process runs on: a fresh database on the PostgreSQL server named by TEST_DATABASE_URL,
 * or an embedded one in a temporary DATA_DIR that the process owns, as in production.
 */
export interface ProcessDatabase {
  /** What to add to the process's environment. */
  env: Record<string, string>;
  /** Queries it: directly on PostgreSQL, or by opening the embedded one (only while no process holds it). */
  inspect<T>(query: (pool: pg.Pool) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function createProcessDatabase(name: string): Promise<ProcessDatabase> {
  if (process.env.TEST_DATABASE_URL) {
    const database = await createTestDatabase();
    return {
      env: { DATABASE_URL: database.url },
      inspect: (query) => query(database.database.pool),
      close: () => database.close(),
    };
  }
  const dataDir = await embeddedDataDir(`hn-${name}-`);
  return {
    env: { DATA_DIR: dataDir },
    async inspect(query) {
      const opened = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined, DATABASE_POOL_SIZE: 2 });
      try {
        return await query(opened.pool);
      } finally {
        await opened.close();
      }
    },
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
}
