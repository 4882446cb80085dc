import type { Story, StoryPage } from '#common/contracts/stories.ts';
import { predictionConfidence, predictionScore } from '#common/rules/predictions.ts';
import { timeAgo } from '#common/rules/time-ago.ts';
import type { StoryRow } from './queries.ts';

export function presentStory(row: StoryRow, nowMs: number): Story {
  return {
    id: row.id,
    hnId: row.hn_id,
    title: row.title,
    url: row.url,
    score: row.score,
    descendants: row.descendants,
    by: row.by,
    time: row.time,
    domain: row.domain,
    scoreVelocity: row.score_velocity,
    commentsVelocity: row.comments_velocity,
    trendingScore: row.trending_score,
    // Only a story the demo's replay made up carries the mark: the lists' JSON stays as small as it was.
    ...(row.synthetic && { synthetic: true }),
    // A story carries its current prediction when it has one (docs/predictions.md), and a confidence only when that
    // prediction is a call to trend.
    ...(row.prediction_probability != null && presentPrediction(row.prediction_probability)),
    // Last, as the lists' in-memory index writes it after the rest of a story's card (indexed-lists.ts).
    timeAgo: timeAgo(row.time, nowMs),
  };
}

function presentPrediction(probability: number): Pick<Story, 'predictionScore' | 'predictionConfidence'> {
  const confidence = predictionConfidence(probability);
  return { predictionScore: predictionScore(probability), ...(confidence !== null && { predictionConfidence: confidence }) };
}

export function presentStoryPage(rows: StoryRow[], totalCount: number, page: number, limit: number, nowMs: number, hiddenCount = 0): StoryPage {
  return { stories: rows.map((row) => presentStory(row, nowMs)), ...presentPageFields(rows.length, totalCount, page, limit, hiddenCount) };
}

/** A page's fields beside its stories. */
export function presentPageFields(count: number, totalCount: number, page: number, limit: number, hiddenCount = 0): Omit<StoryPage, 'stories'> {
  const totalPages = Math.ceil(totalCount / limit);
  return { count, page, totalPages, hasNext: page < totalPages, hasPrevious: page > 1, totalCount, hiddenCount };
}

/**
 * presentPageFields as the end of a page's JSON, after its stories' array: the same bytes JSON.stringify writes for
 * them (every field a whole number or a boolean), written directly, as a page read from memory is written per request.
 */
export function pageFieldsJsonEnd(count: number, totalCount: number, page: number, limit: number, hiddenCount = 0): string {
  const fields = presentPageFields(count, totalCount, page, limit, hiddenCount);
  return (
    `"count":${fields.count},"page":${fields.page},"totalPages":${fields.totalPages},"hasNext":${fields.hasNext},` +
    `"hasPrevious":${fields.hasPrevious},"totalCount":${fields.totalCount},"hiddenCount":${fields.hiddenCount}}`
  );
}
