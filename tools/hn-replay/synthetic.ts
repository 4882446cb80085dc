/**
 * The synthetic `newstories` tail. The recording only holds stories that reached the top 30; the
 * real site gets on the order of 60 submissions an hour. These items fill the gaps between
 * recorded ids, deterministically from the seed:
 *
 * - ids: chosen inside the id gaps between consecutive recorded stories (HN ids are allocated in
 *   time order and the recorded ids are sparse), so ids and creation times stay in the same order;
 * - time: linear interpolation of the neighbouring recorded stories' times by id;
 * - volume: `perHour` items per hour of recorded time, spread over the gaps by their time span;
 * - everything else (title, url, author, score/comment trajectory) is a pure function of
 *   (seed, id), computed on demand, so only ids, times and kinds are kept in memory (9 bytes each).
 */
import { hashUnit, itemRandom, mulberry32 } from './prng.ts';
import { Int32Column, indexOfSorted } from './recorded.ts';
import type { HnItem } from './types.ts';
import { askTitle, author, jobTitle, jobUrl, pollOptionText, pollTitle, postText, showTitle, showUrl, storyTitle, storyUrl } from './words.ts';

/** Low 3 bits of a kind byte. */
export const Kind = { story: 0, ask: 1, show: 2, job: 3, poll: 4, pollopt: 5 } as const;
/** Flag bits of a kind byte. */
export const Flag = { dead: 8, deleted: 16 } as const;

/** Shares of synthetic items per kind (the rest are plain link stories). */
const SHARE = { deleted: 0.015, dead: 0.03, job: 0.005, poll: 0.003, ask: 0.06, show: 0.06 };
/** Score and comment curves flatten after at most this long, so older items never change. */
export const MAX_GROWTH_SECONDS = 8 * 3600;

export interface GapAnchors {
  ids: Int32Array;
  times: Int32Array;
}

export class SyntheticStories {
  private constructor(
    readonly seed: number,
    /** Ascending ids; times are non-decreasing with them. */
    readonly ids: Int32Array,
    readonly times: Int32Array,
    readonly kinds: Uint8Array,
  ) {}

  /** Allocates about `perHour` items per hour between the first and last anchor (recorded story). */
  static allocate(anchors: GapAnchors, seed: number, perHour: number): SyntheticStories {
    const ids = new Int32Column(1 << 16);
    const times = new Int32Column(1 << 16);
    const kinds = new Int32Column(1 << 16);
    const random = mulberry32(seed ^ 0x51f7e7);
    const push = (id: number, time: number, kind: number): void => {
      ids.push(id);
      times.push(time);
      kinds.push(kind);
    };
    let owed = 0; // fractional items carried from gap to gap
    for (let gap = 0; gap + 1 < anchors.ids.length && perHour > 0; gap++) {
      const lowId = anchors.ids[gap]!;
      const highId = anchors.ids[gap + 1]!;
      const lowTime = anchors.times[gap]!;
      const span = anchors.times[gap + 1]! - lowTime;
      const free = highId - lowId - 1;
      owed += (span * perHour) / 3600;
      if (free <= 0 || owed < 1) continue;
      const count = Math.min(Math.floor(owed), free);
      // A gap too small for its share drops the excess instead of piling it onto the next gap.
      owed = Math.min(owed - count, 1);
      const timeOf = (id: number): number => lowTime + Math.floor((span * (id - lowId)) / (highId - lowId));
      for (let slot = 0; slot < count; slot++) {
        // Slot `slot` owns ids [slotStart, slotEnd): one item per slot keeps ids distinct and spread.
        const slotStart = lowId + 1 + Math.floor((slot * free) / count);
        const slotEnd = lowId + 1 + Math.floor(((slot + 1) * free) / count);
        const kind = drawKind(random);
        const options = (kind & 7) === Kind.poll ? 2 + Math.floor(random() * 3) : 0;
        if (options > 0 && slotEnd - slotStart > options) {
          // A poll's options take the ids right after it (real polls list them in `parts`).
          const time = timeOf(slotStart);
          push(slotStart, time, kind);
          for (let option = 1; option <= options; option++) push(slotStart + option, time, Kind.pollopt);
          continue;
        }
        const id = slotStart + Math.floor(random() * (slotEnd - slotStart));
        push(id, timeOf(id), options > 0 ? Kind.story : kind); // no room for a poll: a plain story
      }
    }
    return new SyntheticStories(seed, ids.values().slice(), times.values().slice(), Uint8Array.from(kinds.values()));
  }

  get size(): number {
    return this.ids.length;
  }

  indexOf(id: number): number {
    return indexOfSorted(this.ids, id);
  }

  /** Whether the item belongs in story lists: a live (not dead or deleted) story or poll. */
  isListed(index: number): boolean {
    const kind = this.kinds[index]!;
    if (kind & (Flag.dead | Flag.deleted)) return false;
    const base = kind & 7;
    return base !== Kind.job && base !== Kind.pollopt;
  }

  /** Synthetic Ask HN and Show HN posts are exactly the ask and show kinds (cheaper than titles). */
  isAsk(index: number): boolean {
    return (this.kinds[index]! & 7) === Kind.ask;
  }

