/**
 * The embedded database's own thread: PGlite and the session server that shares it over the unix socket.
 * PGlite runs each statement synchronously on the thread that calls it, so here a slow statement holds only
 * this thread, and the HTTP thread goes on answering (server/db/embedded.ts starts it).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGliteSessionServer, type SessionServerOptions } from './session-server.ts';

export interface EmbeddedWorkerData extends SessionServerOptions {
  pgliteDir: string;
  socketPath: string;
  sharedBuffersMb: number;
}

/** Messages from this thread: ready to take connections, failed to start, or closed after 'close'. */
export type EmbeddedWorkerMessage = { type: 'ready' } | { type: 'failed'; message: string } | { type: 'closed' };

const port = parentPort!;
const data = workerData as EmbeddedWorkerData;

try {
  // pg_trgm backs search (docs/search.md); its migration creates the extension, which needs it loaded here.
  const db = await PGlite.create({
    dataDir: data.pgliteDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${data.sharedBuffersMb}MB`],
  });
  const server = new PGliteSessionServer(db, data.socketPath, {
    maxConnections: data.maxConnections,
    idleInTransactionTimeoutMs: data.idleInTransactionTimeoutMs,
  });
  await server.start();
  port.once('message', async () => {
    await server.stop();
    await db.close();
    port.postMessage({ type: 'closed' } satisfies EmbeddedWorkerMessage);
    port.close();
  });
  port.postMessage({ type: 'ready' } satisfies EmbeddedWorkerMessage);
} catch (error) {
  port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies EmbeddedWorkerMessage);
  port.close();
}
