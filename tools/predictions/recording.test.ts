import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readRecording } from './recording.ts';

const folder = mkdtempSync(join(tmpdir(), 'predictions-recording-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const story = (id: number, url: string, createdBefore: number) =>
  JSON.stringify({ id, title: `Story ${id}`, url, by: `u${id}`, first_seen: 1000, last_seen: 2000, created_before: createdBefore });

writeFileSync(
  join(folder, 'stories.jsonl.gz'),
  gzipSync([story(20, 'https://www.Example.com/a', 950), story(10, 'item?id=10', 900)].join('\n')),
);
writeFileSync(
  join(folder, 'observations.csv.gz'),
  gzipSync('sample_time,rank,id,score,comments\n1000,1,20,15,3\n1000,2,99,7,\n1000,3,10,4,\n1800,1,10,9,2\n'),
);

describe('readRecording', () => {
  it('reads stories in id order with their domain, and rows that point at them', async () => {
    const { stories, rows } = await readRecording(folder);
    expect(stories).toEqual([
      // A text post's site-relative link has no domain.
      { id: 10, title: 'Story 10', domain: '', by: 'u10', createdBefore: 900 },
      { id: 20, title: 'Story 20', domain: 'example.com', by: 'u20', createdBefore: 950 },
    ]);
    // The row of story 99 (not in stories.jsonl.gz) is dropped; an empty comment count reads 0.
    expect(rows.length).toBe(3);
    expect(Array.from(rows.story).slice(0, 3)).toEqual([1, 0, 0]);
    expect(Array.from(rows.time).slice(0, 3)).toEqual([1000, 1000, 1800]);
    expect(Array.from(rows.rank).slice(0, 3)).toEqual([1, 3, 1]);
    expect(Array.from(rows.comments).slice(0, 3)).toEqual([3, 0, 2]);
  });

  it('says which file is missing from a folder that is not a recording', async () => {
    await expect(readRecording(join(folder, 'nowhere'))).rejects.toThrow(/holds no stories\.jsonl\.gz/);
  });
});
