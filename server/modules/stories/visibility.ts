import { sql } from 'drizzle-orm';
import { stories } from '../../db/schema/stories.ts';
import { HttpError } from '../../http/errors.ts';

/**
 * The one rule for what a story hidden by moderation (stories.hidden, set when a moderator approves a flag) may
 * appear in: nothing but the moderators' own views. Every statement that reads stories for anyone else goes through
 * it: lists, search, keywords, predictions, the share pages, their preview card and API, new share links, every
 * kind of email, a person's bookmarks, watches and share links, the story actions, the export's story titles, and
 * whatever reads stories next (feeds, recommendations, a story page). The hidden story's rows stay in the database:
 * when a moderator shows it again, it is back everywhere. docs/admin.md says what each surface does with it.
 *
 * server/modules/stories/visibility.test.ts reads every statement of the server that reads stories and fails when
 * one neither uses these nor is on its allow-list of moderator views and ingestion's own reads.
 */

const column = (alias: string | undefined, name: string) => (alias ? `${alias}.${name}` : name);

/** SQL: the story may be shown (moderation has not hidden it). `alias` is the stories table's alias, if any. */
export function visibleStory(alias?: string): string {
  return `NOT ${column(alias, 'hidden')}`;
}

/**
 * SQL: the story may be listed, searched, mailed or counted: shown, and neither dead nor deleted on Hacker News.
 * Written as the stories table's partial indexes are (server/db/schema/stories.ts), so the planner uses them.
 */
export function listedStory(alias?: string): string {
  return `NOT ${column(alias, 'dead')} AND NOT ${column(alias, 'deleted')} AND ${visibleStory(alias)}`;
}

/** The same rule as visibleStory, for Drizzle queries on the stories table. */
export const storyIsVisible = sql<boolean>`NOT ${stories.hidden}`;

/** What a reader gets for a story that moderators removed: the story is known, and gone on purpose. */
export class StoryRemovedError extends HttpError {
  constructor() {
    super(410, 'This story was removed by moderators');
  }
}
