/** Shapes shared by the replay's modules. */

/** An item as `/v0/item/{id}.json` returns it (only the fields the replay produces). */
export interface HnItem {
  id: number;
  type: 'story' | 'job' | 'poll' | 'pollopt';
  time: number;
  by?: string;
  title?: string;
  url?: string;
  text?: string;
  score?: number;
  descendants?: number;
  dead?: true;
  deleted?: true;
  parts?: number[];
  poll?: number;
  /** The replay's own mark on what it made up (the synthetic tail); the real API never sends it. */
  synthetic?: true;
}

/**
 * The front-page recording (or the generated stand-in), indexed for lookups by time.
 * Stories are stored column-wise, sorted by id; `times` is non-decreasing with id because HN
 * allocates ids in time order.
 */
export interface RecordedData {
  ids: Int32Array;
  /** Creation time (unix seconds) per story: `created_before` for the recording. */
  times: Int32Array;
  titles: string[];
  /** `undefined` for text posts (Ask HN etc.), which the API serves without a url. */
  urls: (string | undefined)[];
  authors: string[];
  /** Observations of story i are rows obsStart[i] .. obsStart[i+1]-1, sorted by time. */
  obsStart: Int32Array;
  obsTimes: Int32Array;
  obsScores: Int32Array;
  obsComments: Int32Array;
  /** Distinct snapshot times, ascending; the stories of snapshot k, in rank order, are
   * sampleStories[sampleStart[k] .. sampleStart[k+1]-1] (story indexes, not ids). */
  sampleTimes: Int32Array;
  sampleStart: Int32Array;
  sampleStories: Int32Array;
}

/** One story row before indexing (from stories.jsonl.gz or the generator). */
export interface StoryRow {
  id: number;
  time: number;
  title: string;
  url: string | undefined;
  by: string;
}

/** Observation rows column-wise, sorted by (time, rank). `story` holds story indexes. */
export interface ObservationColumns {
  length: number;
  time: Int32Array;
  rank: Int32Array;
  story: Int32Array;
  score: Int32Array;
  comments: Int32Array;
}
