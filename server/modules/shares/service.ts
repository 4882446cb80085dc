import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { SharedLink } from '#common/contracts/actions.ts';
import type { Story } from '#common/contracts/stories.ts';
import { storyLinkUrl } from '#common/rules/links.ts';
import { titleSlug } from '#common/rules/slug.ts';
import { requireStory, STORY_COLUMNS, storyRowOf, type WithStory } from '../bookmarks/story-lookup.ts';
import { presentStory } from '../stories/presenter.ts';
import { StoryRemovedError, visibleStory } from '../stories/visibility.ts';
import type { CardInput } from './og-image.ts';

/** 32 random bytes: 256 bits, 43 characters of base64url. */
const TOKEN_BYTES = 32;
/** The newest share links a person sees in /api/my-shared-links. */
export const MY_SHARED_LINKS_LIMIT = 100;

export class SharedLinkNotFoundError extends Error {
  readonly statusCode = 404;
  constructor() {
    super('Share link not found');
  }
}

type LinkRow = WithStory<{
  id: number;
  /** visibleStory: false once moderators removed the story, and the link then shows nothing of it. */
  visible: boolean;
  share_token: string;
  custom_title: string | null;
  custom_description: string | null;
  view_count: number;
  article_clicks: number;
  comments_clicks: number;
  created_at: Date;
}>;

const LINK_COLUMNS = `l.id, l.share_token, l.custom_title, l.custom_description, l.view_count, l.article_clicks, l.comments_clicks,
  l.created_at, ${visibleStory('s')} AS visible, ${STORY_COLUMNS}`;