  isShow(index: number): boolean {
    return (this.kinds[index]! & 7) === Kind.show;
  }

  isJob(index: number): boolean {
    return this.kinds[index]! === Kind.job;
  }

  /** Title as served (entity-escaped), or '' for deleted items and poll options. */
  title(index: number): string {
    const kind = this.kinds[index]!;
    if (kind & Flag.deleted) return '';
    const random = itemRandom(this.seed, this.ids[index]!);
    switch (kind & 7) {
      case Kind.ask:
        return askTitle(random);
      case Kind.show:
        return showTitle(random);
      case Kind.job:
        return jobTitle(random);
      case Kind.poll:
        return pollTitle(random);
      case Kind.pollopt:
        return '';
      default:
        return storyTitle(random);
    }
  }

  /**
   * Score and comments at time t (t >= creation). Most items stay at 1-5 points, ~15% reach
   * 5-14 and ~5% 15-60; both curves rise over 1-6 hours (ease-out) and then stay flat.
   */
  scoreAt(index: number, t: number, out: { score: number; comments: number }): void {
    const id = this.ids[index]!;
    const kind = this.kinds[index]!;
    const base = kind & 7;
    if (kind & Flag.dead || base === Kind.job) {
      out.score = 1;
      out.comments = 0;
      return;
    }
    const tier = hashUnit(this.seed, id, 1);
    const draw = hashUnit(this.seed, id, 2);
    let finalScore =
      tier < 0.8 ? 1 + Math.floor(draw * draw * 5) : tier < 0.95 ? 5 + Math.floor(draw * 10) : 15 + Math.floor(draw ** 1.5 * 46);
    if (base === Kind.poll) finalScore += 20; // polls only get made by people with an audience
    // A third of link posts get no discussion; questions always do.
    const talky = base !== Kind.ask && hashUnit(this.seed, id, 4) < 0.35 ? 0 : 0.1 + 0.8 * hashUnit(this.seed, id, 5);
    const finalComments = Math.floor(finalScore * talky * (base === Kind.ask ? 1.5 : 1));
    const growSeconds = 3600 * (1 + 5 * hashUnit(this.seed, id, 3));
    const age = Math.max(0, t - this.times[index]!);
    out.score = 1 + Math.floor((finalScore - 1) * easeOut(age / growSeconds));
    out.comments = base === Kind.pollopt ? 0 : Math.floor(finalComments * easeOut(age / (growSeconds * 1.3)));
  }

  /** The item as the API would serve it at time t, or null before it exists. */
  itemAt(index: number, t: number): HnItem | null {
    const id = this.ids[index]!;
    const time = this.times[index]!;
    if (t < time) return null;
    const kind = this.kinds[index]!;
    const base = kind & 7;
    if (kind & Flag.deleted) return { id, deleted: true, type: 'story', time, synthetic: true };
    const random = itemRandom(this.seed, id);
    const counts = { score: 0, comments: 0 };
    this.scoreAt(index, t, counts);
    if (base === Kind.pollopt) {
      const poll = this.pollOf(index);
      return { id, type: 'pollopt', by: author(random), poll, score: counts.score, text: pollOptionText(random), time, synthetic: true };
    }
    const title = this.title(index);
    const by = author(mulberry32(Math.floor(hashUnit(this.seed, id, 9) * 4294967296)));
    const item: HnItem = { id, type: 'story', by, time, title, synthetic: true };
    switch (base) {
      case Kind.ask:
        item.text = postText(random);
        break;
      case Kind.show:
        item.url = showUrl(random, title, by);
        break;
      case Kind.job:
        item.type = 'job';
        item.url = jobUrl(title);
        item.score = 1;
        return item;
      case Kind.poll:
        item.type = 'poll';
        item.parts = this.pollParts(index);
        if (random() < 0.5) item.text = postText(random);
        break;
      default:
        item.url = storyUrl(random, title);
    }
    item.score = counts.score;
    item.descendants = counts.comments;
    if (kind & Flag.dead) item.dead = true;
    return item;
  }

  private pollParts(index: number): number[] {
    const parts: number[] = [];
    for (let next = index + 1; next < this.kinds.length && this.kinds[next] === Kind.pollopt; next++) parts.push(this.ids[next]!);
    return parts;
  }

  private pollOf(index: number): number {
    let at = index;
    while (at > 0 && this.kinds[at] === Kind.pollopt) at--;
    return this.ids[at]!;
  }
}

function drawKind(random: () => number): number {
  const roll = random();
  let edge = SHARE.deleted;
  if (roll < edge) return Kind.story | Flag.deleted;
  if (roll < (edge += SHARE.dead)) return (random() < 0.2 ? Kind.ask : Kind.story) | Flag.dead;
  if (roll < (edge += SHARE.job)) return Kind.job;
  if (roll < (edge += SHARE.poll)) return Kind.poll;
  if (roll < (edge += SHARE.ask)) return Kind.ask;
  if (roll < (edge += SHARE.show)) return Kind.show;
  return Kind.story;
}

/** 0 at x=0 rising to 1 at x>=1, steep first and flat at the end (like votes on a new post). */
function easeOut(x: number): number {
  if (x >= 1) return 1;
  const rest = 1 - x;
  return 1 - rest * rest;
}
