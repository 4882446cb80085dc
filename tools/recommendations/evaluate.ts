/**
 * The "For you" evaluation anyone can rerun (docs/recommendations.md): simulated readers over a front-page recording,
 * each following one topic; their next week's top 10 scored by how many are on the topic, beside "trending now" and
 * the week's top by points on the same candidates.
 * Run: npm run recommendations:evaluate -- [--data ../shared/data/hn-frontpage] [--out readers.csv]
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR, readRecording } from '../predictions/recording.ts';
import { meanWithInterval } from './metric.ts';
import { DEFAULT_OPTIONS, simulate, type ReaderResult } from './simulate.ts';

const { values } = parseArgs({ options: { data: { type: 'string' }, out: { type: 'string' } } });
const dataDir = values.data ?? DEFAULT_DATA_DIR;

const started = Date.now();
const recording = await readRecording(dataDir);
const results = simulate(recording.stories, recording.rows, DEFAULT_OPTIONS);
const seconds = ((Date.now() - started) / 1000).toFixed(0);

const percent = (values: number[]) => {
  const { mean, halfWidth } = meanWithInterval(values);
  return `${(100 * mean).toFixed(1)}% ± ${(100 * halfWidth).toFixed(1)}`;
};
const row = (label: string, readers: ReaderResult[]) =>
  `| ${label} | ${readers.length} | ${percent(readers.map((r) => r.forYou))} | ${percent(readers.map((r) => r.forYouWithoutTopic))} | ${percent(readers.map((r) => r.trendingNow))} | ${percent(readers.map((r) => r.topPoints))} | ${percent(readers.map((r) => r.ceiling))} | ${percent(readers.map((r) => r.onTopic / r.candidates))} |`;

const weeks = new Set(results.map((r) => r.week)).size;
console.log(`${recording.stories.length} stories, ${weeks} week pairs, ${results.length} simulated readers (${seconds} s)`);
console.log(
  `k = ${DEFAULT_OPTIONS.k}; a topic needs ${DEFAULT_OPTIONS.minBookmarks}+ stories in its week; each week's ${DEFAULT_OPTIONS.keywordTopicsPerWeek} most frequent keywords and ${DEFAULT_OPTIONS.domainTopicsPerWeek} most frequent sites`,
);
console.log('');
console.log('| readers | n | For you hit rate@10 | For you, topic held out | trending now | top by points | best possible | on-topic share of candidates |');
console.log('|---|---|---|---|---|---|---|---|');
console.log(row('all', results));
console.log(row('keyword topics', results.filter((r) => r.topic.startsWith('word:'))));
console.log(row('site topics', results.filter((r) => r.topic.startsWith('domain:'))));
const fewer = results.filter((r) => r.recommended < DEFAULT_OPTIONS.k).length;
console.log('');
console.log(`For you listed fewer than ${DEFAULT_OPTIONS.k} stories for ${fewer} readers (their missing places count as misses).`);
for (const [name, value] of [['For you', (r: ReaderResult) => r.forYou], ['For you with the topic held out', (r: ReaderResult) => r.forYouWithoutTopic]] as const) {
  const beats = results.filter((r) => value(r) > r.trendingNow).length;
  const ties = results.filter((r) => value(r) === r.trendingNow).length;
  console.log(`${name} beat trending now for ${beats} readers, tied for ${ties}, lost for ${results.length - beats - ties}.`);
}

if (values.out) {
  const header = 'week,topic,bookmarks,candidates,on_topic,recommended,for_you,for_you_topic_held_out,trending_now,top_points,ceiling';
  const lines = results.map((r) =>
    [r.week, JSON.stringify(r.topic), r.bookmarks, r.candidates, r.onTopic, r.recommended, r.forYou, r.forYouWithoutTopic, r.trendingNow, r.topPoints, r.ceiling].join(','),
  );
  writeFileSync(values.out, `${[header, ...lines].join('\n')}\n`);
  console.log(`Wrote ${values.out}`);
}
