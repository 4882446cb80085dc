/**
 * A generated stand-in for the recording, used when the data directory is missing (a clean clone
 * without ../shared). Entirely synthetic and deterministic from the seed: a week of half-hourly
 * top-30 snapshots over a few thousand front-page candidates, some of which become big winners
 * (300-1000 points). It produces the same `RecordedData` shape as the loader, so every other part
 * of the replay works unchanged on top of it.
 */
import { hashUnit, intBetween, mulberry32 } from './prng.ts';
import { indexRecorded, ObservationBuilder } from './recorded.ts';
import type { RecordedData, StoryRow } from './types.ts';
import { askTitle, author, showTitle, storyTitle, storyUrl } from './words.ts';

/** 2021-03-01T00:00:00Z: the generated week starts here (history begins a day earlier). */
export const GENERATED_START = 1614556800;
const DAYS = 7;
const HISTORY_SECONDS = 86400;
const CANDIDATES = 3000;
const FIRST_ID = 26300000;
const TOP = 30;

interface Candidate {
  id: number;
  time: number;
  finalScore: number;
  finalComments: number;
  growSeconds: number;
}

function scoreAt(candidate: Candidate, t: number): { score: number; comments: number } {
  const x = Math.min(1, (t - candidate.time) / candidate.growSeconds);
  const progress = 1 - (1 - x) ** 3;
  return {
    score: 1 + Math.round((candidate.finalScore - 1) * progress),
    comments: Math.round(candidate.finalComments * progress),
  };
}

/** Final score: mostly 10-120, a tail to ~300, and ~4% big winners at 300-1000. */
function drawFinalScore(random: () => number): number {
  const tier = random();
  if (tier < 0.04) return intBetween(random, 300, 1000);
  if (tier < 0.25) return intBetween(random, 120, 300);
  return 10 + Math.floor(random() ** 2 * 110);
}

export function generateRecording(seed: number): RecordedData {
  const random = mulberry32(seed ^ 0x6e7e7a7e);
  const first = GENERATED_START - HISTORY_SECONDS;
  const end = GENERATED_START + DAYS * 86400;

  // Candidates: creation times spread over the whole span, ids increasing with time.
  const candidates: Candidate[] = [];
  const candidateTimes = Array.from({ length: CANDIDATES }, () => first + Math.floor(random() * (end - first))).sort((a, b) => a - b);
  let id = FIRST_ID;
  for (const time of candidateTimes) {
    id += intBetween(random, 40, 200);
    const finalScore = drawFinalScore(random);
    candidates.push({
      id,
      time,
      finalScore,
      finalComments: Math.round(finalScore * (0.2 + random())),
      growSeconds: 3600 * (4 + 12 * random()),
    });
  }

  // Half-hourly snapshots (20-40 minutes apart, like the recording), each the top 30 by HN rank.
  const observations = new ObservationBuilder();
  const observed = new Set<number>();
  let oldest = 0; // first candidate young enough to matter (its rank is ~0 after two days)
  for (let sample = GENERATED_START; sample <= end; sample += intBetween(random, 1200, 2400)) {
    while (oldest < candidates.length && candidates[oldest]!.time < sample - 2 * 86400) oldest++;
    const top: { index: number; rank: number }[] = []; // best first, at most TOP long
    for (let index = oldest; index < candidates.length && candidates[index]!.time <= sample; index++) {
      const candidate = candidates[index]!;
      const rank = (scoreAt(candidate, sample).score - 1) / ((sample - candidate.time) / 3600 + 2) ** 1.8;
      if (top.length === TOP && rank <= top[TOP - 1]!.rank) continue;
      let at = top.length;
      while (at > 0 && top[at - 1]!.rank < rank) at--;
      top.splice(at, 0, { index, rank });
      if (top.length > TOP) top.pop();
    }
    top.forEach(({ index }, position) => {
      observed.add(index);
      const counts = scoreAt(candidates[index]!, sample);
      // Story indexes are remapped below, once we know which candidates were ever observed.
      observations.push(sample, position + 1, index, counts.score, counts.comments);
    });
  }

  // Like the recording, keep only stories that made the top 30.
  const keptIndexes = [...observed].sort((a, b) => a - b);
  const newIndex = new Map(keptIndexes.map((candidateIndex, index) => [candidateIndex, index]));
  const stories: StoryRow[] = keptIndexes.map((candidateIndex) => {
    const candidate = candidates[candidateIndex]!;
    const words = mulberry32(Math.floor(hashUnit(seed, candidate.id, 11) * 4294967296));
    const kind = words();
    const title = kind < 0.06 ? askTitle(words) : kind < 0.12 ? showTitle(words) : storyTitle(words);
    return {
      id: candidate.id,
      time: candidate.time,
      title,
      url: title.startsWith('Ask HN:') ? undefined : storyUrl(words, title),
      by: author(words),
    };
  });
  const columns = observations.columns();
  for (let row = 0; row < columns.length; row++) columns.story[row] = newIndex.get(columns.story[row]!)!;
  return indexRecorded(stories, columns);
}
