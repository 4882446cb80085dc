import type pg from 'pg';
import type { StoryStatuses } from '#common/contracts/actions.ts';

/** The four per-person marks a story card shows, each answered by its own batch call. */
export type StatusKind = 'bookmarks' | 'flags' | 'watches' | 'notes';

/**
 * For each kind: the ids among $2 that the person $1 has marked. A flag counts while it is pending. Each statement
 * is prepared once per connection (named): its plan is the same for every person and list of stories.
 */
const MARKED_STORY_IDS: Readonly<Record<StatusKind, string>> = {
  bookmarks: `SELECT story_id FROM bookmarks WHERE user_id = $1 AND story_id = ANY($2::int[])`,
  flags: `SELECT story_id FROM content_flags WHERE user_id = $1 AND story_id = ANY($2::int[]) AND status = 'pending'`,
  watches: `SELECT story_id FROM story_watches WHERE user_id = $1 AND story_id = ANY($2::int[])`,
  notes: `SELECT story_id FROM story_notes WHERE user_id = $1 AND story_id = ANY($2::int[])`,
};

const FIELDS = {
  bookmarks: 'bookmarkStatuses',
  flags: 'flagStatuses',
  watches: 'watchStatuses',
  notes: 'noteStatuses',
} as const satisfies Record<StatusKind, keyof StoryStatuses>;

const KINDS = Object.keys(MARKED_STORY_IDS) as StatusKind[];

/**
 * All four kinds in one statement, each row tagged with its kind's position in KINDS: the signed-in home asks
 * for them together, and on the embedded database every statement is a round trip to its thread.
 */
const ALL_MARKED_STORY_IDS = KINDS.map((kind, index) => `SELECT ${index} AS kind, story_id FROM (${MARKED_STORY_IDS[kind]}) AS ${kind}`).join(
  '\nUNION ALL\n',
);

/** A map from each requested story id to whether it is in `found`: a batch call's answer. */
function statusMap(storyIds: readonly number[], found: Iterable<number>): Record<string, boolean> {
  const set = new Set(found);
  return Object.fromEntries(storyIds.map((id) => [String(id), set.has(id)]));
}

/** Whether the person marked each of the stories, for one kind. */
export async function selectStatuses(pool: pg.Pool, kind: StatusKind, userId: string, storyIds: number[]): Promise<Record<string, boolean>> {
  const result = await pool.query<{ story_id: number }>({ name: `story-statuses-${kind}`, text: MARKED_STORY_IDS[kind], values: [userId, storyIds] });
  return statusMap(storyIds, result.rows.map((row) => row.story_id));
}

/** Whether the person marked each of the stories, for every kind, in one statement. */
export async function selectAllStatuses(pool: pg.Pool, userId: string, storyIds: number[]): Promise<StoryStatuses> {
  const result = await pool.query<{ kind: number; story_id: number }>({ name: 'story-statuses', text: ALL_MARKED_STORY_IDS, values: [userId, storyIds] });
  const found = KINDS.map(() => [] as number[]);
  for (const row of result.rows) found[row.kind]!.push(row.story_id);
  return Object.fromEntries(KINDS.map((kind, index) => [FIELDS[kind], statusMap(storyIds, found[index]!)])) as unknown as StoryStatuses;
}
