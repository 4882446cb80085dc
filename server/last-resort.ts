import type { DatabaseOutageWatch } from './db/outage.ts';
import type { Logger } from './logger.ts';

/**
 * The last resort for an error nothing else caught: a rejected promise no one waited for, or a throw in a callback.
 * One that says the database cannot be reached is survived: the outage watch takes it, and the process goes on
 * (answering /readyz 503) until the database is back. Anything else leaves the process in a state no one planned
 * for: it logs the error and exits with 1, for its supervisor to start it afresh (docs/operations.md). So does the
 * embedded database's thread ending.
 */
export function installLastResort(log: Logger, outage: DatabaseOutageWatch, embeddedLost: Promise<Error> | null): void {
  const handle = (kind: string) => (error: unknown) => {
    if (outage.report(error)) {
      log.warn({ err: error }, `${kind} while the database cannot be reached; going on`);
      return;
    }
    log.error({ err: error }, `${kind}: the process cannot go on safely and exits`);
    process.exit(1);
  };
  process.on('unhandledRejection', handle('unhandled rejection'));
  process.on('uncaughtException', handle('uncaught exception'));
  // The embedded database's thread is the database server itself; one that ended cannot be started again under the
  // same data in this process (its PGlite's state is unknown), while a new process recovers it from its log.
  void embeddedLost?.then((error) => {
    log.error({ err: error }, 'the embedded database stopped: the process exits, to be started again by its supervisor');
    process.exit(1);
  });
}
