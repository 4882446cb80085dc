import type pg from 'pg';
import type { StoryHistory } from '#common/contracts/story-history.ts';
import { SNAPSHOT_HOURLY_DAYS } from '#common/rules/maintenance.ts';
import { predictionScore, type PredictionConfidence } from '#common/rules/predictions.ts';
import { factsAt, historyDigest, historyResolution, resolutionLabel, type HistoryDigest } from '#common/rules/story-history.ts';
import { jsonColumnsSql, rowsOfColumns } from '../../db/json-columns.ts';
import { HttpError } from '../../http/errors.ts';
import { isoTime } from '#common/rules/iso-time.ts';
import { unpackSnapshots, type PackedSnapshots, type PackedStoryHistory } from '#common/rules/packed-history.ts';
import type { CardInput } from '../shares/og-image.ts';
import { DIGEST_IS_CURRENT_SQL, epochMs, pointsOfText, SNAPSHOTS_NOW_SQL, SNAPSHOTS_TEXT_SQL } from './history-digests.ts';
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

/** A story and its page's rows, newest first: the predictions as one JSON value column by column. */
interface HistoryRow extends StoryRow {
  top_rank: number | null;
  /** The story's history digest (JSON of a HistoryDigest) when it is current, else null. */
  digest: string | null;
  /** Without a current digest, the snapshots as SNAPSHOTS_TEXT_SQL writes them; null when none (or with one). */
  snapshots: string | null;
  predictions: unknown[][];
  keywords: string[] | null;
  /** How old snapshots are thinned: the thinning task's retention, or null while it is off. */
  retention_days: number | null;
}

type PredictionRow = [
  predictedAtMs: number,
  probability: number,
  confidence: PredictionConfidence | 'none',
  scoreAtPrediction: number,
  verifiedAtMs: number | null,
  scoreAtHorizon: number | null,
  accurate: boolean | null,
];

/**
 * One statement, so one round trip: the story, and only for a story that may be shown, its history digest when it
 * is current (history-digests.ts: a count of the story's snapshots in its index tells) or else its newest
 * HISTORY_MAX_SNAPSHOTS snapshots as text (SNAPSHOTS_TEXT_SQL, read only then: a CASE runs its subquery only when
 * taken), its latest predictions (predictions_story_idx), its keywords and the thinning task's retention. An unknown
 * or hidden story costs one primary-key lookup and reads nothing of its history.
 */
const HISTORY_SQL = `
  SELECT s.id, s.hn_id, s.title, s.url, s.score, s.descendants, s.by, s.time, s.domain, s.score_velocity,
         s.comments_velocity, s.trending_score, s.prediction_probability, s.top_rank, s.synthetic,
         CASE WHEN ${DIGEST_IS_CURRENT_SQL} THEN d.digest END AS digest,
         CASE WHEN d.story_id IS NULL OR NOT (${DIGEST_IS_CURRENT_SQL}) THEN ${SNAPSHOTS_TEXT_SQL} END AS snapshots,
         (SELECT ${jsonColumnsSql('p', ['at', 'probability', 'confidence', 'score_at_prediction', 'verified_at', 'score_at_horizon', 'accurate'])}
            FROM (SELECT ${epochMs('predicted_at')} AS at, probability, confidence, score_at_prediction,
                         ${epochMs('verified_at')} AS verified_at, score_at_horizon, accurate
                    FROM predictions WHERE story_id = s.id ORDER BY predicted_at DESC LIMIT ${PREDICTIONS_SHOWN}) p) AS predictions,
         (SELECT json_agg(w.display)
            FROM (SELECT k.display FROM story_keywords sk JOIN keywords k ON k.id = sk.keyword_id
                   WHERE sk.story_id = s.id ORDER BY k.display LIMIT ${KEYWORDS_SHOWN}) w) AS keywords,
         (SELECT retention_days FROM maintenance_tasks WHERE task_name = 'thin_snapshots' AND enabled) AS retention_days
    FROM stories s
    CROSS JOIN ${SNAPSHOTS_NOW_SQL}
    LEFT JOIN story_history_digests d ON d.story_id = s.id
   WHERE s.id = $1 AND ${visibleStory('s')}`;

