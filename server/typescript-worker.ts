import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript module, as the server's own thread does. tsx loads it from inside the
 * worker: on Node 20 a worker's `--import tsx` comes too late for its entry module, and a host that loads
 * TypeScript its own way (the test runner) has no tsx to inherit. tsx's loader applies to that module and what it
 * imports, not to modules the worker imports by URL at run time (the web build's server-side entry), which Node
 * loads as it would on the main thread.
 */
export function startTypescriptWorker(entry: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}));`;
  return new Worker(source, { ...options, eval: true });
}
