import { beforeAll, describe, expect, it } from 'vitest';
import { Dataset } from './dataset.ts';
import type { ReplayDataset } from './dataset.ts';
import { generateRecording } from './generate.ts';
import { loadDataset } from './index.ts';
import { Kind, SyntheticStories } from './synthetic.ts';
import { HAS_SAMPLE_WEEK, MISSING_DATA_DIR, readSampleWeekCsv } from './testing.ts';
import type { HnItem } from './types.ts';

const HOUR = 3600;

/** A handful of moments across the dataset, including exact snapshot times and odd seconds. */
function momentsOf(dataset: ReplayDataset): number[] {
  const { first, last } = dataset.range;
  const span = last - first;
  return [first, first + 7, first + span * 0.25, first + span * 0.5 + 1234, first + span * 0.9, last, last + 3 * HOUR].map(Math.floor);
}

function isLive(item: HnItem | null): boolean {
  return item !== null && !item.deleted && !item.dead && (item.type === 'story' || item.type === 'poll');
}

const suites: [string, () => Promise<ReplayDataset>][] = [
  ['generated', () => loadDataset({ dataDir: MISSING_DATA_DIR })],
];
if (HAS_SAMPLE_WEEK) suites.unshift(['sample-week', () => loadDataset({ dataset: 'sample-week' })]);

