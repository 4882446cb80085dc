import type pg from 'pg';
import { itemPageUrl, storyLinkUrl, storyPagePath } from '#common/rules/links.ts';
import { NO_MUTES, type MuteMatcher } from '#common/rules/mutes.ts';
import { listedStory } from '../stories/visibility.ts';
import type { StoryItem } from '../../email/templates/layout.tsx';

export interface EmailStory {
  id: number;
  hnId: number;
  /** The article's address; empty for a text post (Ask HN), whose article is its discussion. */
  url: string;
  title: string;
  domain: string;
  by: string;
  score: number;
  comments: number;
}

type Queryable = pg.Pool | pg.PoolClient;

/** A story row as emails read it. */
export const EMAIL_STORY_COLUMNS = 'id, hn_id, url, title, domain, by, score, descendants';
export interface EmailStoryRow {
  id: number;
  hn_id: number;
  url: string;
  title: string;
  domain: string;
  by: string;
  score: number;
  descendants: number;
}
export const emailStoryOf = (row: EmailStoryRow): EmailStory => ({
  id: row.id,
  hnId: row.hn_id,
  url: row.url,
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
 * A story row of an email: the article itself and the Hacker News discussion, both through the click counter (no
 * share page between: an email is not a share, and shared-link figures count only what people shared).
 */
export function storyItem(story: EmailStory, baseUrl: string, track: (url: string) => string, note?: string): StoryItem {
  return {
    title: story.title,
    url: track(storyLinkUrl(story)),
    domain: story.domain,
    score: story.score,
    comments: story.comments,
    commentsUrl: track(itemPageUrl(story.hnId)),
    historyUrl: track(`${baseUrl}${storyPagePath(story.id)}`),
    ...(note ? { note } : {}),
  };
}
