/**
 * A story's recorded history, as its page shows it (docs/web.md, "The story page"): the facts derived from its
 * snapshots, the chart's markers, the chart's thinning to a bounded number of points, and the words that say which
 * resolution the chart shows. One reading, used by the server to answer GET /api/stories/{id}/history.
 */
import { heatLevel, type HeatLevel, type HeatStory } from './heat.ts';
import { packSnapshots, type PackedSnapshots } from './packed-history.ts';

/** Ranks 1-30 of Hacker News's top list are its front page. */
export const FRONT_PAGE_RANKS = 30;
/** Points and comments an hour are measured over this trailing window, as ingestion does by default. */
export const HISTORY_VELOCITY_WINDOW_HOURS = 2;
/** The chart draws at most this many points: more would be finer than its pixels and a heavier answer. */
export const HISTORY_CHART_MAX_POINTS = 600;
/**
 * At most this many snapshots of one story are read (the newest). Thinning keeps a story's rows far below it
 * (docs/operations.md: every change for 7 days, then one an hour, then one a day), so it only binds a retention
 * raised to months on a story that changed every minute.
 */
export const HISTORY_MAX_SNAPSHOTS = 20_000;

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 86_400_000;

/** One snapshot as the page reads it: its time (ms), score, comments and top-list rank (null when not listed). */
export interface HistoryPoint {
  timeMs: number;
  score: number;
  comments: number;
  rank: number | null;
}

export const isFrontPageRank = (rank: number | null): rank is number => rank !== null && rank <= FRONT_PAGE_RANKS;

export type HistoryMarkerKind = 'entered' | 'left' | 'peak';
export interface HistoryMarker {
  kind: HistoryMarkerKind;
  timeMs: number;
  /** The rank at the marker (null for leaving to no rank at all). */
  rank: number | null;
}

/**
 * When the story entered and left the front page (each time), and its peak rank (the best rank, first reached).
 * A story is on the front page from the snapshot that first shows it in the top 30 until the one that shows it
 * lower or unlisted: snapshots are written only when something changed, so the rank holds until the next one.
 */
export function historyMarkers(points: readonly HistoryPoint[]): HistoryMarker[] {
  const markers: HistoryMarker[] = [];
  let on = false;
  let peak: HistoryPoint | null = null;
  for (const point of points) {
    const front = isFrontPageRank(point.rank);
    if (front && !on) markers.push({ kind: 'entered', timeMs: point.timeMs, rank: point.rank });
    if (!front && on) markers.push({ kind: 'left', timeMs: point.timeMs, rank: point.rank });
    on = front;
    if (point.rank !== null && (peak === null || point.rank < peak.rank!)) peak = point;
  }
  if (peak) markers.push({ kind: 'peak', timeMs: peak.timeMs, rank: peak.rank });
  return markers.sort((a, b) => a.timeMs - b.timeMs);
}

export interface Rates {
  pointsPerHour: number;
  commentsPerHour: number;
}

/**
 * Points and comments an hour at each point, over the trailing HISTORY_VELOCITY_WINDOW_HOURS: the growth since the
 * last snapshot at or before the window's start. Before the story is that old, the growth is since submission
 * (from nothing), over at least half an hour, so a story's first minutes do not read as thousands an hour.
 */
export function ratesOver(points: readonly HistoryPoint[], postedMs: number): Rates[] {
  const windowMs = HISTORY_VELOCITY_WINDOW_HOURS * MS_PER_HOUR;
  let base = -1;
  return points.map((point) => {
    while (base + 1 < points.length && points[base + 1]!.timeMs <= point.timeMs - windowMs) base += 1;
    const from = base >= 0 ? points[base]! : { timeMs: postedMs, score: 0, comments: 0 };
    const hours = Math.max((point.timeMs - from.timeMs) / MS_PER_HOUR, 0.5);
    return {
      pointsPerHour: Math.max(0, (point.score - from.score) / hours),
      commentsPerHour: Math.max(0, (point.comments - from.comments) / hours),
    };
  });
}

export interface HeatChange {
  /** The badge from this time on; null is no badge. */
  level: HeatLevel | null;
  timeMs: number;
}

