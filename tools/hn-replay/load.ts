import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import { indexRecorded, ObservationBuilder } from './recorded.ts';
import type { ObservationColumns, RecordedData, StoryRow } from './types.ts';

export type DatasetName = 'full' | 'sample-week';

const STORIES_FILE = 'stories.jsonl.gz';
const OBSERVATIONS_FILE = 'observations.csv.gz';
const SAMPLE_WEEK_FILE = 'sample-week-2021-03-01.csv';

/** True when `dataDir` holds the files `dataset` needs. */
export function hasRecording(dataDir: string, dataset: DatasetName): boolean {
  const observations = dataset === 'full' ? OBSERVATIONS_FILE : SAMPLE_WEEK_FILE;
  return existsSync(join(dataDir, STORIES_FILE)) && existsSync(join(dataDir, observations));
}

/** A readable stream of the file's bytes, gunzipped when it ends in `.gz`. */
function bytes(path: string): NodeJS.ReadableStream {
  const file = createReadStream(path, { highWaterMark: 1 << 20 });
  return path.endsWith('.gz') ? file.pipe(createGunzip({ chunkSize: 1 << 20 })) : file;
}

/**
 * Parses `sample_time,rank,id,score,comments` rows straight from the decompressed bytes: a
 * digit-by-digit parser is several times faster than readline + split for 700k rows and
 * allocates nothing per row. Empty `comments` reads as 0; lines holding anything but digits and
 * commas (the header) are skipped. Kept as a class with a plain `feed` loop so V8 optimises it.
 */
class ObservationParser {
  readonly rows = new ObservationBuilder();
  private readonly fields = new Int32Array(5);
  private field = 0;
  private value = 0;
  private valid = true;
  private pending = false;

  feed(buffer: Uint8Array): void {
    const fields = this.fields;
    let field = this.field;
    let value = this.value;
    let valid = this.valid;
    for (let at = 0; at < buffer.length; at++) {
      const code = buffer[at]!;
      if (code >= 48 && code <= 57) {
        value = value * 10 + (code - 48);
      } else if (code === 44 /* , */) {
        fields[field & 7] = value;
        field++;
        value = 0;
      } else if (code === 10 /* \n */) {
        fields[field & 7] = value;
        if (valid && field === 4) this.rows.push(fields[0]!, fields[1]!, fields[2]!, fields[3]!, fields[4]!);
        field = 0;
        value = 0;
        valid = true;
      } else if (code !== 13) {
        valid = false;
      }
    }
    this.field = field;
    this.value = value;
    this.valid = valid;
    this.pending = buffer.length > 0 && buffer[buffer.length - 1] !== 10;
  }

  end(): void {
    if (this.pending) this.feed(new Uint8Array([10]));
  }
}

/** Observation rows; their `story` column holds story ids until loadRecording maps them to indexes. */
export async function readObservations(path: string): Promise<ObservationColumns> {
  const parser = new ObservationParser();
  for await (const chunk of bytes(path)) parser.feed(chunk as Buffer);
  parser.end();
  return parser.rows.columns();
}

/**
 * Lines of the file as strings, split on the raw bytes (faster than readline for large files;
 * a line cut across two chunks is joined before decoding, so multi-byte characters survive).
 */
async function* lines(path: string): AsyncGenerator<string> {
  let carry: Buffer | undefined;
  for await (const chunk of bytes(path)) {
    let buffer = chunk as Buffer;
    if (carry) {
      buffer = Buffer.concat([carry, buffer]);
      carry = undefined;
    }
    let start = 0;
    for (let end = buffer.indexOf(10); end !== -1; end = buffer.indexOf(10, start)) {
      yield buffer.toString('utf8', start, end > start && buffer[end - 1] === 13 ? end - 1 : end);
      start = end + 1;
    }
    if (start < buffer.length) carry = buffer.subarray(start);
  }
  if (carry) yield carry.toString('utf8');
}

export async function readStories(path: string, keep?: Set<number>): Promise<StoryRow[]> {
  const stories: StoryRow[] = [];
  for await (const line of lines(path)) {
    if (!line) continue;
    // Skip unwanted stories before paying for JSON.parse: lines start with `{"id": N,`.
    if (keep && !keep.has(Number(/\d+/.exec(line)?.[0]))) continue;
    const raw = JSON.parse(line) as { id: number; title: string; url: string; by: string; created_before: number };
    if (keep && !keep.has(raw.id)) continue;
    stories.push({
      id: raw.id,
      time: raw.created_before,
      title: raw.title,
      // Text posts are recorded with the site-relative link `item?id=N`; the API has no url for them.
      url: raw.url && !raw.url.startsWith('item?id=') ? raw.url : undefined,
      by: raw.by,
    });
  }
  stories.sort((a, b) => a.id - b.id);
  return stories;
}

/**
 * Loads the recording from `dataDir`. `sample-week` reads the one-week CSV and only the stories it
 * mentions. Observation rows whose story is missing from stories.jsonl.gz are dropped.
 */
export async function loadRecording(dataDir: string, dataset: DatasetName): Promise<RecordedData> {
  const observationsPath = join(dataDir, dataset === 'full' ? OBSERVATIONS_FILE : SAMPLE_WEEK_FILE);
  const storiesPath = join(dataDir, STORIES_FILE);

  let stories: StoryRow[];
  let rows: ObservationColumns;
  if (dataset === 'full') {
    [stories, rows] = await Promise.all([readStories(storiesPath), readObservations(observationsPath)]);
  } else {
    rows = await readObservations(observationsPath);
    stories = await readStories(storiesPath, new Set(rows.story));
  }

  // Story ids -> story indexes, in place, dropping rows of unknown stories.
  const indexById = new Map<number, number>();
  stories.forEach((story, index) => indexById.set(story.id, index));
  let kept = 0;
  for (let row = 0; row < rows.length; row++) {
    const index = indexById.get(rows.story[row]!);
    if (index === undefined) continue;
    rows.time[kept] = rows.time[row]!;
    rows.rank[kept] = rows.rank[row]!;
    rows.story[kept] = index;
    rows.score[kept] = rows.score[row]!;
    rows.comments[kept] = rows.comments[row]!;
    kept++;
  }
  const known: ObservationColumns = {
    length: kept,
    time: rows.time.subarray(0, kept),
    rank: rows.rank.subarray(0, kept),
    story: rows.story.subarray(0, kept),
    score: rows.score.subarray(0, kept),
    comments: rows.comments.subarray(0, kept),
  };
  return indexRecorded(stories, known);
}
