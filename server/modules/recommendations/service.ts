import type pg from 'pg';
import type { RecommendationsResponse } from '#common/contracts/recommendations.ts';
import { loadAliases } from '../keywords/ingest.ts';
import { mutesOf } from '../mutes/service.ts';
import { presentStory } from '../stories/presenter.ts';
import type { StoryRow } from '../stories/queries.ts';
import { listedStory, visibleStory } from '../stories/visibility.ts';
import { buildProfile, recommend, type SignalStory } from './scoring.ts';

/**
 * GET /api/recommendations (docs/recommendations.md). Bounded cost: at most SIGNALS_PER_SOURCE of each kind of
 * signal, and candidates from the stories of the last CANDIDATE_DAYS with at least CANDIDATE_MIN_SCORE points, the
 * newest CANDIDATE_LIMIT of them, read on the lists' time index (stories_time_idx: its entries carry the time and the
 * score, and hold only listed stories). Title keywords are extracted once per title (scoring.ts).
 */
export const SIGNALS_PER_SOURCE = 200;
export const CANDIDATE_DAYS = 7;
export const CANDIDATE_MIN_SCORE = 3;
export const CANDIDATE_LIMIT = 3000;

interface SignalRow {
  source: SignalStory['source'];
  story_id: number;
  title: string;
  domain: string;
  by: string;
  at: Date;
}

export class RecommendationsService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  async forPerson(userId: string, limit: number): Promise<RecommendationsResponse> {
    const nowMs = this.now();
    const nowSeconds = Math.floor(nowMs / 1000);
    const signalsOf = (source: SignalStory['source'], table: string, at: string) =>
      `(SELECT '${source}' AS source, s.id AS story_id, s.title, s.domain, s.by, x.${at} AS at
          FROM ${table} x JOIN stories s ON s.id = x.story_id
         WHERE x.user_id = $1 AND ${visibleStory('s')}
         ORDER BY x.${at} DESC LIMIT ${SIGNALS_PER_SOURCE})`;
    const [signals, alerts, aliases, mutes, candidates] = await Promise.all([
      this.pool.query<SignalRow>(
        `${signalsOf('bookmark', 'bookmarks', 'created_at')} UNION ALL ${signalsOf('watch', 'story_watches', 'created_at')} UNION ALL ${signalsOf('note', 'story_notes', 'updated_at')}`,
        [userId],
      ),
      this.pool.query<{ keyword: string }>(`SELECT keyword FROM keyword_alerts WHERE user_id = $1 AND is_active ORDER BY id`, [userId]),
      loadAliases(this.pool),
      mutesOf(this.pool, userId),
      this.pool.query<StoryRow>({
        name: 'recommendation-candidates',
        text: `SELECT id, hn_id, title, url, score, descendants, by, time, domain, score_velocity, comments_velocity, trending_score, synthetic
                 FROM stories WHERE ${listedStory()} AND time >= $1 AND score >= $2
                ORDER BY time DESC, id DESC LIMIT $3`,
        values: [nowSeconds - CANDIDATE_DAYS * 86_400, CANDIDATE_MIN_SCORE, CANDIDATE_LIMIT],
      }),
    ]);
    const signalStories: SignalStory[] = signals.rows.map((row) => ({
      source: row.source,
      storyId: row.story_id,
      title: row.title,
      domain: row.domain,
      by: row.by,
      at: Math.floor(row.at.getTime() / 1000),
    }));
    const profile = buildProfile(signalStories, alerts.rows, aliases, nowSeconds);
    const exclude = new Set(signalStories.map((signal) => signal.storyId));
    const shown = candidates.rows.filter((row) => !mutes.matcher.mutes(row));
    const picked = recommend(profile, shown, aliases, limit, exclude);
    const count = (source: SignalStory['source']) => signalStories.filter((signal) => signal.source === source).length;
    return {
      recommendations: picked.map(({ candidate, score, reasons }) => ({ story: presentStory(candidate, nowMs), score: Math.round(score * 1000) / 1000, reasons })),
      basedOn: { bookmarks: count('bookmark'), watches: count('watch'), notes: count('note'), alerts: alerts.rows.length },
      candidates: shown.length,
    };
  }
}
