import type pg from 'pg';
import { itemPageUrl, storyLinkUrl } from '../../common/rules/links.ts';
import { listedStory } from '../modules/stories/visibility.ts';
import type { StoryItem } from './templates/layout.tsx';

export interface EmailStory {
  id: number;
  hnId: number;
  /** The article's address; empty for a text post (Ask HN), whose article is its discussion. */
  url: string;
  title: string;
  domain: string;
  score: number;
  comments: number;
}

type Queryable = pg.Pool | pg.PoolClient;

/** The stories an email may show, by id: one moderators removed since its event is left out (not in the map). */
export async function storiesByIds(db: Queryable, ids: number[]): Promise<Map<number, EmailStory>> {
  if (ids.length === 0) return new Map();
  const result = await db.query<EmailStoryRow>(`SELECT ${EMAIL_STORY_COLUMNS} FROM stories WHERE id = ANY($1::int[]) AND ${listedStory()}`, [ids]);
  return new Map(result.rows.map((row) => [row.id, emailStory(row)]));
}

/** The columns of `stories` an email shows, and their reading. */
export const EMAIL_STORY_COLUMNS = 'id, hn_id, url, title, domain, score, descendants';
export interface EmailStoryRow {
  id: number;
  hn_id: number;
  url: string;
  title: string;
  domain: string;
  score: number;
  descendants: number;
}
export function emailStory(row: EmailStoryRow): EmailStory {
  return { id: row.id, hnId: row.hn_id, url: row.url, title: row.title, domain: row.domain, score: row.score, comments: row.descendants };
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
    ...(note ? { note } : {}),
  };
}