const isoOrNull = (ms: number | null) => (ms === null ? null : isoTime(ms));

/**
 * A story's page data (GET /api/stories/{id}/history, and the page /stories/{id} the server renders from it). Each
 * part of its statement reads one story's rows through an index whose first column is the story (the snapshots' and
 * keywords' primary keys, predictions_story_idx), so its cost follows the story's own history, never the tables' size.
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

  /** The story's history as the API answers it. */
  async history(storyId: number): Promise<StoryHistory> {
    const { chart, ...rest } = await this.read(storyId);
    return { ...rest, snapshots: unpackSnapshots(chart) };
  }

  /** The same, its snapshots packed (for the page the server renders: no time written as text to be read back). */
  async packedHistory(storyId: number): Promise<PackedStoryHistory> {
    const { chart, ...rest } = await this.read(storyId);
    return { ...rest, packedSnapshots: chart };
  }

  private async read(storyId: number): Promise<Omit<StoryHistory, 'snapshots'> & { chart: PackedSnapshots }> {
    const result = await this.pool.query<HistoryRow>({ name: 'story-history', text: HISTORY_SQL, values: [storyId] });
    const story = result.rows[0];
    if (!story) throw new StoryHistoryNotFoundError();

    const digest: HistoryDigest = story.digest === null ? historyDigest(pointsOfText(story.snapshots, story.time), story.time) : (JSON.parse(story.digest) as HistoryDigest);
    const newest = digest.facts.newest;
    // To the minute, as the story's facts count it, so the answer reads the same to everyone within a minute and
    // nothing in it looks personal to a cache; never before the newest snapshot, which would make durations negative.
    const nowMs = Math.max(Math.floor(this.now() / 60_000) * 60_000, newest?.timeMs ?? 0);
    const stillListed = newest !== null && newest.rank !== null && newest.rank === story.top_rank;
    const facts = factsAt(digest.facts, stillListed ? nowMs : null);
    const { markers } = digest;
    const resolution = historyResolution(facts.firstSeenMs, nowMs, story.retention_days, SNAPSHOT_HOURLY_DAYS, digest.sliceMinutes);

    return {
      asOf: isoTime(nowMs),
      story: { ...presentStory(story, nowMs), rank: story.top_rank },
      chart: digest.chart,
      markers: markers.map((marker) => ({ kind: marker.kind, time: isoTime(marker.timeMs), rank: marker.rank })),
      facts: {
        firstSeen: isoOrNull(facts.firstSeenMs),
        minutesToFrontPage: facts.minutesToFrontPage,
        peak: facts.peak && { rank: facts.peak.rank, time: isoTime(facts.peak.timeMs) },
        minutesOnFrontPage: facts.minutesOnFrontPage,
        now: { pointsPerHour: story.score_velocity, commentsPerHour: story.comments_velocity },
        atPeak: facts.atPeak,
        heat: facts.heat.map((change) => ({ level: change.level, time: isoTime(change.timeMs) })),
      },
      resolution: {
        hourlyBefore: isoOrNull(resolution.hourlyBeforeMs),
        dailyBefore: isoOrNull(resolution.dailyBeforeMs),
        sliceMinutes: resolution.sliceMinutes,
        label: resolutionLabel(resolution),
      },
      predictions: rowsOfColumns<PredictionRow>(story.predictions)
        .reverse()
        .map(([predictedAtMs, probability, confidence, scoreAtPrediction, verifiedAtMs, scoreAtHorizon, accurate]) => ({
          predictedAt: isoTime(predictedAtMs),
          predictionScore: predictionScore(probability),
          confidence: confidence === 'none' ? null : confidence,
          scoreAtPrediction,
          verifiedAt: isoOrNull(verifiedAtMs),
          scoreAtHorizon,
          // The ledger's own verdict, filled once by its verification.
          outcome: accurate === null ? 'pending' : accurate ? 'accurate' : 'inaccurate',
        })),
      keywords: story.keywords ?? [],
    };
  }
}
