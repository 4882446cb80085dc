/**
 * `npm run bench mutes`: what a person's muting rules add to a 50-story list page answered from memory (the lists'
 * in-memory index, server/modules/stories/list-index.ts). A year of stories at Hacker News's rate, titles, domains
 * and authors drawn like the recorded data's; 200 rules of every kind (words, phrases, domains, authors, kinds and
 * single stories). Each page is asked for with and without the rules, alternately, and the added cost is the
 * difference of each pair; its p50 and p95 are printed per list, in CPU time (process.cpuUsage): on a shared machine
 * a call of a few hundred microseconds is often preempted for a time slice, which wall time would count as its own.
 * The wall-clock p95 is printed too. The rules' one query (story_mutes by person) is not in it.
 */
import { performance } from 'node:perf_hooks';
import type { StoryListQuery, StoryListSort } from '#common/contracts/stories.ts';
import { compileMutes, type MuteRule } from '#common/rules/mutes.ts';
import { StoryListIndex, type IndexedStory } from '../../server/modules/stories/list-index.ts';
import { formatNumber, STORIES_PER_DAY } from '../support.ts';

const DAYS = 365;
const RUNS = 400;
const RULES = 200;

/** A small deterministic generator: the same stories every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

const WORDS = ['rust', 'python', 'ai', 'llm', 'database', 'postgres', 'linux', 'apple', 'google', 'startup', 'c++', 'security', 'open', 'source', 'model', 'language', 'web', 'browser', 'crypto', 'climate', 'space', 'physics', 'show', 'why', 'how', 'the', 'new', 'release', 'guide', 'data'];
const PREFIXES = ['', '', '', '', '', 'Show HN: ', 'Ask HN: ', 'Launch HN: '];

function stories(nowSeconds: number): IndexedStory[] {
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const count = STORIES_PER_DAY * DAYS;
  return Array.from({ length: count }, (_, i) => {
    const score = Math.floor(1 / (next() + 0.002));
    const words = Array.from({ length: 4 + Math.floor(next() * 6) }, () => pick(WORDS));
    return {
      id: i + 1,
      hnId: i + 1,
      url: '',
      synthetic: false,
      predictionProbability: null,
      score,
      descendants: Math.floor(score * next()),
      time: nowSeconds - Math.floor(((count - i) / count) * DAYS * 86_400),
      scoreVelocity: score * next() * 0.2,
      commentsVelocity: next() * 5,
      trendingScore: score * next(),
      riseScore: next() > 0.5 ? next() : 0,
      visible: true,
      title: pick(PREFIXES) + words.join(' ').replace(/^./, (c) => c.toUpperCase()),
      domain: `${next() > 0.7 ? 'blog.' : ''}site${Math.floor(next() * 5000)}.com`,
      by: `user${Math.floor(next() * 20_000)}`,
    };
  });
}

function rules(): MuteRule[] {
  const list: MuteRule[] = [];
  for (let i = 0; list.length < RULES; i++) {
    const kind = (['word', 'word', 'word', 'domain', 'author', 'story'] as const)[i % 6]!;
    const value =
      kind === 'word' ? (i % 4 === 0 ? `"${WORDS[i % WORDS.length]} ${WORDS[(i + 7) % WORDS.length]}"`.replace(/"/g, '') : `unusedword${i}`) : kind === 'domain' ? `site${i * 17}.com` : kind === 'author' ? `user${i * 31}` : String(i * 997);
    list.push({ kind, value });
  }
  list[0] = { kind: 'word', value: 'crypto' };
  list[1] = { kind: 'kind', value: 'launch' };
  return list;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

export async function runMutesBenchmark(): Promise<void> {
  const nowMs = Date.now();
  const index = new StoryListIndex();
  index.apply(stories(Math.floor(nowMs / 1000)));
  const mutes = compileMutes(rules());
  const lists: [string, StoryListSort, Partial<StoryListQuery>][] = [
    ['trending, 24 hours', 'trending', { timeFilter: '24h' }],
    ['trending, a week', 'trending', { timeFilter: 'week' }],
    ['top, all time', 'top', {}],
    ['recent, 24 hours', 'recent', { hours: 24 }],
    ['top, all time, page 20', 'top', { page: 20 }],
  ];
  console.log(`\nMuting: ${formatNumber(index.size)} stories in memory, ${RULES} rules, a 50-story page, ${RUNS} pairs each`);
  console.log(
    'list'.padEnd(26),
    'without p95 ms'.padStart(15), // CPU time from here to 'first ms'
    'with p95 ms'.padStart(12),
    'added p50 ms'.padStart(13),
    'added p95 ms'.padStart(13),
    'first ms'.padStart(9),
    'wall added p95'.padStart(15),
    'hidden'.padStart(7),
  );
  for (const [name, sort, overrides] of lists) {
    const query: StoryListQuery = { minScore: 0, page: 1, limit: 50, timeFilter: '24h', minVelocity: 0, ...overrides };
    const without: number[] = [];
    const withRules: number[] = [];
    const added: number[] = [];
    let hidden = 0;
    // The first page with the rules tests every story it reads; later ones find most verdicts kept.
    const first = performance.now();
    index.page(sort, query, nowMs, { mutes });
    const firstMs = performance.now() - first;
    const wallAdded: number[] = [];
    const cpuMs = (start: NodeJS.CpuUsage) => {
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000;
    };
    for (let run = 0; run < RUNS + 20; run++) {
      const a = performance.now();
      const cpuA = process.cpuUsage();
      index.page(sort, query, nowMs);
      const withoutMs = cpuMs(cpuA);
      const b = performance.now();
      const cpuB = process.cpuUsage();
      hidden = index.page(sort, query, nowMs, { mutes }).hiddenCount;
      const withMs = cpuMs(cpuB);
      const c = performance.now();
      // The first runs warm the code up.
      if (run < 20) continue;
      without.push(withoutMs);
      withRules.push(withMs);
      added.push(withMs - withoutMs);
      wallAdded.push(c - b - (b - a));
    }
    const p95 = (values: number[]) => formatNumber(percentile(values, 95), 3);
    console.log(
      name.padEnd(26),
      p95(without).padStart(15),
      p95(withRules).padStart(12),
      formatNumber(percentile(added, 50), 3).padStart(13),
      p95(added).padStart(13),
      formatNumber(firstMs, 1).padStart(9),
      p95(wallAdded).padStart(15),
      String(hidden).padStart(7),
    );
  }
}