/** The heat badge the story card would have shown at each snapshot, as the changes from one level to another. */
export function heatHistory(points: readonly HistoryPoint[], rates: readonly Rates[], postedSeconds: number): HeatChange[] {
  const changes: HeatChange[] = [];
  // One story read at each point in turn, rather than one made for each of up to thousands of points.
  const story: HeatStory = { score: 0, descendants: 0, scoreVelocity: 0, commentsVelocity: 0, time: postedSeconds };
  let current: HeatLevel | null = null;
  for (let index = 0; index < points.length; index++) {
    const point = points[index]!;
    const rate = rates[index]!;
    story.score = point.score;
    story.descendants = point.comments;
    story.scoreVelocity = rate.pointsPerHour;
    story.commentsVelocity = rate.commentsPerHour;
    const level = heatLevel(story, point.timeMs);
    if (level !== current) changes.push({ level, timeMs: point.timeMs });
    current = level;
  }
  return changes;
}

export interface HistoryFacts {
  firstSeenMs: number | null;
  /** From submission to the first front-page snapshot; null when never there. */
  minutesToFrontPage: number | null;
  peak: { rank: number; timeMs: number } | null;
  /** The front page's time in all (every stay), to now when it is there now. */
  minutesOnFrontPage: number;
  /** At the peak rank (null without one). */
  atPeak: Rates | null;
  heat: HeatChange[];
}

/**
 * A story's facts as of its newest snapshot: all of HistoryFacts but the front page's minutes, which run on to now
 * while the story is still where its newest snapshot saw it (factsAt adds that part).
 */
export interface FactsToNewest extends Omit<HistoryFacts, 'minutesOnFrontPage'> {
  /** Minutes on the front page up to the newest snapshot, not rounded. */
  minutesOnToNewest: number;
  /** The newest snapshot's time and rank; null without snapshots. */
  newest: { timeMs: number; rank: number | null } | null;
}

export function factsToNewest(points: readonly HistoryPoint[], postedSeconds: number): FactsToNewest {
  const postedMs = postedSeconds * 1000;
  const rates = ratesOver(points, postedMs);
  const firstFront = points.find((point) => isFrontPageRank(point.rank));
  let minutesOn = 0;
  let peakIndex = -1;
  points.forEach((point, index) => {
    if (point.rank !== null && (peakIndex === -1 || point.rank < points[peakIndex]!.rank!)) peakIndex = index;
    const next = points[index + 1];
    if (next && isFrontPageRank(point.rank)) minutesOn += Math.max(0, next.timeMs - point.timeMs) / MS_PER_MINUTE;
  });
  const peak = peakIndex === -1 ? null : points[peakIndex]!;
  const newest = points.at(-1);
  return {
    firstSeenMs: points[0]?.timeMs ?? null,
    minutesToFrontPage: firstFront ? Math.max(0, Math.round((firstFront.timeMs - postedMs) / MS_PER_MINUTE)) : null,
    peak: peak ? { rank: peak.rank!, timeMs: peak.timeMs } : null,
    minutesOnToNewest: minutesOn,
    newest: newest ? { timeMs: newest.timeMs, rank: newest.rank } : null,
    atPeak: peak ? rates[peakIndex]! : null,
    heat: heatHistory(points, rates, postedSeconds),
  };
}

/**
 * The page's derived facts from those as of the newest snapshot. `stillListedAt` is now when the story's current
 * rank is the newest snapshot's (it is still there, unchanged), else null: only then does its last stay on the
 * front page run on to now.
 */
export function factsAt({ minutesOnToNewest, newest, ...facts }: FactsToNewest, stillListedAt: number | null): HistoryFacts {
  const runOn = newest && stillListedAt !== null && isFrontPageRank(newest.rank) ? Math.max(0, stillListedAt - newest.timeMs) / MS_PER_MINUTE : 0;
  return { ...facts, minutesOnFrontPage: Math.round(minutesOnToNewest + runOn) };
}

/** The page's derived facts (factsToNewest, then factsAt). */
export function historyFacts(points: readonly HistoryPoint[], postedSeconds: number, stillListedAt: number | null): HistoryFacts {
  return factsAt(factsToNewest(points, postedSeconds), stillListedAt);
}

/**
 * All a story page draws from the story's snapshots, as of the newest: its facts, markers and the chart's points
 * (packed). It changes only when the snapshots do, so the server keeps it as they are written and reads it whole
 * rather than every snapshot (server/modules/stories/history-digests.ts).
 */
export interface HistoryDigest {
  facts: FactsToNewest;
  markers: HistoryMarker[];
  chart: PackedSnapshots;
  /** The chart's slice in minutes; null when it holds every snapshot. */
  sliceMinutes: number | null;
}

export function historyDigest(points: readonly HistoryPoint[], postedSeconds: number): HistoryDigest {
  const markers = historyMarkers(points);
  const chart = thinForChart(points, markers);
  return { facts: factsToNewest(points, postedSeconds), markers, chart: packSnapshots(chart.points), sliceMinutes: chart.sliceMinutes };
}

