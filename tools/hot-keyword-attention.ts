/**
 * How many of the hot keywords are what readers of the front page saw (docs/keywords.md, "What readers paid
 * attention to"): at five moments of the recording, the 24-hour hot keywords the demo's server ranks, counted from
 * the replay's recorded stories as they stand at the moment (with their score then) by the product's extraction and
 * attention rule, the stories the replay marks as made up left out; and how many of the first 20 appear as words of
 * a front-page title of the two days before. Prints the same for the rules before, with every story of the synthetic
 * tail of the 24 hours counted (more of it than the demo's first cycles fetch): by attention, and every story counted
 * by number.
 *
 *   npx tsx tools/hot-keyword-attention.ts
 *
 * test/keyword-breakouts.test.ts asserts the property through the server at the demo's moment. Reads HN_REPLAY_DATA.
 */
import { compareByAttention, HOT_KEYWORDS_SHOWN, MIN_PHRASE_STORIES, storyAttention } from '#common/rules/keyword-trends.ts';
import { tokenize } from '#common/rules/keywords.ts';
import { extractKeywords } from '../server/modules/keywords/extract.ts';
import { loadDataset } from './hn-replay/index.ts';

const HOUR = 3600;
/** Five moments across the recording, at different hours of the day and days of the week. */
const MOMENTS = ['2021-03-01T17:00:00Z', '2021-06-09T12:00:00Z', '2021-10-14T20:00:00Z', '2021-12-02T09:00:00Z', '2022-01-20T03:00:00Z'];
/** The replay's seeded aliases are not needed here: the measure compares words. */
const NO_ALIASES = new Map<string, string>();

const decodeEntities = (title: string) =>
  title.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&gt;/g, '>').replace(/&lt;/g, '<').replace(/&amp;/g, '&');

const dataset = await loadDataset({ dataDir: process.env.HN_REPLAY_DATA });
const recordedIds = dataset.storyIds();
let total = { product: 0, attention: 0, before: 0 };
for (const moment of MOMENTS) {
  const now = Date.parse(moment) / 1000;
  const from = (Math.floor(now / HOUR) - 24) * HOUR;
  const frontPageWords = new Set<string>();
  for (const id of recordedIds) {
    const item = dataset.itemAt(id, now);
    if (item?.title && item.time >= now - 48 * HOUR) for (const token of tokenize(item.title)) frontPageWords.add(token.key);
  }
  const stories: { points: number; keys: string[]; synthetic: boolean }[] = [];
  for (let id = dataset.maxItemAt(from); id <= dataset.maxItemAt(now); id++) {
    const item = dataset.itemAt(id, now);
    if (!item || item.type !== 'story' || item.dead || item.deleted || !item.title || item.time < from) continue;
    const keys = extractKeywords(decodeEntities(item.title), NO_ALIASES).map((keyword) => keyword.key);
    stories.push({ points: item.score ?? 1, keys, synthetic: item.synthetic === true });
  }
  const hot = (
    counted: (points: number) => { stories: number; points: number } | null,
    order: (a: { points: number; frequency: number }, b: { points: number; frequency: number }) => number,
    withSynthetic = true,
  ) => {
    const keywords = new Map<string, { keyword: string; frequency: number; points: number }>();
    for (const story of stories) {
      if (story.synthetic && !withSynthetic) continue;
      const worth = counted(story.points);
      if (!worth) continue;
      for (const key of story.keys) {
        const entry = keywords.get(key) ?? { keyword: key, frequency: 0, points: 0 };
        entry.frequency += worth.stories;
        entry.points += worth.points;
        keywords.set(key, entry);
      }
    }
    return [...keywords.values()]
      .filter((entry) => !entry.keyword.includes(' ') || entry.frequency >= MIN_PHRASE_STORIES)
      .sort(order)
      .slice(0, HOT_KEYWORDS_SHOWN);
  };
  const seen = (list: { keyword: string }[]) => list.filter((entry) => entry.keyword.split(' ').every((word) => frontPageWords.has(word))).length;
  const product = hot(storyAttention, compareByAttention, false);
  const attention = hot(storyAttention, compareByAttention);
  const before = hot((points) => ({ stories: 1, points }), (a, b) => b.frequency - a.frequency || b.points - a.points);
  total = { product: total.product + seen(product), attention: total.attention + seen(attention), before: total.before + seen(before) };
  const synthetic = stories.filter((story) => story.synthetic).length;
  console.log(
    `${moment}: ${stories.length} stories in the 24 hours (${synthetic} made up); seen on the front page: ${seen(product)}/${HOT_KEYWORDS_SHOWN}, ` +
      `with the made-up ones by attention ${seen(attention)}/${HOT_KEYWORDS_SHOWN}, every story counted ${seen(before)}/${HOT_KEYWORDS_SHOWN}`,
  );
  console.log(`  product:      ${product.map((entry) => `${entry.keyword} (${entry.frequency})`).join(', ')}`);
  console.log(`  by attention: ${attention.map((entry) => `${entry.keyword} (${entry.frequency})`).join(', ')}`);
  console.log(`  every story:  ${before.map((entry) => `${entry.keyword} (${entry.frequency})`).join(', ')}`);
}
const of = HOT_KEYWORDS_SHOWN * MOMENTS.length;
console.log(`total: ${total.product}/${of}; with the made-up ones by attention ${total.attention}/${of}, every story counted ${total.before}/${of}`);
