import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { Accuracy, DomainEntry, PredictionList, PredictionListQuery, PredictionOutcome, PredictionUpdate, TrendEntry } from '#common/contracts/predictions.ts';
import {
  accuracyPercent,
  DOMAINS_SHOWN,
  OUTCOMES_SHOWN,
  PREDICTION_CONFIDENCES,
  predictionScore,
  predictsTrend,
  TREND_CALL_THRESHOLD,
  TREND_WINDOW_DAYS,
} from '#common/rules/predictions.ts';
import { whileNoOtherCycleRuns } from '../../hn/ingest.ts';
import { ListCache } from '../stories/cache.ts';
import { NO_PERSON_MUTES, type PersonMutes } from '../mutes/service.ts';
import { heatLevel } from '#common/rules/heat.ts';
import { isWithinDomain } from '#common/rules/mutes.ts';
import { presentStory } from '../stories/presenter.ts';
import {
  hourStart,
  selectAccuracy,
  selectCallFigures,
  selectCurrentPredictions,
  selectDailyCalls,
  selectDailySums,
  selectOutcomes,
  selectPredictionGeneration,
  selectPredictionPage,
  selectTopDomains,
  type OutcomeRow,
  type PredictionPageRow,
} from './queries.ts';
import { runPredictions } from './scoring.ts';

/** An update within this many seconds of the last run's start joins that run instead of starting one. */
export const UPDATE_COALESCE_SECONDS = 30;
const UPDATE_WAIT_MS = 30_000;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

interface RunRow {
  id: number;
  started_at: Date;
  finished_at: Date | null;
  stories_scored: number;
  predictions_recorded: number;
  predictions_verified: number;
  error: string | null;
}

export class PredictionsService {
  private readonly cache: ListCache;

  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {
    this.cache = new ListCache(() => selectPredictionGeneration(pool), {
      generationTtlMs: 1000,
      // Ages move on (hours elapsed, the 6-hour window) even when no run finishes.
      maxAgeMs: 60_000,
      maxEntries: 200,
      now: Date.now,
    });
  }

  /**
   * GET /api/stories/predictions, as JSON text. With a domain, a heat level or muting rules, the page is made from
   * every current prediction, filtered here (the rules and the heat are the lists' own: common/rules/).
   */
  listPage(query: PredictionListQuery, mutes: PersonMutes = NO_PERSON_MUTES): Promise<string> {
    const filtered = query.domain !== undefined || query.heat !== undefined || mutes.matcher.size > 0;
    if (filtered) {
      const key = `list?${query.view}&${query.page}&${query.limit}&${query.domain ?? ''}&${query.heat ?? ''}&${query.showMuted ? 1 : 0}&${mutes.key}`;
      return this.cache.get(key, () => this.filteredPage(query, mutes));
    }
    return this.cache.get(`list?${query.view}&${query.page}&${query.limit}`, async () => {
      const nowMs = this.now();
      const { rows, calls, notExpected, high, medium, low } = await selectPredictionPage(this.pool, query, nowMs, TREND_CALL_THRESHOLD);
      return JSON.stringify(presentPredictionList(query, rows, { calls, notExpected, high, medium, low, hidden: 0 }, nowMs));
    });
  }

  private async filteredPage(query: PredictionListQuery, mutes: PersonMutes): Promise<string> {
    const nowMs = this.now();
    const matching = (await selectCurrentPredictions(this.pool, nowMs)).filter(
      (row) =>
        (query.domain === undefined || isWithinDomain(row.domain, query.domain)) &&
        (query.heat === undefined || heatLevel({ score: row.score, descendants: row.descendants, scoreVelocity: row.score_velocity, commentsVelocity: row.comments_velocity, time: row.time }, nowMs) === query.heat),
    );
    const muted = new Set(matching.filter((row) => mutes.matcher.mutes(row)).map((row) => row.id));
    const listed = query.showMuted ? matching : matching.filter((row) => !muted.has(row.id));
    const called = listed.filter((row) => predictsTrend(row.prediction_probability!));
    const inView = query.view === 'calls' ? called : listed.filter((row) => !predictsTrend(row.prediction_probability!));
    const byConfidence = (confidence: string) => called.filter((row) => row.prediction_confidence === confidence).length;
    const page = inView.slice((query.page - 1) * query.limit, query.page * query.limit);
    const counts = { calls: called.length, notExpected: listed.length - called.length, high: byConfidence('high'), medium: byConfidence('medium'), low: byConfidence('low'), hidden: muted.size };
    const body = presentPredictionList(query, page, counts, nowMs);
    body.stories = body.stories.map((story) => (muted.has(story.id) ? { ...story, muted: true } : story));
    return JSON.stringify(body);
  }

