import { SUGGESTION_MIN_WORD_LENGTH } from '#common/rules/search.ts';

/** The distinct words of a lowercased title that suggestions offer: runs of letters and digits, longer than 3. */
export function titleWords(loweredTitle: string): string[] {
  const words = new Set<string>();
  for (const word of loweredTitle.split(/[^\p{L}\p{N}]+/u)) {
    if ([...word].length >= SUGGESTION_MIN_WORD_LENGTH) words.add(word);
  }
  return [...words];
}

/** The order suggestions offer words in: the most used first, ties by the word. */
const byUse = (counts: Map<string, number>) => (a: string, b: string) => counts.get(b)! - counts.get(a)! || (a < b ? -1 : a > b ? 1 : 0);

/**
 * How many of the most used words a suggestion reads first. A common text has its five among them; a rarer one is
 * looked for among the words holding its rarest pair or trigram of characters instead of in every word.
 */
const WALKED_FIRST = 2000;

/** The keys of a text's pairs (two characters) or trigrams (three or more), as the word lists are kept by. */
function keysOf(text: string): number[] {
  if (text.length === 2) return [text.charCodeAt(0) * 0x1_0000 + text.charCodeAt(1)];
  const keys: number[] = [];
  for (let i = 0; i + 3 <= text.length; i++) keys.push(0x1_0000_0000 * (1 + text.charCodeAt(i)) + text.charCodeAt(i + 1) * 0x1_0000 + text.charCodeAt(i + 2));
  return keys;
}

/** A word's keys: of each pair and each trigram it holds (trigram keys are above every pair key). */
function keysOfWord(word: string): Set<number> {
  const keys = new Set<number>();
  for (let i = 0; i + 2 <= word.length; i++) {
    keys.add(word.charCodeAt(i) * 0x1_0000 + word.charCodeAt(i + 1));
    if (i + 3 <= word.length) keys.add(0x1_0000_0000 * (1 + word.charCodeAt(i)) + word.charCodeAt(i + 1) * 0x1_0000 + word.charCodeAt(i + 2));
  }
  return keys;
}

/**
 * The words of the visible stories' titles and how many stories use each, in order of use, kept in memory as the
 * stories change (docs/search.md, "How it is answered: from memory"). A suggestion walks the most used words and
 * stops at the fifth containing its text; a rarer text is looked for among the words holding its rarest pair or
 * trigram of characters.
 */
export class TitleVocabulary {
  private readonly counts = new Map<string, number>();
  /** Every word, the most used first; words whose count changed are put back in place by `settle`. */
  private order: string[] = [];
  private readonly changed = new Set<string>();
  /** The words holding each pair and each trigram of characters (keysOfWord). */
  private readonly wordsOfKey = new Map<number, Set<string>>();

  /** Counts a title's words once more (`by` 1) or once less (`by` -1). */
  count(loweredTitle: string, by: 1 | -1): void {
    for (const word of titleWords(loweredTitle)) {
      this.counts.set(word, (this.counts.get(word) ?? 0) + by);
      this.changed.add(word);
    }
  }

  /** Puts the words whose counts changed back in their places: one pass over the order, and a sort of those words. */
  settle(): void {
    if (this.changed.size === 0) return;
    const compare = byUse(this.counts);
    const wasListed = new Set<string>();
    const kept: string[] = [];
    for (const word of this.order) {
      if (this.changed.has(word)) wasListed.add(word);
      else kept.push(word);
    }
    const moved: string[] = [];
    for (const word of this.changed) {
      const listed = this.counts.get(word)! > 0;
      if (listed) moved.push(word);
      else this.counts.delete(word);
      if (listed !== wasListed.has(word)) this.keyWord(word, listed);
    }
    moved.sort(compare);
    const merged = new Array<string>(kept.length + moved.length);
    let k = 0;
    let m = 0;
    for (let i = 0; i < merged.length; i++) {
      merged[i] = m === moved.length || (k < kept.length && compare(kept[k]!, moved[m]!) <= 0) ? kept[k++]! : moved[m++]!;
    }
    this.order = merged;
    this.changed.clear();
  }

  /** Lists a word under its keys, or takes it off them. */
  private keyWord(word: string, listed: boolean): void {
    for (const key of keysOfWord(word)) {
      let words = this.wordsOfKey.get(key);
      if (listed) {
        if (!words) this.wordsOfKey.set(key, (words = new Set()));
        words.add(word);
      } else if (words) {
        words.delete(word);
        if (words.size === 0) this.wordsOfKey.delete(key);
      }
    }
  }

  /** How many distinct words there are. */
  get size(): number {
    return this.order.length;
  }

  /** Up to `limit` words containing a lowercased text (two characters or more), the most used first. */
  suggestions(text: string, limit: number): string[] {
    const found: string[] = [];
    const walked = Math.min(this.order.length, WALKED_FIRST);
    for (let i = 0; i < walked && found.length < limit; i++) {
      if (this.order[i]!.includes(text)) found.push(this.order[i]!);
    }
    if (found.length === limit || walked === this.order.length || text.length < 2) return found;
    // Fewer than five among the most used: the text is rare, and its words are few.
    let fewest: Set<string> | undefined;
    for (const key of keysOf(text)) {
      const words = this.wordsOfKey.get(key);
      if (!words) return found;
      if (!fewest || words.size < fewest.size) fewest = words;
    }
    const compare = byUse(this.counts);
    const best: string[] = [];
    for (const word of fewest!) {
      if (!word.includes(text) || (best.length === limit && compare(word, best[limit - 1]!) > 0)) continue;
      // Into its place among the best so far, the last dropped when there are more than `limit`.
      let at = best.length;
      while (at > 0 && compare(word, best[at - 1]!) < 0) at--;
      best.splice(at, 0, word);
      if (best.length > limit) best.pop();
    }
    return best;
  }
}
