import pg from 'pg';
const stats = new Map<string, { n: number; ms: number }>();
const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
function dump(label: string) {
  const rows = [...stats.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 14);
  console.log(`--- ${label}`);
  for (const [k, v] of rows) console.log(v.ms.toFixed(0).padStart(8), String(v.n).padStart(6), (v.ms / v.n).toFixed(2).padStart(8), k);
  stats.clear();
}
(pg.Client.prototype as unknown as { query: unknown }).query = function (this: unknown, ...args: unknown[]) {
  const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '?');
  const key = text.replace(/\s+/g, ' ').slice(0, 140);
  if (key.startsWith('SELECT count(*)::int AS n FROM stories')) dump('until now');
  const started = performance.now();
  const result = original.apply(this, args);
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    (result as Promise<unknown>).then(
      () => { const s = stats.get(key) ?? { n: 0, ms: 0 }; s.n++; s.ms += performance.now() - started; stats.set(key, s); },
      () => undefined,
    );
  }
  return result;
};
process.on('beforeExit', () => dump('end'));
const { runIngestBenchmark } = await import('./ingest.ts');
await runIngestBenchmark();
dump('end');
