import type pg from 'pg';
import { itemPageUrl, storyPagePath } from '../../common/rules/links.ts';
import { EMAIL_SHARE_MARKER } from '../../common/rules/email.ts';
import { NO_MUTES, type MuteMatcher } from '../../common/rules/mutes.ts';
import { newShareToken, sharePath } from '../modules/shares/service.ts';
import { listedStory } from '../modules/stories/visibility.ts';
import type { StoryItem } from './templates/layout.tsx';

export interface EmailStory {
  id: number;
  hnId: number;
  title: string;
  domain: string;
  by: string;
  score: number;
  comments: number;
}

type Queryable = pg.Pool | pg.PoolClient;

/** A story row as emails read it. */
export const EMAIL_STORY_COLUMNS = 'id, hn_id, title, domain, by, score, descendants';
export interface EmailStoryRow {
  id: number;
  hn_id: number;
  title: string;
  domain: string;
  by: string;
  score: number;
  descendants: number;
}
export const emailStoryOf = (row: EmailStoryRow): EmailStory => ({
  id: row.id,
  hnId: row.hn_id,
  title: row.title,
  domain: row.domain,
  by: row.by,
  score: row.score,
  comments: row.descendants,
});

/**
 * The stories an email may show, by id: one moderators removed since its event, or one the recipient's muting rules
 * hide, is left out (not in the map).
 */
export async function storiesByIds(db: Queryable, ids: number[], mutes: MuteMatcher = NO_MUTES): Promise<Map<number, EmailStory>> {
  if (ids.length === 0) return new Map();
  const result = await db.query<EmailStoryRow>(`SELECT ${EMAIL_STORY_COLUMNS} FROM stories WHERE id = ANY($1::int[]) AND ${listedStory()}`, [ids]);
  return new Map(result.rows.map(emailStoryOf).filter((story) => !mutes.mutes(story)).map((story) => [story.id, story]));
}

/**
 * A share link per story for one person's email, titled with the marker that shared-links analytics reads as
 * "Auto Email" (spec part 2 §3). Many people in one statement: `pairs` are (person, story).
 */
export async function emailShareLinks(db: Queryable, pairs: { userId: string; story: EmailStory }[]): Promise<Map<string, string>> {
  if (pairs.length === 0) return new Map();
  const tokens = pairs.map(() => newShareToken());
  await db.query(
    `INSERT INTO shared_links (share_token, user_id, story_id, custom_title)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[])`,
    [tokens, pairs.map((pair) => pair.userId), pairs.map((pair) => pair.story.id), pairs.map((pair) => `${pair.story.title} · ${EMAIL_SHARE_MARKER}`)],
  );
  return new Map(pairs.map((pair, index) => [`${pair.userId}:${pair.story.id}`, sharePath(tokens[index]!, pair.story.title)]));
}

/** A story row of an email: its share link and the Hacker News discussion, both through the click counter. */
export function storyItem(story: EmailStory, sharePathOrUrl: string, baseUrl: string, track: (url: string) => string, note?: string): StoryItem {
  const url = sharePathOrUrl.startsWith('/') ? `${baseUrl}${sharePathOrUrl}` : sharePathOrUrl;
  return {
    title: story.title,
    url: track(url),
    domain: story.domain,
    score: story.score,
    comments: story.comments,
    commentsUrl: track(itemPageUrl(story.hnId)),
    historyUrl: track(`${baseUrl}${storyPagePath(story.id)}`),
    ...(note ? { note } : {}),
  };
}
