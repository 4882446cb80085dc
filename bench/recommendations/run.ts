/**
 * `npm run bench recommendations`: the in-memory part of GET /api/recommendations at its bounds: 3,000 candidates and
 * 600 signal stories (200 each of bookmarks, watches and notes) plus 50 alerts, with titles, sites and authors from
 * the recorded front page (../shared/data/hn-frontpage). Cold: every title's keywords extracted for the first time;
 * warm: the titles seen before (the usual case: the candidates are the last week's stories, asked for again and
 * again). CPU time (process.cpuUsage), p50 and p95 of RUNS. The five database statements are not in it.
 */
import { join } from 'node:path';
import { readStories } from '../../tools/hn-replay/load.ts';
import { DEFAULT_DATA_DIR } from '../../tools/predictions/recording.ts';
import { domainOf } from '../../server/hn/parse.ts';
import { buildProfile, recommend, type SignalStory } from '../../server/modules/recommendations/scoring.ts';
import { formatNumber } from '../support.ts';

const CANDIDATES = 3000;
const SIGNALS = 600;
const RUNS = 12;

const cpuMs = (work: () => void) => {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

export async function runRecommendationsBenchmark(dataDir = DEFAULT_DATA_DIR): Promise<void> {
  const rows = await readStories(join(dataDir, 'stories.jsonl.gz'));
  const stories = rows.map((row) => ({ id: row.id, title: row.title, domain: domainOf(row.url ?? ''), by: row.by, score: 10 }));
  const aliases = new Map<string, string>();
  const nowSeconds = Math.max(...rows.slice(-10).map((row) => row.time));
  const signalsOf = (offset: number): SignalStory[] =>
    stories.slice(offset, offset + SIGNALS).map((story, i) => ({ source: (['bookmark', 'watch', 'note'] as const)[i % 3]!, storyId: story.id, title: story.title, domain: story.domain, by: story.by, at: nowSeconds - i * 3600 }));
  const alerts = Array.from({ length: 50 }, (_, i) => ({ keyword: stories[i * 7]!.title.split(' ')[0]! }));

  const times = { cold: [] as number[], warm: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    // A block of the recording not read before (12 blocks of 3,600 fit in its 48,715 stories): every title new to the keyword cache.
    const offset = run * (CANDIDATES + SIGNALS);
    const candidates = stories.slice(offset + SIGNALS, offset + SIGNALS + CANDIDATES);
    const signals = signalsOf(offset);
    const once = () => recommend(buildProfile(signals, alerts, aliases, nowSeconds), candidates, aliases, 25, new Set(signals.map((s) => s.storyId)));
    times.cold.push(cpuMs(once));
    times.warm.push(cpuMs(once));
  }
  console.log(`recommendations: ${CANDIDATES} candidates, ${SIGNALS} signal stories, 50 alerts; CPU ms over ${RUNS} runs`);
  for (const [name, values] of Object.entries(times)) {
    console.log(`  ${name.padEnd(5)} p50 ${formatNumber(percentile(values, 50), 1)} ms, p95 ${formatNumber(percentile(values, 95), 1)} ms`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runRecommendationsBenchmark();