  accuracy(hours: number): Promise<string> {
    // The window moves by the hour: its start is part of the key.
    const since = hourStart(this.now() - hours * HOUR_MS);
    return this.cache.get(`accuracy?${hours}&${since.getTime()}`, async () => {
      // One after the other: a cold answer holds one connection, not two.
      const { sums, reliability } = await selectAccuracy(this.pool, since);
      const calls = await selectCallFigures(this.pool, since);
      const total = (field: 'predictions' | 'verified' | 'accurate' | 'reached') => sums.reduce((sum, row) => sum + row[field], 0);
      const settled = calls.byConfidence.reduce((sum, row) => sum + row.settled, 0);
      const cameTrue = calls.byConfidence.reduce((sum, row) => sum + row.came_true, 0);
      const body: Accuracy = {
        overallAccuracy: accuracyPercent(total('accurate'), total('verified')),
        totalPredictions: total('predictions'),
        verifiedPredictions: total('verified'),
        timeframe: hours,
        accuracyByConfidence: PREDICTION_CONFIDENCES.map((confidence) => {
          const row = calls.byConfidence.find((entry) => entry.confidence === confidence);
          return { confidence, count: row?.settled ?? 0, accuracy: accuracyPercent(row?.came_true ?? 0, row?.settled ?? 0) };
        }),
        // "Will not" is right for every verified prediction that did not reach the target.
        alwaysWillNotAccuracy: accuracyPercent(total('verified') - total('reached'), total('verified')),
        callThreshold: predictionScore(TREND_CALL_THRESHOLD),
        calls: { made: calls.made, settled, cameTrue, precision: accuracyPercent(cameTrue, settled) },
        reached: {
          stories: calls.reached,
          calledEarly: calls.called_early,
          recall: accuracyPercent(calls.called_early, calls.reached),
          medianLeadMinutes: calls.median_lead_minutes === null ? null : Math.round(calls.median_lead_minutes),
        },
        reliability: reliability
          .filter((row) => row.verified > 0)
          .map((row) => ({
            bin: row.bin,
            verified: row.verified,
            predicted: Math.round((row.probability_sum / row.verified) * 1000) / 10,
            observed: Math.round((row.reached / row.verified) * 1000) / 10,
          })),
      };
      return JSON.stringify(body);
    });
  }

  trends(): Promise<string> {
    const today = Math.floor(this.now() / DAY_MS) * DAY_MS;
    return this.cache.get(`trends?${today}`, async () => {
      const since = new Date(today - (TREND_WINDOW_DAYS - 1) * DAY_MS);
      const days = await selectDailySums(this.pool, since);
      const calls = await selectDailyCalls(this.pool, since);
      const callsByDay = new Map(calls.map((day) => [day.date, day]));
      const trends: TrendEntry[] = days.map((day) => {
        const called = callsByDay.get(day.date);
        return {
          date: day.date,
          totalPredictions: day.predictions,
          verifiedPredictions: day.verified,
          accuracyRate: accuracyPercent(day.accurate, day.verified),
          avgConfidenceScore: called && called.calls > 0 ? Math.round((called.probability_sum / called.calls) * 1000) / 10 : 0,
          callsMade: called?.calls ?? 0,
        };
      });
      return JSON.stringify({ trends });
    });
  }

  domains(): Promise<string> {
    return this.cache.get('domains', async () => {
      const domains: DomainEntry[] = (await selectTopDomains(this.pool, DOMAINS_SHOWN)).map((row) => ({
        domain: row.domain,
        totalPredictions: row.predictions,
        verifiedPredictions: row.verified,
        accuracyRate: accuracyPercent(row.accurate, row.verified),
      }));
      return JSON.stringify({ domains });
    });
  }

  /** The latest settled calls, filled up with the newest pending calls when fewer than 20 are settled. */
  outcomes(): Promise<string> {
    return this.cache.get('outcomes', async () => {
      const nowMs = this.now();
      const { settled, pending } = await selectOutcomes(this.pool, OUTCOMES_SHOWN);
      const outcomes = [...settled, ...pending].slice(0, OUTCOMES_SHOWN).map((row) => presentOutcome(row, nowMs));
      return JSON.stringify({ outcomes });
    });
  }