describe.each(suites)('%s dataset', (_name, load) => {
  let dataset: ReplayDataset;
  beforeAll(async () => {
    dataset = await load();
  });

  it('matches every recorded observation exactly at its snapshot time', () => {
    let checked = 0;
    const mismatches: string[] = [];
    for (const id of dataset.storyIds()) {
      for (const observation of dataset.observationsOf(id)) {
        const item = dataset.itemAt(id, observation.time);
        if (item?.score !== observation.score || item.descendants !== observation.comments) {
          mismatches.push(`${id} at ${observation.time}: ${JSON.stringify(item)} vs ${JSON.stringify(observation)}`);
        }
        checked++;
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(checked).toBe(dataset.counts.observations);
  });

  it('interpolates linearly between observations and from 1 point at creation', () => {
    const id = dataset.storyIds().find((candidate) => dataset.observationsOf(candidate).length >= 5)!;
    const [a, b] = dataset.observationsOf(id).slice(2, 4) as [{ time: number; score: number; comments: number }, { time: number; score: number; comments: number }];
    const middle = Math.floor((a.time + b.time) / 2);
    const fraction = (middle - a.time) / (b.time - a.time);
    expect(dataset.itemAt(id, middle)?.score).toBe(Math.round(a.score + (b.score - a.score) * fraction));
    const created = dataset.itemAt(id, dataset.range.last)!.time;
    expect(dataset.itemAt(id, created)?.score).toBe(dataset.observationsOf(id)[0]!.time === created ? dataset.observationsOf(id)[0]!.score : 1);
    // After the last observation the story keeps its last counts.
    const last = dataset.observationsOf(id).at(-1)!;
    expect(dataset.itemAt(id, last.time + 30 * 86400)).toMatchObject({ score: last.score, descendants: last.comments });
  });

  it('items do not exist before their time, recorded or synthetic', () => {
    const recorded = new Set(dataset.storyIds());
    const syntheticIds = dataset
      .newAt(dataset.range.last)
      .filter((id) => !recorded.has(id))
      .slice(0, 50);
    for (const id of [...dataset.storyIds().slice(0, 200), ...syntheticIds]) {
      const item = dataset.itemAt(id, dataset.range.last + 86400)!;
      expect(item).not.toBeNull();
      expect(dataset.itemAt(id, item.time - 1)).toBeNull();
      expect(dataset.itemAt(id, item.time)).not.toBeNull();
    }
    expect(dataset.itemAt(1, dataset.range.last)).toBeNull();
  });

  it('every listed id is a live story at that time, lists are sized like HN', () => {
    for (const t of momentsOf(dataset)) {
      const lists = {
        top: dataset.topAt(t),
        new: dataset.newAt(t),
        best: dataset.bestAt(t),
        ask: dataset.askAt(t),
        show: dataset.showAt(t),
      };
      expect(lists.top.length).toBeLessThanOrEqual(500);
      expect(lists.new.length).toBeLessThanOrEqual(500);
      expect(lists.best.length).toBeLessThanOrEqual(500);
      expect(lists.ask.length).toBeLessThanOrEqual(200);
      expect(lists.show.length).toBeLessThanOrEqual(200);
      const problems: string[] = [];
      for (const [name, ids] of Object.entries(lists)) {
        if (new Set(ids).size !== ids.length) problems.push(`${name} has duplicates`);
        for (const id of ids) if (!isLive(dataset.itemAt(id, t))) problems.push(`${name} lists ${id}: ${JSON.stringify(dataset.itemAt(id, t))}`);
      }
      for (const id of lists.ask) if (!/^ask hn:/i.test(dataset.itemAt(id, t)!.title!)) problems.push(`ask lists ${id}`);
      for (const id of lists.show) if (!/^show hn:/i.test(dataset.itemAt(id, t)!.title!)) problems.push(`show lists ${id}`);
      for (const id of dataset.jobsAt(t)) if (dataset.itemAt(id, t)?.type !== 'job') problems.push(`jobs lists ${id}`);
      expect(problems.slice(0, 5), `at ${t}`).toEqual([]);
    }
    // Mid-dataset the lists are full, like the real API's.
    const middle = momentsOf(dataset)[3]!;
    expect(dataset.topAt(middle)).toHaveLength(500);
    expect(dataset.newAt(middle)).toHaveLength(500);
  });

  it('topstories starts with the latest snapshot in rank order, then ranks the rest', () => {
    for (const t of momentsOf(dataset)) {
      const snapshot = dataset.snapshotAt(t)!;
      expect(snapshot.time).toBeLessThanOrEqual(t);
      expect(snapshot.ids.length).toBeGreaterThan(0);
      expect(snapshot.ids.length).toBeLessThanOrEqual(30);
      const top = dataset.topAt(t);
      expect(top.slice(0, snapshot.ids.length)).toEqual(snapshot.ids);
    }
    expect(dataset.snapshotAt(dataset.range.first - 1)).toBeNull();
  });

  it('newstories is newest first and starts at maxitem (or the newest listable item)', () => {
    const t = momentsOf(dataset)[3]!;
    const ids = dataset.newAt(t);
    const times = ids.map((id) => dataset.itemAt(id, t)!.time);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const max = dataset.maxItemAt(t);
    expect(max).toBeGreaterThanOrEqual(ids[0]!);
    expect(dataset.itemAt(max, t)).not.toBeNull();
    expect(dataset.maxItemAt(t + HOUR)).toBeGreaterThan(max);
  });

  it('beststories is ordered by score', () => {
    const t = momentsOf(dataset)[3]!;
    const scores = dataset.bestAt(t).map((id) => dataset.itemAt(id, t)!.score!);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('updates lists items whose counts changed in the last five minutes, most recent first', () => {
    for (const t of momentsOf(dataset).slice(1, 5)) {
      const { items, profiles } = dataset.updatesAt(t);
      expect(profiles).toEqual([]);
      expect(items.length).toBeGreaterThan(0);
      expect(items.length).toBeLessThanOrEqual(100);
      expect(new Set(items).size).toBe(items.length);
      for (const id of items) {
        const now = dataset.itemAt(id, t)!;
        const before = dataset.itemAt(id, t - 300);
        const changed = before === null ? now.score !== 1 || now.descendants !== 0 : before.score !== now.score || before.descendants !== now.descendants;
        expect(changed, `${id} at ${t}`).toBe(true);
      }
    }
  });

  it('marks what it made up as synthetic', () => {
    const recorded = dataset.storyIds();
    const tail = dataset.newAt(dataset.range.last).filter((id) => !recorded.includes(id));
    expect(tail.length).toBeGreaterThan(0);
    for (const id of tail) expect(dataset.isSynthetic(id)).toBe(true);
    // Every item of the tail carries the mark, whatever its kind (deleted, dead, job, poll, pollopt).
    for (let id = tail[0]!; id > tail.at(-1)!; id--) {
      const item = dataset.itemAt(id, dataset.range.last);
      if (item) expect(item.synthetic, `item ${id}`).toBe(recorded.includes(id) ? undefined : true);
    }
    // Recorded stories are real unless the whole dataset is generated.
    for (const id of recorded.slice(0, 50)) expect(dataset.isSynthetic(id)).toBe(dataset.source === 'generated');
  });

  it('text posts have no url; synthetic items include HN edge cases', () => {
    const t = dataset.range.last;
    const textPosts = dataset.askAt(t).map((id) => dataset.itemAt(id, t)!);
    expect(textPosts.length).toBeGreaterThan(0);
    for (const item of textPosts) expect('url' in item, `Ask HN ${item.id} has a url`).toBe(false);

    const seen = { deleted: 0, dead: 0, job: 0, poll: 0, entity: 0 };
    const recorded = new Set(dataset.storyIds());
    let tailItems = 0;
    for (let id = dataset.maxItemAt(t); id > 0 && tailItems < 5000; id--) {
      if (!dataset.isSynthetic(id) || recorded.has(id)) continue;
      const item = dataset.itemAt(id, t);
      if (!item) continue;
      tailItems++;
      if (item.deleted) {
        seen.deleted++;
        expect(Object.keys(item).sort()).toEqual(['deleted', 'id', 'synthetic', 'time', 'type']);
      }
      if (item.dead) seen.dead++;
      if (item.type === 'job') {
        seen.job++;
        expect(item.url).toMatch(/^https:\/\//);
        expect('descendants' in item).toBe(false);
      }
      if (item.type === 'poll') {
        seen.poll++;
        for (const part of item.parts!) expect(dataset.itemAt(part, t)).toMatchObject({ type: 'pollopt', poll: id });
      }
      if (/&(amp|#x27|quot|gt);/.test(item.title ?? '')) seen.entity++;
    }
    for (const [kind, count] of Object.entries(seen)) expect(count, kind).toBeGreaterThan(0);
  });

  it('synthetic stories mostly stay small, a few reach 10-60 points', () => {
    const t = dataset.range.last;
    const recorded = new Set(dataset.storyIds());
    const scores = dataset
      .newAt(t - 86400)
      .filter((id) => !recorded.has(id))
      .map((id) => dataset.itemAt(id, t)!.score!);
    const small = scores.filter((score) => score <= 5).length / scores.length;
    expect(small).toBeGreaterThan(0.6);
    expect(Math.max(...scores)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...scores)).toBeLessThanOrEqual(80);
  });
});

describe.runIf(HAS_SAMPLE_WEEK)('sample-week against the raw CSV', () => {
  let dataset: ReplayDataset;
  let rows: ReturnType<typeof readSampleWeekCsv>;
  beforeAll(async () => {
    dataset = await loadDataset({ dataset: 'sample-week' });
    rows = readSampleWeekCsv();
  });

  it('is the recorded week', () => {
    expect(dataset.source).toBe('recorded');
    expect(dataset.name).toBe('sample-week');
    expect(dataset.counts.observations).toBe(rows.length);
    expect(dataset.range).toEqual({ first: rows[0]!.time, last: rows.at(-1)!.time });
    expect(dataset.isSynthetic(rows[0]!.id)).toBe(false);
  });

  it('topstories at a snapshot time is that snapshot in recorded rank order, with recorded counts', () => {
    const times = [...new Set(rows.map((row) => row.time))];
    for (const time of [times[0]!, times[100]!, times.at(-1)!]) {
      const snapshot = rows.filter((row) => row.time === time).sort((a, b) => a.rank - b.rank);
      expect(dataset.topAt(time).slice(0, snapshot.length)).toEqual(snapshot.map((row) => row.id));
      expect(dataset.topAt(time + 60).slice(0, snapshot.length)).toEqual(snapshot.map((row) => row.id));
      for (const row of snapshot) expect(dataset.itemAt(row.id, time)).toMatchObject({ score: row.score, descendants: row.comments });
    }
  });

  it('serves Ask HN posts from the recording without a url', () => {
    const ask = dataset.storyIds().map((id) => dataset.itemAt(id, dataset.range.last)!).filter((item) => /^ask hn:/i.test(item.title!));
    expect(ask.length).toBeGreaterThan(0);
    for (const item of ask) expect(item.url).toBeUndefined();
  });
});

describe('determinism', () => {
  function build(seed: number, perHour = 60): Dataset {
    const recorded = generateRecording(seed);
    return new Dataset('generated', 'generated', recorded, SyntheticStories.allocate(recorded, seed, perHour), 0);
  }

  it('the same seed gives the same data, another seed different data', () => {
    const a = build(42);
    const b = build(42);
    const c = build(43);
    const t = a.range.first + 3 * 86400 + 17;
    expect(b.topAt(t)).toEqual(a.topAt(t));
    expect(b.newAt(t)).toEqual(a.newAt(t));
    expect(b.updatesAt(t)).toEqual(a.updatesAt(t));
    for (const id of a.newAt(t).slice(0, 100)) expect(b.itemAt(id, t)).toEqual(a.itemAt(id, t));
    expect(c.topAt(t)).not.toEqual(a.topAt(t));
  });

  it('syntheticPerHour sets the volume of the synthetic tail', () => {
    const recorded = generateRecording(7);
    const hours = (recorded.times.at(-1)! - recorded.times[0]!) / HOUR;
    const tail = SyntheticStories.allocate(recorded, 7, 120);
    const notPollOptions = tail.kinds.filter((kind) => kind !== Kind.pollopt).length;
    expect(notPollOptions / hours).toBeGreaterThan(100);
    expect(notPollOptions / hours).toBeLessThanOrEqual(121);
    expect(SyntheticStories.allocate(recorded, 7, 0).size).toBe(0);
  });
});