export function newShareToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The address of a share page: /share/{token}/{slug of the story's title}, or /share/{token} when the slug is empty. */
export function sharePath(token: string, title: string): string {
  const slug = titleSlug(title);
  return `/share/${token}${slug ? `/${encodeURIComponent(slug)}` : ''}`;
}

export interface ShareView {
  story: Story;
  customTitle: string | null;
  customDescription: string | null;
  user: { displayName: string };
  createdAt: string;
}

export class SharesService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
    private readonly baseUrl: string,
  ) {}

  private present(row: LinkRow, nowMs: number): SharedLink {
    return {
      id: row.id,
      shareToken: row.share_token,
      shareUrl: `${this.baseUrl}${sharePath(row.share_token, row.title)}`,
      storyId: row.story_id,
      story: presentStory(storyRowOf(row), nowMs),
      customTitle: row.custom_title,
      customDescription: row.custom_description,
      viewCount: row.view_count,
      articleClicks: row.article_clicks,
      commentsClicks: row.comments_clicks,
      createdAt: row.created_at.toISOString(),
    };
  }

  /** A 410 for a story moderators removed (requireStory): no new way to reach it. */
  async create(userId: string, input: { storyId: number; customTitle: string | null; customDescription: string | null }): Promise<SharedLink> {
    const story = await requireStory(this.pool, input.storyId);
    const result = await this.pool.query<Omit<LinkRow, keyof WithStory<object>>>(
      `INSERT INTO shared_links (share_token, user_id, story_id, custom_title, custom_description) VALUES ($1, $2, $3, $4, $5)
       RETURNING id, share_token, custom_title, custom_description, view_count, article_clicks, comments_clicks, created_at`,
      [newShareToken(), userId, input.storyId, input.customTitle, input.customDescription],
    );
    return this.present({ ...story, ...result.rows[0]!, visible: true }, this.now());
  }

  /** The person's links; those of stories moderators removed are left out (they come back if the story is shown again). */
  async mine(userId: string): Promise<SharedLink[]> {
    const result = await this.pool.query<LinkRow>(
      `SELECT ${LINK_COLUMNS} FROM shared_links l JOIN stories s ON s.id = l.story_id
        WHERE l.user_id = $1 AND ${visibleStory('s')} ORDER BY l.created_at DESC, l.id DESC LIMIT $2`,
      [userId, MY_SHARED_LINKS_LIMIT],
    );
    const nowMs = this.now();
    return result.rows.map((row) => this.present(row, nowMs));
  }

  /** Today (UTC) as the service's clock has it: the day views and clicks are counted in, and viewer keys scoped to. */
  today(): string {
    return new Date(this.now()).toISOString().slice(0, 10);
  }

  /**
   * The shared story, counting a view once per viewer per day (UTC): the first view of the day adds to the count and
   * records an event, in one statement; later ones read the story and count nothing. `viewer` is an opaque key.
   * A link to a story moderators removed counts nothing and answers 410.
   */
  async view(token: string, viewer: string): Promise<ShareView> {
    const day = this.today();
    const result = await this.pool.query<LinkRow & { display_name: string }>(
      `WITH first_today AS (
         INSERT INTO shared_link_daily_views (shared_link_id, day, viewer)
         SELECT l.id, $2::date, $3 FROM shared_links l JOIN stories s ON s.id = l.story_id WHERE l.share_token = $1 AND ${visibleStory('s')}
         ON CONFLICT DO NOTHING RETURNING shared_link_id
       ), counted AS (
         UPDATE shared_links SET view_count = view_count + 1, last_viewed_at = now() WHERE id IN (SELECT shared_link_id FROM first_today) RETURNING id
       ), e AS (
         INSERT INTO shared_link_events (shared_link_id, event_type) SELECT id, 'view' FROM counted
       )
       SELECT ${LINK_COLUMNS}, coalesce(nullif(u.display_name, ''), u.handle) AS display_name
         FROM shared_links l JOIN stories s ON s.id = l.story_id JOIN users u ON u.id = l.user_id
        WHERE l.share_token = $1`,
      [token, day, viewer],
    );
    const row = result.rows[0];
    if (!row) throw new SharedLinkNotFoundError();
    if (!row.visible) throw new StoryRemovedError();
    return {
      story: presentStory(storyRowOf(row), this.now()),
      customTitle: row.custom_title,
      customDescription: row.custom_description,
      user: { displayName: row.display_name },
      createdAt: row.created_at.toISOString(),
    };
  }

  /**
   * Counts a click on Read Article or View Comments once per viewer, link, kind and day, and only from a viewer whose
   * view of the link was counted that day: a click no one saw the page for, or a repeated one, counts nothing.
   */
  async click(token: string, clickType: 'article' | 'comments', viewer: string): Promise<void> {
    const column = clickType === 'article' ? 'article_clicks' : 'comments_clicks';
    const result = await this.pool.query<{ found: boolean }>(
      `WITH link AS (SELECT id FROM shared_links WHERE share_token = $1), first_today AS (
         INSERT INTO shared_link_daily_clicks (shared_link_id, day, viewer, click_type)
         SELECT l.id, $3::date, $4, $2 FROM link l
          WHERE EXISTS (SELECT 1 FROM shared_link_daily_views v WHERE v.shared_link_id = l.id AND v.day = $3::date AND v.viewer = $4)
         ON CONFLICT DO NOTHING RETURNING shared_link_id
       ), counted AS (
         UPDATE shared_links SET ${column} = ${column} + 1 WHERE id IN (SELECT shared_link_id FROM first_today) RETURNING id
       ), e AS (
         INSERT INTO shared_link_events (shared_link_id, event_type) SELECT id, 'click_' || $2 FROM counted
       )
       SELECT EXISTS (SELECT 1 FROM link) AS found`,
      [token, clickType, this.today(), viewer],
    );
    if (!result.rows[0]!.found) throw new SharedLinkNotFoundError();
  }

  /**
   * What the preview card and the page's meta tags show; counts nothing. Null for an unknown token; a
   * StoryRemovedError for a story moderators removed.
   */
  async preview(token: string): Promise<(CardInput & { description: string | null; storyUrl: string; hnId: number; path: string }) | null> {
    const result = await this.pool.query<LinkRow>(`SELECT ${LINK_COLUMNS} FROM shared_links l JOIN stories s ON s.id = l.story_id WHERE l.share_token = $1`, [
      token,
    ]);
    const row = result.rows[0];
    if (!row) return null;
    if (!row.visible) throw new StoryRemovedError();
    return {
      title: row.custom_title ?? row.title,
      description: row.custom_description,
      domain: row.domain,
      score: row.score,
      comments: row.descendants,
      synthetic: row.synthetic,
      storyUrl: storyLinkUrl({ url: row.url, hnId: row.hn_id }),
      hnId: row.hn_id,
      path: sharePath(row.share_token, row.title),
    };
  }
}
