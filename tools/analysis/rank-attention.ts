/**
 * Estimates how many upvotes per hour a story gets at each front-page rank, from the recorded
 * front-page time series. The result is the rank-attention curve used by the trending score
 * (docs/algorithms.md). Run: npx tsx tools/analysis/rank-attention.ts [path/to/observations.csv.gz]
 */
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { createInterface } from 'node:readline';

const file = process.argv[2] ?? '../shared/data/hn-frontpage/observations.csv.gz';
const MAX_GAP_SECONDS = 45 * 60;

interface Sample { time: number; rows: Map<number, { rank: number; score: number }> }

async function main(): Promise<void> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()) });
  let current: Sample | null = null;
  let previous: Sample | null = null;
  const gain = new Float64Array(31);
  const hours = new Float64Array(31);
  const pairs = new Uint32Array(31);
  const close = (): void => {
    if (previous && current && current.time - previous.time <= MAX_GAP_SECONDS) {
      const dtHours = (current.time - previous.time) / 3600;
      for (const [id, before] of previous.rows) {
        const after = current.rows.get(id);
        if (!after || after.score < before.score) continue;
        gain[before.rank]! += after.score - before.score;
        hours[before.rank]! += dtHours;
        pairs[before.rank]! += 1;
      }
    }
  };
  for await (const line of lines) {
    if (line.startsWith('sample_time')) continue;
    const [t, rank, id, score] = line.split(',');
    const time = Number(t);
    if (!current || current.time !== time) {
      close();
      previous = current;
      current = { time, rows: new Map() };
    }
    current.rows.set(Number(id), { rank: Number(rank), score: Number(score) });
  }
  close();
  const rate = (r: number): number => gain[r]! / hours[r]!;
  console.log('rank\tpairs\tupvotes/hour\trelative to rank 1');
  for (let r = 1; r <= 30; r++) {
    console.log(`${r}\t${pairs[r]}\t${rate(r).toFixed(2)}\t${(rate(r) / rate(1)).toFixed(3)}`);
  }
}

await main();
