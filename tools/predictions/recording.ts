/** Reads a front-page recording folder (observations.csv.gz, stories.jsonl.gz) into the model's shapes. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Observations, RecordedStory } from '../../server/predictions/dataset.ts';
import { domainOf } from '../../server/hn/parse.ts';
import { readObservations, readStories } from '../hn-replay/load.ts';

export const DEFAULT_DATA_DIR = '../shared/data/hn-frontpage';
/** The committed model: what ingestion will load and the evaluation reads. */
export const DEFAULT_MODEL_PATH = 'server/predictions/model.json';

export interface Recording {
  stories: RecordedStory[];
  rows: Observations;
}

const STORIES_FILE = 'stories.jsonl.gz';
const OBSERVATIONS_FILE = 'observations.csv.gz';

/** Observation rows of stories missing from stories.jsonl.gz are dropped (they have no title or author). */
export async function readRecording(dataDir: string): Promise<Recording> {
  for (const file of [STORIES_FILE, OBSERVATIONS_FILE]) {
    if (!existsSync(join(dataDir, file))) throw new Error(`${dataDir} holds no ${file}: give a recording folder with --data`);
  }
  const [storyRows, observations] = await Promise.all([
    readStories(join(dataDir, STORIES_FILE)),
    readObservations(join(dataDir, OBSERVATIONS_FILE)),
  ]);
  const indexById = new Map<number, number>();
  const stories: RecordedStory[] = storyRows.map((story, index) => {
    indexById.set(story.id, index);
    return { id: story.id, title: story.title, domain: domainOf(story.url ?? ''), by: story.by, createdBefore: story.time };
  });
  let kept = 0;
  const { time, rank, story, score, comments } = observations;
  for (let row = 0; row < observations.length; row++) {
    const index = indexById.get(story[row]!);
    if (index === undefined) continue;
    time[kept] = time[row]!;
    rank[kept] = rank[row]!;
    story[kept] = index;
    score[kept] = score[row]!;
    comments[kept] = comments[row]!;
    kept++;
  }
  return { stories, rows: { length: kept, time, rank, story, score, comments } };
}
