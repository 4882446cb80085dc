import type { FastifyRequest } from 'fastify';
import type { Preferences } from '#common/contracts/accounts.ts';
import type { PackedStoryHistory } from '#common/rules/packed-history.ts';
import { formatCount } from '#common/rules/plural.ts';
import type { StoryPageAnswers } from '../web/src/prerendered.ts';
import { currentUser, hasRole, type UserResolver } from './http/access.ts';
import { StoryHistoryNotFoundError } from './modules/stories/history.ts';

/**
 * Whom a story page is for, with its answers and what its link preview says; or why the server does not render it:
 * the maintenance page, or an unknown or hidden story (the app's 404).
 */
export type StoryPageData =
  | { audience: 'visitor' | 'signed-in'; answers: StoryPageAnswers; meta: StoryPageMeta }
  | { audience: 'maintenance' }
  | { audience: 'not-found' };

/** What a story page's link preview says (its Open Graph card): the server puts it in the page's head. */
export interface StoryPageMeta {
  title: string;
  description: string;
}

/** The services a story page's answers come from: those behind the API calls the page's app would make. */
export interface StoryPageSources {
  /** Whether the person asking is within the API's rate limit, as each of the page's API calls had to be. */
  withinRateLimit: (request: FastifyRequest) => Promise<boolean>;
  resolveUser: UserResolver;
  maintenanceMode: () => Promise<boolean>;
  /** The story's history, its snapshots packed as the page carries them. */
  history: (storyId: number) => Promise<PackedStoryHistory>;
  preferences: (userId: string) => Promise<Preferences>;
}

/** Reads a story page's data for the request asking for `/stories/{storyId}`. */
export type StoryPageReader = (request: FastifyRequest, storyId: number) => Promise<StoryPageData>;

/**
 * A story page's answers read from the services, as the API would give them to the person asking (the same rules:
 * the rate limit; during maintenance only admins get the page; a hidden story reads as an unknown one), without an
 * in-process HTTP call each: routing, hooks and the answer's validation, encoding and parsing back were most of the
 * HTTP thread's work for a page. test/story-page.test.ts checks the answers equal the API's, visitor and signed-in.
 */
export function storyPageReader(sources: StoryPageSources): StoryPageReader {
  const historyOrNull = (storyId: number) =>
    sources.history(storyId).catch((error: unknown) => {
      if (error instanceof StoryHistoryNotFoundError) return null;
      throw error;
    });
  return async (request, storyId) => {
    // As the API's answer of 429 did: the page is not rendered (the plain app is sent), and the reason logged.
    if (!(await sources.withinRateLimit(request))) throw new Error('over the rate limit: the story page is not rendered');
    const maintenanceMode = await sources.maintenanceMode();
    if (maintenanceMode && !hasRole(await currentUser(request, sources.resolveUser), 'admin')) return { audience: 'maintenance' };
    const [user, history] = await Promise.all([currentUser(request, sources.resolveUser), historyOrNull(storyId)]);
    if (!history) return { audience: 'not-found' };
    const preferences = user ? await sources.preferences(user.id) : null;
    return {
      audience: user ? 'signed-in' : 'visitor',
      answers: { user, maintenance: { maintenanceMode }, history, preferences },
      meta: storyPageMeta(history),
    };
  };
}

function storyPageMeta({ story, facts }: PackedStoryHistory): StoryPageMeta {
  const peak = facts.peak ? `, peak rank #${facts.peak.rank}` : '';
  const description = `${formatCount(story.score, 'point')}, ${formatCount(story.descendants, 'comment')}${story.domain ? ` on ${story.domain}` : ''}${peak}: its history, minute by minute, on HN Trends.`;
  return { title: story.title, description };
}
