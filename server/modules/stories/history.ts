import type pg from 'pg';
import type { StoryHistory } from '#common/contracts/story-history.ts';
import { SNAPSHOT_HOURLY_DAYS } from '#common/rules/maintenance.ts';
import { predictionScore, type PredictionConfidence } from '#common/rules/predictions.ts';
import {
  HISTORY_MAX_SNAPSHOTS,
  historyFacts,
  historyMarkers,
  historyResolution,
  resolutionLabel,
  thinForChart,
  type HistoryPoint,
} from '#common/rules/story-history.ts';
import { HttpError } from '../../http/errors.ts';
import type { CardInput } from '../shares/og-image.ts';
import { presentStory } from './presenter.ts';
import type { StoryRow } from './queries.ts';
import { visibleStory } from './visibility.ts';

/** The ledger's rows a story page shows: the latest this many (a story's prediction changes a few times a day). */
const PREDICTIONS_SHOWN = 100;
const KEYWORDS_SHOWN = 20;

/** An unknown story and one moderators hid read the same: nothing says a hidden story exists. */
export class StoryHistoryNotFoundError extends HttpError {
  constructor() {
    super(404, 'Story not found: no story has this id, or it is no longer shown.');
  }
}

interface HistoryStoryRow extends StoryRow {
  top_rank: number | null;
}

interface SnapshotRow {
  sampled_at: Date;
  score: number;
  descendants: number;
  top_rank: number | null;
}

interface PredictionRow {
  predicted_at: Date;
  probability: number;
  confidence: PredictionConfidence | 'none';
  score_at_prediction: number;
  verified_at: Date | null;
  score_at_horizon: number | null;
  accurate: boolean | null;
}

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/**
 * A story's page data (GET /api/stories/{id}/history, and the page /stories/{id} the server renders from it). Every
 * statement reads one story's rows through an index whose first column is the story (the snapshots' and keywords'
 * primary keys, predictions_story_idx), so its cost follows the story's own history, never the tables' size.
 */
export class StoryHistoryService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  /** What the story's preview card shows (its Open Graph image), or a 404 as the history gives. */
  async card(storyId: number): Promise<CardInput> {
    const result = await this.pool.query<CardInput>({
      name: 'story-history-card',
      text: `SELECT s.title, s.domain, s.score, s.descendants AS comments, s.synthetic FROM stories s WHERE s.id = $1 AND ${visibleStory('s')}`,
      values: [storyId],
    });
    const row = result.rows[0];
    if (!row) throw new StoryHistoryNotFoundError();
    return row;
  }

  async history(storyId: number): Promise<StoryHistory> {
    // The story first: an unknown or hidden one costs one primary-key lookup and reads nothing of its history.
    const storyResult = await this.pool.query<HistoryStoryRow>({
      name: 'story-history-story',
      text: `SELECT s.id, s.hn_id, s.title, s.url, s.score, s.descendants, s.by, s.time, s.domain, s.score_velocity,
                    s.comments_velocity, s.trending_score, s.prediction_probability, s.top_rank, s.synthetic
               FROM stories s WHERE s.id = $1 AND ${visibleStory('s')}`,
      values: [storyId],
    });
    const story = storyResult.rows[0];
    if (!story) throw new StoryHistoryNotFoundError();

    const [snapshots, predictions, keywords, retention] = await Promise.all([
      // The newest HISTORY_MAX_SNAPSHOTS, read backwards along the primary key (story_id, sampled_at).
      this.pool.query<SnapshotRow>({
        name: 'story-history-snapshots',
        text: `SELECT sampled_at, score, descendants, top_rank FROM story_snapshots
                WHERE story_id = $1 ORDER BY sampled_at DESC LIMIT ${HISTORY_MAX_SNAPSHOTS}`,
        values: [storyId],
      }),
      this.pool.query<PredictionRow>({
        name: 'story-history-predictions',
        text: `SELECT predicted_at, probability, confidence, score_at_prediction, verified_at, score_at_horizon, accurate
                 FROM predictions WHERE story_id = $1 ORDER BY predicted_at DESC LIMIT ${PREDICTIONS_SHOWN}`,
        values: [storyId],
      }),
      this.pool.query<{ display: string }>({
        name: 'story-history-keywords',
        text: `SELECT k.display FROM story_keywords sk JOIN keywords k ON k.id = sk.keyword_id
                WHERE sk.story_id = $1 ORDER BY k.display LIMIT ${KEYWORDS_SHOWN}`,
        values: [storyId],
      }),
      // How old snapshots are thinned: the thinning task's retention, or none while it is off.
      this.pool.query<{ retention_days: number }>({
        name: 'story-history-retention',
        text: `SELECT retention_days FROM maintenance_tasks WHERE task_name = 'thin_snapshots' AND enabled`,
      }),
    ]);

    const points: HistoryPoint[] = snapshots.rows.reverse().map((row) => ({
      timeMs: row.sampled_at.getTime(),
      score: row.score,
      comments: row.descendants,
      rank: row.top_rank,
    }));
    const last = points.at(-1);
    // To the minute, as the story's facts count it, so the answer reads the same to everyone within a minute and
    // nothing in it looks personal to a cache; never before the newest snapshot, which would make durations negative.
    const nowMs = Math.max(Math.floor(this.now() / 60_000) * 60_000, last?.timeMs ?? 0);
    const stillListed = last !== undefined && last.rank !== null && last.rank === story.top_rank;
    const facts = historyFacts(points, story.time, stillListed ? nowMs : null);
    const markers = historyMarkers(points);
    const chart = thinForChart(points, markers);
    const resolution = historyResolution(facts.firstSeenMs, nowMs, retention.rows[0]?.retention_days ?? null, SNAPSHOT_HOURLY_DAYS, chart.sliceMinutes);

    return {
      asOf: iso(nowMs),
      story: { ...presentStory(story, nowMs), rank: story.top_rank },
      snapshots: chart.points.map((point) => ({ time: iso(point.timeMs), score: point.score, comments: point.comments, rank: point.rank })),
      markers: markers.map((marker) => ({ kind: marker.kind, time: iso(marker.timeMs), rank: marker.rank })),
      facts: {
        firstSeen: isoOrNull(facts.firstSeenMs),
        minutesToFrontPage: facts.minutesToFrontPage,
        peak: facts.peak && { rank: facts.peak.rank, time: iso(facts.peak.timeMs) },
        minutesOnFrontPage: facts.minutesOnFrontPage,
        now: { pointsPerHour: story.score_velocity, commentsPerHour: story.comments_velocity },
        atPeak: facts.atPeak,
        heat: facts.heat.map((change) => ({ level: change.level, time: iso(change.timeMs) })),
      },
      resolution: {
        hourlyBefore: isoOrNull(resolution.hourlyBeforeMs),
        dailyBefore: isoOrNull(resolution.dailyBeforeMs),
        sliceMinutes: resolution.sliceMinutes,
        label: resolutionLabel(resolution),
      },
      predictions: predictions.rows.reverse().map((row) => ({
        predictedAt: row.predicted_at.toISOString(),
        predictionScore: predictionScore(row.probability),
        confidence: row.confidence === 'none' ? null : row.confidence,
        scoreAtPrediction: row.score_at_prediction,
        verifiedAt: row.verified_at?.toISOString() ?? null,
        scoreAtHorizon: row.score_at_horizon,
        // The ledger's own verdict, filled once by its verification.
        outcome: row.accurate === null ? 'pending' : row.accurate ? 'accurate' : 'inaccurate',
      })),
      keywords: keywords.rows.map((row) => row.display),
    };
  }
}
