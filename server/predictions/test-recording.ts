/** A generated front-page recording for the model's tests: stories whose hidden quality sets their rise. */
import { mulberry32 } from '../../tools/hn-replay/prng.ts';
import type { Observations, RecordedStory } from './dataset.ts';

const SLOT_SECONDS = 1800;
/** Each story is seen at this many half-hourly snapshots. */
const SIGHTINGS = 12;

export interface TestRecording {
  stories: RecordedStory[];
  rows: Observations;
}

/**
 * One new story every half hour from `start` for `days` days. A story of quality q enters at rank
 * 30 − 25q with 5 + 20q points and gains 60q³ points a snapshot, so about a quarter reach 300; the
 * better half of the stories come from `good.example` and the rest from `plain.example`.
 */
export function testRecording(start: number, days: number, seed = 1): TestRecording {
  const random = mulberry32(seed);
  const count = days * 48;
  const stories: RecordedStory[] = [];
  const quality: number[] = [];
  for (let i = 0; i < count; i++) {
    const q = random();
    quality.push(q);
    stories.push({
      id: 1_000_000 + i * 240,
      title: q > 0.5 ? `A new compiler ${i}` : `Weekly news ${i}`,
      domain: q > 0.5 ? 'good.example' : 'plain.example',
      by: `user${i % 50}`,
      createdBefore: start + i * SLOT_SECONDS,
    });
  }
  const time: number[] = [];
  const rank: number[] = [];
  const story: number[] = [];
  const score: number[] = [];
  const comments: number[] = [];
  for (let slot = 0; slot < count + SIGHTINGS - 1; slot++) {
    const onPage: { index: number; rank: number; score: number }[] = [];
    for (let index = Math.max(0, slot - SIGHTINGS + 1); index <= Math.min(slot, count - 1); index++) {
      const q = quality[index]!;
      const k = slot - index;
      onPage.push({ index, rank: Math.max(1, Math.round(30 - 25 * q - k)), score: Math.round(5 + 20 * q + 60 * q ** 3 * k) });
    }
    onPage.sort((a, b) => a.rank - b.rank || a.index - b.index);
    for (const entry of onPage) {
      time.push(start + slot * SLOT_SECONDS);
      rank.push(entry.rank);
      story.push(entry.index);
      score.push(entry.score);
      comments.push(Math.floor(entry.score / 8));
    }
  }
  return { stories, rows: { length: time.length, time, rank, story, score, comments } };
}

/** The rows up to and including unix second `until`: the recording as it stood then. */
export function truncated(rows: Observations, until: number): Observations {
  let length = 0;
  while (length < rows.length && rows.time[length]! <= until) length++;
  const cut = (column: ArrayLike<number>) => Array.from(column).slice(0, length);
  return { length, time: cut(rows.time), rank: cut(rows.rank), story: cut(rows.story), score: cut(rows.score), comments: cut(rows.comments) };
}
