import { SUGGESTION_MIN_WORD_LENGTH } from '../../../common/rules/search.ts';

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
 * The words of the visible stories' titles and how many stories use each, in order of use, kept in memory as the
 * stories change (docs/search.md, "Suggestions in memory"). A suggestion walks the words in that order and stops at
 * the fifth containing its text.
 */
export class TitleVocabulary {
  private readonly counts = new Map<string, number>();
  /** Every word, the most used first; words whose count changed are put back in place by `settle`. */
  private order: string[] = [];
  private readonly changed = new Set<string>();

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
    const kept = this.order.filter((word) => !this.changed.has(word));
    const moved: string[] = [];
    for (const word of this.changed) {
      if (this.counts.get(word)! > 0) moved.push(word);
      else this.counts.delete(word);
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

  /** How many distinct words there are. */
  get size(): number {
    return this.order.length;
  }

  /** Up to `limit` words containing a lowercased text, the most used first. */
  suggestions(text: string, limit: number): string[] {
    const found: string[] = [];
    for (let i = 0; i < this.order.length && found.length < limit; i++) {
      if (this.order[i]!.includes(text)) found.push(this.order[i]!);
    }
    return found;
  }
}
