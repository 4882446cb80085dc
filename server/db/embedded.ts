import { chmod, mkdir, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { connect } from 'node:net';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startTypescriptWorker } from '../typescript-worker.ts';
import type { EmbeddedWorkerData, EmbeddedWorkerMessage } from './embedded-worker.ts';

/**
 * The embedded PostgreSQL: PGlite under DATA_DIR, served on a unix socket so the app uses the same `pg` pool.
 * PGlite and its session server run in a worker thread (embedded-worker.ts): a statement blocks the thread it
 * runs on, and on the HTTP thread one slow list would stall every request, `/healthz` included.
 */
export interface EmbeddedDatabase {
  /** Folder holding the socket; `pg` takes it as `host`. */
  socketDir: string;
  connectionString: string;
  /**
   * Settles with the reason should the database's thread end other than by close() (PGlite failed beyond an error
   * in a statement): the database is gone for this process, which has to be started again (docs/operations.md).
   */
  lost: Promise<Error>;
  close(): Promise<void>;
}

/** PGlite is one session; this many clients may be connected and take turns on it (session-server.ts). */
const MAX_SOCKET_CONNECTIONS = 64;
const SOCKET_FILE = '.s.PGSQL.5432';

export interface EmbeddedDatabaseOptions {
  /** A connection idle inside a transaction is ended after this long, so it cannot hold the session from everyone. */
  idleInTransactionTimeoutMs: number;
  /**
   * PostgreSQL's page cache. Pages outside it are read from the file system, which costs the embedded database a
   * system call or two each (docs/performance.md); 128 MB, PostgreSQL's default, when not given.
   */
  sharedBuffersMb?: number;
}

export async function startEmbeddedDatabase(dataDir: string, options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const root = path.resolve(dataDir);
  const socketDir = path.join(root, 'run');
  const socketPath = path.join(socketDir, SOCKET_FILE);
  await mkdir(path.join(root, 'pglite'), { recursive: true });
  await mkdir(socketDir, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing folder's mode alone; the socket must never be reachable by other users.
  await chmod(socketDir, 0o700);
  await removeStaleSocket(socketPath);

  const workerData: EmbeddedWorkerData = {
    pgliteDir: path.join(root, 'pglite'),
    socketPath,
    maxConnections: MAX_SOCKET_CONNECTIONS,
    idleInTransactionTimeoutMs: options.idleInTransactionTimeoutMs,
    sharedBuffersMb: options.sharedBuffersMb ?? 128,
  };
  const worker = startTypescriptWorker(new URL('./embedded-worker.ts', import.meta.url), { workerData });
  const started = await nextMessage(worker);
  if (started.type !== 'ready') {
    await worker.terminate();
    throw new Error(`The embedded database did not start: ${started.type === 'failed' ? started.message : started.type}`);
  }
  let closing = false;
  const lost = new Promise<Error>((resolve) => {
    worker.on('error', (error) => {
      if (!closing) resolve(error);
    });
    worker.once('exit', (code) => {
      if (!closing) resolve(new Error(`The embedded database's thread exited with code ${code}`));
    });
  });
  return {
    socketDir,
    connectionString: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`,
    lost,
    async close() {
      closing = true;
      // The worker stops its connections and closes PGlite, so the data on disk is left consistent.
      worker.postMessage('close');
      await nextMessage(worker);
      await worker.terminate();
      await rm(socketPath, { force: true });
    },
  };
}

/** The worker's next message; a worker that dies first (a thrown error, an exit) rejects. */
async function nextMessage(worker: Worker): Promise<EmbeddedWorkerMessage> {
  const [message] = (await Promise.race([once(worker, 'message'), once(worker, 'exit').then(([code]) => {
    throw new Error(`The embedded database's thread exited with code ${code}`);
  })])) as [EmbeddedWorkerMessage];
  return message;
}

/** A socket file left by a crash blocks listen(); one that still answers means another process owns the data. */
async function removeStaleSocket(socketPath: string): Promise<void> {
  const exists = await stat(socketPath).then(
    () => true,
    () => false,
  );
  if (!exists) return;
  const alive = await new Promise<boolean>((resolve) => {
    const socket = connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  if (alive) {
    throw new Error(
      `Another process is already serving the embedded database at ${socketPath}. ` +
        'Stop it, use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server between instances.',
    );
  }
  await rm(socketPath, { force: true });
}