/**
 * At most `maxPoints` points for the chart: the last snapshot of each equal slice of the story's time (as thinning
 * keeps the last of each hour), plus every point a marker stands on, so entering, leaving and the peak are drawn
 * where they happened. Returns the points and the slice's length in minutes (null when nothing was left out).
 */
export function thinForChart(points: readonly HistoryPoint[], markers: readonly HistoryMarker[], maxPoints = HISTORY_CHART_MAX_POINTS): { points: HistoryPoint[]; sliceMinutes: number | null } {
  if (points.length <= maxPoints) return { points: [...points], sliceMinutes: null };
  const first = points[0]!.timeMs;
  const span = points.at(-1)!.timeMs - first;
  // Whole minutes, and slices few enough that the marker points added back stay within the bound's spirit.
  const sliceMinutes = Math.max(1, Math.ceil(span / MS_PER_MINUTE / Math.max(1, maxPoints - markers.length)));
  const sliceMs = sliceMinutes * MS_PER_MINUTE;
  const markerTimes = new Set(markers.map((marker) => marker.timeMs));
  const kept: HistoryPoint[] = [];
  points.forEach((point, index) => {
    const next = points[index + 1];
    const lastOfSlice = !next || Math.floor((next.timeMs - first) / sliceMs) !== Math.floor((point.timeMs - first) / sliceMs);
    if (lastOfSlice || markerTimes.has(point.timeMs) || index === 0) kept.push(point);
  });
  return { points: kept, sliceMinutes };
}

export interface HistoryResolution {
  /** Snapshots before this time were thinned to one an hour (null when the story has none that old). */
  hourlyBeforeMs: number | null;
  /** Snapshots before this time were thinned to one a day (null when none that old). */
  dailyBeforeMs: number | null;
  /** The chart shows one point per this many minutes (null: every stored snapshot). */
  sliceMinutes: number | null;
}

/**
 * What thinning did to this story's snapshots: maintenance keeps every snapshot for `retentionDays`, then the
 * last of each hour until `hourlyDays`, then the last of each day (server/modules/maintenance/tasks.ts). Null
 * retention: the thinning task is off, everything is kept.
 */
export function historyResolution(firstSeenMs: number | null, nowMs: number, retentionDays: number | null, hourlyDays: number, sliceMinutes: number | null): HistoryResolution {
  if (firstSeenMs === null || retentionDays === null) return { hourlyBeforeMs: null, dailyBeforeMs: null, sliceMinutes };
  const keepAll = nowMs - retentionDays * MS_PER_DAY;
  const daily = Math.min(keepAll, nowMs - hourlyDays * MS_PER_DAY);
  return {
    hourlyBeforeMs: firstSeenMs < keepAll && keepAll > daily ? keepAll : null,
    dailyBeforeMs: firstSeenMs < daily ? daily : null,
    sliceMinutes,
  };
}

/** Made once: toLocaleDateString with options builds a formatter on every call (about 0.1 ms). */
const UTC_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function dayText(ms: number): string {
  return UTC_DAY.format(ms);
}

function minutesText(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? 'day' : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? 'hour' : `${minutes / 60} hours`;
  return minutes === 1 ? 'minute' : `${minutes} minutes`;
}

/** The chart's resolution in words, e.g. 'Every change, minute by minute, since Nov 22, 2026 (UTC); one an hour before.' */
export function resolutionLabel(resolution: HistoryResolution): string {
  const { hourlyBeforeMs, dailyBeforeMs, sliceMinutes } = resolution;
  const parts: string[] = [];
  if (hourlyBeforeMs === null && dailyBeforeMs === null) parts.push('Every change, minute by minute');
  else if (hourlyBeforeMs !== null) {
    parts.push(`Every change, minute by minute, since ${dayText(hourlyBeforeMs)} (UTC); one an hour before`);
    if (dailyBeforeMs !== null) parts.push(`one a day before ${dayText(dailyBeforeMs)}`);
  } else parts.push(`Every change, minute by minute, since ${dayText(dailyBeforeMs!)} (UTC); one a day before`);
  const text = parts.join(', ');
  return sliceMinutes === null ? `${text}.` : `${text}. Drawn as the last snapshot of every ${minutesText(sliceMinutes)}.`;
}

/** Minutes as the facts read them: '45 min', '3 h 20 min', '2 d 4 h'. */
export function durationText(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours < 24) return whole % 60 === 0 ? `${hours} h` : `${hours} h ${whole % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}
