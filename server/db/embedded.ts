import { chmod, mkdir, rm, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGliteSessionServer } from './session-server.ts';

/** The embedded PostgreSQL: PGlite under DATA_DIR, served on a unix socket so the app uses the same `pg` pool. */
export interface EmbeddedDatabase {
  /** Folder holding the socket; `pg` takes it as `host`. */
  socketDir: string;
  connectionString: string;
  close(): Promise<void>;
}

/** PGlite is one session; this many clients may be connected and take turns on it (session-server.ts). */
const MAX_SOCKET_CONNECTIONS = 64;
const SOCKET_FILE = '.s.PGSQL.5432';

export interface EmbeddedDatabaseOptions {
  /** A connection idle inside a transaction is ended after this long, so it cannot hold the session from everyone. */
  idleInTransactionTimeoutMs: number;
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

  // pg_trgm backs search (docs/search.md); its migration creates the extension, which needs it loaded here.
  const db = await PGlite.create({ dataDir: path.join(root, 'pglite'), extensions: { pg_trgm } });
  const server = new PGliteSessionServer(db, socketPath, {
    maxConnections: MAX_SOCKET_CONNECTIONS,
    idleInTransactionTimeoutMs: options.idleInTransactionTimeoutMs,
  });
  await server.start();
  return {
    socketDir,
    connectionString: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`,
    async close() {
      await server.stop();
      await db.close();
      await rm(socketPath, { force: true });
    },
  };
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