  /**
   * Re-scores now, or joins a run that started in the last 30 seconds (or the running cycle's), and waits for it.
   * Runs under the ingestion cycle's lock, so it never overlaps a cycle's own scoring on any instance.
   */
  async update(): Promise<PredictionUpdate> {
    const latest = await this.latestRun();
    const requestedAt = this.now();
    if (latest && requestedAt - latest.started_at.getTime() < UPDATE_COALESCE_SECONDS * 1000) {
      const run = await this.waitForRun((row) => row.id >= latest.id);
      return { updated: false, message: run?.finished_at ? 'Predictions were updated moments ago.' : 'An update is already running.', run: run && presentRun(run) };
    }
    const own = await whileNoOtherCycleRuns(this.pool, () => runPredictions(this.pool, this.now(), 'manual'));
    if (own) {
      this.cache.invalidate();
      const run = await this.runById(own.runId);
      return { updated: true, message: 'Predictions updated.', run: run && presentRun(run) };
    }
    // A cycle is running: its scoring is this update.
    const run = await this.waitForRun((row) => row.started_at.getTime() >= requestedAt);
    return {
      updated: run?.finished_at != null,
      message: run?.finished_at ? 'Predictions updated.' : 'An update is already running and will finish shortly.',
      run: run && presentRun(run),
    };
  }

  invalidate(): void {
    this.cache.invalidate();
  }

  /** Each call is then answered from the database, as one with parameters not asked before is (bench/predictions). */
  forgetAnswers(): void {
    this.cache.forgetAnswers();
  }

  private async latestRun(): Promise<RunRow | null> {
    const result = await this.pool.query<RunRow>(`SELECT * FROM prediction_runs ORDER BY id DESC LIMIT 1`);
    return result.rows[0] ?? null;
  }

  private async runById(id: number): Promise<RunRow | null> {
    const result = await this.pool.query<RunRow>(`SELECT * FROM prediction_runs WHERE id = $1`, [id]);
    return result.rows[0] ?? null;
  }

  private async waitForRun(matches: (row: RunRow) => boolean): Promise<RunRow | null> {
    const deadline = Date.now() + UPDATE_WAIT_MS;
    let seen: RunRow | null = null;
    while (Date.now() < deadline) {
      const latest = await this.latestRun();
      if (latest && matches(latest)) {
        seen = latest;
        if (latest.finished_at) {
          this.cache.invalidate();
          return latest;
        }
      }
      await sleep(200);
    }
    return seen;
  }
}

function presentRun(row: RunRow): NonNullable<PredictionUpdate['run']> {
  return {
    id: row.id,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    storiesScored: row.stories_scored,
    predictionsRecorded: row.predictions_recorded,
    predictionsVerified: row.predictions_verified,
  };
}

/** A call's outcome: accurate when it reached the target within the horizon, with its lead when it came after. */
function presentOutcome(row: OutcomeRow, nowMs: number): PredictionOutcome {
  const leadMs = row.reached_at === null ? null : row.reached_at.getTime() - row.called_at.getTime();
  return {
    prediction: {
      id: Number(row.id),
      confidence: row.confidence,
      predictionScore: predictionScore(row.probability),
      scoreAtPrediction: row.score_at_call,
      predictedAt: row.called_at.toISOString(),
      story: { id: row.story_id, hnId: row.hn_id, title: row.title, score: row.current_score },
    },
    hoursElapsed: Math.max(0, Math.round((nowMs - row.called_at.getTime()) / 360_000) / 10),
    scoreGrowth: row.current_score - row.score_at_call,
    outcome: row.settled_at === null ? 'pending' : row.call_reached ? 'accurate' : 'inaccurate',
    reachedAt: row.reached_at?.toISOString() ?? null,
    leadMinutes: leadMs !== null && leadMs > 0 ? Math.round(leadMs / 60_000) : null,
  };
}

interface ViewCounts {
  calls: number;
  notExpected: number;
  high: number;
  medium: number;
  low: number;
  /** Stories the person's muting rules hid from the view. */
  hidden: number;
}

/** One page of a predictions view, with each listed story's first call. */
function presentPredictionList(query: PredictionListQuery, rows: PredictionPageRow[], counts: ViewCounts, nowMs: number): PredictionList {
  const total = query.view === 'calls' ? counts.calls : counts.notExpected;
  const totalPages = Math.ceil(total / query.limit);
  return {
    stories: rows.map((row) => presentStory(row, nowMs)),
    calls: rows.flatMap((row) =>
      row.called_at === null || row.call_probability === null || row.score_at_call === null
        ? []
        : [{ storyId: row.id, calledAt: row.called_at.toISOString(), predictionScoreAtCall: predictionScore(row.call_probability), scoreAtCall: row.score_at_call }],
    ),
    view: query.view,
    callThreshold: predictionScore(TREND_CALL_THRESHOLD),
    page: query.page,
    totalCount: total,
    totalCalls: counts.calls,
    totalNotExpected: counts.notExpected,
    totalHighConfidence: counts.high,
    totalMediumConfidence: counts.medium,
    totalLowConfidence: counts.low,
    totalPages,
    hasNext: query.page < totalPages,
    hasPrevious: query.page > 1,
    hiddenCount: counts.hidden,
  };
}
