import type pg from 'pg';
import type { FeedFormat, PrivateFeed, PrivateFeedQuery } from '#common/contracts/feeds.ts';
import type { Story } from '#common/contracts/stories.ts';
import { feedQueryHider } from '#common/rules/feed-query.ts';
import { storyPagePath } from '#common/rules/links.ts';
import { foldText, containsWholeWords, type MuteMatcher } from '#common/rules/mutes.ts';
import { PREDICTION_HORIZON_HOURS, PREDICTION_TARGET_POINTS } from '#common/rules/predictions.ts';
import { watchChange, watchChangeNote } from '#common/rules/watch-change.ts';
import { STORY_COLUMNS, storyRowOf, type WithStory } from '../bookmarks/story-lookup.ts';
import { mutesOf } from '../mutes/service.ts';
import { presentStory } from '../stories/presenter.ts';
import { listedStory, visibleStory } from '../stories/visibility.ts';
import { builtFeed, describeFilters, escapeHtml, feedDocument, storyItem, type BuiltFeed, type FeedsService } from './service.ts';
import type { FeedItem } from './writer.ts';

/** How many of a person's newest rows a private feed reads, at most, to find `count` its filters keep. */
const PRIVATE_SCAN_LIMIT = 500;

/** What a private feed's source gives: its items, and when its rows last changed (null: none). */
interface Found {
  items: FeedItem[];
  changedAt: Date | null;
}

const FEED_TEXTS: Record<PrivateFeed, { title: string; description: string; homePath: string }> = {
  bookmarks: { title: 'Your bookmarks', description: 'The stories you bookmarked on HN Trends, the latest first.', homePath: '/bookmarks' },
  watches: {
    title: 'Your watched stories',
    description: 'Each change of heat status (Trending, Rising, Hot, Viral) of the stories you watch on HN Trends.',
    homePath: '/watched-stories',
  },
  alerts: { title: 'Your keyword alerts', description: 'The newest stories whose titles mention the keywords of your active alerts.', homePath: '/keywords' },
  predictions: {
    title: 'Calls to trend',
    description: `Each story the model calls "will trend" (${PREDICTION_TARGET_POINTS} points within ${PREDICTION_HORIZON_HOURS} hours) as the call is made, updated with its outcome when it settles.`,
    homePath: '/predictions',
  },
};

/**
 * A person's private feeds (docs/feeds.md, "Private feeds"), opened by their feed token: their bookmarks, the status
 * changes of their watched stories, the stories of their keyword alerts, and the calls to trend. Each is read from
 * the database on every request that is not answered 304 (they are small and the person's own), their muting rules
 * and the feed's parameters applied.
 */
export class PrivateFeedsService {
  constructor(
    private readonly deps: {
      pool: pg.Pool;
      feeds: FeedsService;
      baseUrl: string;
    },
  ) {}

  async feed(userId: string, name: PrivateFeed, query: PrivateFeedQuery, format: FeedFormat, selfPath: string): Promise<BuiltFeed> {
    const [{ freshness, note, nowMs, dataDate }, mutes] = await Promise.all([this.deps.feeds.state(), mutesOf(this.deps.pool, userId)]);
    const hider = feedQueryHider(query.q, { alsoHides: mutes.matcher });
    const keeps = (story: Story) => story.score >= query.points && story.descendants >= query.comments && !hider.hidesId(story.id) && !hider.mutes(story);
    const found = await this.sources[name](userId, query, keeps, hider, nowMs);
    // Last-Modified: the later of the stories' date and the person's own last change (a bookmark, a status change).
    const updated = found.changedAt && found.changedAt > dataDate ? found.changedAt : dataDate;
    const texts = FEED_TEXTS[name];
    const { baseUrl } = this.deps;
    const document = feedDocument(
      { title: `${texts.title}${describeFilters(query)}`, description: texts.description, homeUrl: `${baseUrl}${texts.homePath}`, selfPath, items: found.items },
      baseUrl,
      updated,
      freshness,
      note,
    );
    return builtFeed(document, format);
  }

  private readonly sources: Record<PrivateFeed, (userId: string, query: PrivateFeedQuery, keeps: (story: Story) => boolean, hider: MuteMatcher, nowMs: number) => Promise<Found>> = {
    /** The bookmarked stories, each dated when it was bookmarked. */
    bookmarks: async (userId, query, keeps, _hider, nowMs) => {
      const rows = await this.deps.pool.query<WithStory<{ created_at: Date }>>(
        `SELECT b.created_at, ${STORY_COLUMNS} FROM bookmarks b JOIN stories s ON s.id = b.story_id
          WHERE b.user_id = $1 AND ${visibleStory('s')} ORDER BY b.created_at DESC, b.id DESC LIMIT ${PRIVATE_SCAN_LIMIT}`,
        [userId],
      );
      const items = rows.rows
        .map((row) => ({ row, story: presentStory(storyRowOf(row), nowMs) }))
        .filter(({ story }) => keeps(story))
        .slice(0, query.count)
        .map(({ row, story }) => ({ ...storyItem(story, this.deps.baseUrl, query.link, query.description), published: row.created_at, updated: row.created_at }));
      return { items, changedAt: rows.rows[0]?.created_at ?? null };
    },

    /** Each recorded status change of a watched story (server/hn/watch-status.ts), the latest first. */
    watches: async (userId, query, keeps, _hider, nowMs) => {
      const rows = await this.deps.pool.query<WithStory<{ change_id: string; from_status: string; to_status: string; changed_at: Date }>>(
        `SELECT c.id AS change_id, c.from_status, c.to_status, c.changed_at, ${STORY_COLUMNS}
           FROM watch_status_changes c JOIN stories s ON s.id = c.story_id
          WHERE c.user_id = $1 AND ${visibleStory('s')} ORDER BY c.changed_at DESC, c.id DESC LIMIT ${PRIVATE_SCAN_LIMIT}`,
        [userId],
      );
      const items: FeedItem[] = [];
      for (const row of rows.rows) {
        const story = presentStory(storyRowOf(row), nowMs);
        const change = watchChange(row.from_status, row.to_status);
        if (change === null || !keeps(story)) continue;
        const item = storyItem(story, this.deps.baseUrl, query.link, query.description);
        const note = watchChangeNote(change);
        items.push({
          ...item,
          id: `${this.deps.baseUrl}/watched-stories#change-${row.change_id}`,
          title: `${note}: ${story.title}`,
          html: item.html === null ? null : `<p>${escapeHtml(note)}</p>${item.html}`,
          text: query.description ? `${note}. ${item.text}` : '',
          published: row.changed_at,
          updated: row.changed_at,
        });
        if (items.length === query.count) break;
      }
      return { items, changedAt: rows.rows[0]?.changed_at ?? null };
    },

    /** The newest stories mentioning an active alert's keyword (as the keyword's feed finds them), tagged with it. */
    alerts: async (userId, query, _keeps, hider) => {
      const alerts = await this.deps.pool.query<{ keyword: string; created_at: Date }>(
        'SELECT keyword, created_at FROM keyword_alerts WHERE user_id = $1 AND is_active ORDER BY created_at DESC',
        [userId],
      );
      const keywords = alerts.rows.map((row) => row.keyword);
      const stories = keywords.length === 0 ? [] : await this.deps.feeds.storiesMentioning(keywords, query, hider);
      const items = stories.map((story) => {
        const title = foldText(story.title);
        return { ...storyItem(story, this.deps.baseUrl, query.link, query.description), tags: keywords.filter((keyword) => containsWholeWords(title, foldText(keyword))) };
      });
      return { items, changedAt: alerts.rows[0]?.created_at ?? null };
    },

    /** Each call to trend as it was made, its title and date changing once it settles. */
    predictions: async (_userId, query, keeps, _hider, nowMs) => {
      const rows = await this.deps.pool.query<
        WithStory<{ called_at: Date; probability: number; confidence: string; score_at_call: number; settled_at: Date | null; call_reached: boolean | null; reached_at: Date | null }>
      >({
        name: 'feed-prediction-calls',
        text: `SELECT c.called_at, c.probability, c.confidence, c.score_at_call, c.settled_at, c.call_reached, c.reached_at, ${STORY_COLUMNS}
                 FROM prediction_calls c JOIN stories s ON s.id = c.story_id
                WHERE c.called_at IS NOT NULL AND ${listedStory('s')} ORDER BY c.called_at DESC, c.story_id DESC LIMIT ${PRIVATE_SCAN_LIMIT}`,
      });
      const items: FeedItem[] = [];
      let changedAt: Date | null = null;
      for (const row of rows.rows) {
        const updated = row.settled_at ?? row.called_at;
        if (changedAt === null || updated > changedAt) changedAt = updated;
        const story = presentStory(storyRowOf(row), nowMs);
        if (items.length === query.count || !keeps(story)) continue;
        const item = storyItem(story, this.deps.baseUrl, query.link, query.description);
        const percent = Math.round(row.probability * 100);
        const call = `Called to trend at ${percent} % (${row.confidence} confidence) with ${row.score_at_call} points.`;
        const outcome =
          row.settled_at === null
            ? `Not settled yet: it has ${PREDICTION_HORIZON_HOURS} hours to reach ${PREDICTION_TARGET_POINTS} points.`
            : row.call_reached
              ? `Came true: it reached ${PREDICTION_TARGET_POINTS} points${row.reached_at ? ` at ${row.reached_at.toISOString().replace(/\.\d{3}Z$/, 'Z')}` : ''}.`
              : `Did not come true: it did not reach ${PREDICTION_TARGET_POINTS} points within ${PREDICTION_HORIZON_HOURS} hours.`;
        const status = row.settled_at === null ? 'Will trend' : row.call_reached ? 'Trended' : 'Did not trend';
        items.push({
          ...item,
          id: `${this.deps.baseUrl}${storyPagePath(story.id)}#call`,
          title: `${status}: ${story.title}`,
          html: item.html === null ? null : `<p>${escapeHtml(call)} ${escapeHtml(outcome)}</p>${item.html}`,
          text: query.description ? `${call} ${outcome}` : '',
          published: row.called_at,
          updated,
          tags: [status],
        });
      }
      return { items, changedAt };
    },
  };
}
