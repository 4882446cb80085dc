/**
 * Where each trigram (three consecutive characters) of the stories' search texts occurs: for each trigram, the
 * sorted slots of the stories whose text holds it. A text of three characters or more can only be in the stories
 * holding all its trigrams, and a text of two in those holding a trigram that begins with it, so a search reads
 * those few stories instead of every one (docs/search.md, "How it is answered: from memory").
 *
 * Characters are UTF-16 code units, as JavaScript's own `includes` compares them; every text is lowercased by the
 * caller before it comes here.
 */

/** The search text of a story: its title, domain and author lowercased, one a line, as a search matches them. */
export function searchTextOf(title: string, domain: string, by: string): string {
  return `${title.toLowerCase()}\n${domain.toLowerCase()}\n${by.toLowerCase()}`;
}

/**
 * Where a trigram of ASCII characters is found in the table of ASCII trigrams (7 bits each). Most trigrams are ASCII,
 * and a table read costs a fraction of a map's: building the index for 500,000 stories took 3.6 s with a map alone.
 */
const ASCII_TRIGRAMS = 1 << 21;
const asciiKey = (c0: number, c1: number, c2: number) => (c0 << 14) | (c1 << 7) | c2;
/** Any other trigram's key in the map: three 16-bit code units (48 bits, exact in a double). */
const otherKey = (c0: number, c1: number, c2: number) => c0 * 0x1_0000_0000 + c1 * 0x1_0000 + c2;

/**
 * A text is indexed with a line break after it, so every pair of characters in it, the last one too, begins a
 * trigram: a two-character search then finds every story through the trigrams its pair begins.
 */
const END = '\n';

/** A growable sorted list of slots. */
class Posting {
  slots = new Int32Array(4);
  length = 0;

  /** Adds a slot; most come in increasing order (a new story takes the next slot), and are appended. */
  add(slot: number): void {
    const last = this.length === 0 ? -1 : this.slots[this.length - 1]!;
    if (slot === last) return;
    if (this.length === this.slots.length) {
      const grown = new Int32Array(this.slots.length * 2);
      grown.set(this.slots);
      this.slots = grown;
    }
    if (slot > last) {
      this.slots[this.length++] = slot;
      return;
    }
    const at = lowerBound(this.slots, 0, this.length, slot);
    if (this.slots[at] === slot) return;
    this.slots.copyWithin(at + 1, at, this.length);
    this.slots[at] = slot;
    this.length++;
  }

  /** Gives back the room a list grew into but does not use. */
  trim(): void {
    if (this.slots.length > this.length) this.slots = this.slots.slice(0, Math.max(this.length, 1));
  }

  remove(slot: number): void {
    const at = lowerBound(this.slots, 0, this.length, slot);
    if (at === this.length || this.slots[at] !== slot) return;
    this.slots.copyWithin(at, at + 1, this.length);
    this.length--;
  }
}

/** The first position in slots[from, to) whose value is at least `value`. */
function lowerBound(slots: Int32Array, from: number, to: number, value: number): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (slots[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The slots of stories that may hold a text, sorted (a story may still lack it: the caller tests each one). */
export interface Candidates {
  slots: Int32Array;
  length: number;
}

/**
 * A one-character text has no trigram, and a pair of characters only the trigrams it begins. Each story instead
 * keeps a mask of the characters in its text, 64 bits in two words: a letter or digit has a bit of its own, and
 * every other character shares one of the 28 others. A search for one character reads the masks (4 MB at 500,000
 * stories, in slot order) rather than every story's text; a letter or digit needs no further test. A longer text's
 * characters are read from the masks first too: a story lacking one of them is left without reading its text.
 */
const OWN_BITS = 36;
function characterBit(code: number): number {
  if (code >= 97 && code <= 122) return code - 97;
  if (code >= 48 && code <= 57) return code - 48 + 26;
  return OWN_BITS + (code % (64 - OWN_BITS));
}

/** Whether a character is alone on its bit of the mask, so a story whose mask has the bit holds the character. */
export function hasOwnBit(character: string): boolean {
  return characterBit(character.charCodeAt(0)) < OWN_BITS;
}

/** The bits of every character of a set of texts (low and high words); 0 and 0 when they are empty. */
export function characterMask(texts: readonly string[]): [low: number, high: number] {
  return maskOf(texts.join(''));
}

/** The bits of every character of a text (low and high words). */
function maskOf(text: string): [low: number, high: number] {
  let low = 0;
  let high = 0;
  for (let i = 0; i < text.length; i++) {
    const bit = characterBit(text.charCodeAt(i));
    if (bit < 32) low |= 1 << bit;
    else high |= 1 << (bit - 32);
  }
  return [low, high];
}

export class TrigramIndex {
  /** The lists of ASCII trigrams, found through `asciiSlots` (a list's place in `asciiPostings`, plus one; 0: none). */
  private readonly asciiSlots = new Int32Array(ASCII_TRIGRAMS);
  private readonly asciiPostings: Posting[] = [];
  /** The lists of every other trigram. */
  private readonly otherPostings = new Map<number, Posting>();
  /** Each slot's mask of characters (characterBit), low and high words. */
  private masksLow = new Int32Array(0);
  private masksHigh = new Int32Array(0);
  /** The third characters of the trigrams each pair of characters begins. */
  private readonly thirdsOfPair = new Map<number, number[]>();
  /** The candidates of the last search (candidates). */
  private result = new Int32Array(0);
  /** Slots marked while uniting the postings of a pair's trigrams (one bit a slot), cleared after each use. */
  private marks = new Uint32Array(0);

  /** The list of a trigram, or undefined when no text holds it. */
  private posting(c0: number, c1: number, c2: number): Posting | undefined {
    if ((c0 | c1 | c2) < 128) {
      const place = this.asciiSlots[asciiKey(c0, c1, c2)]!;
      return place === 0 ? undefined : this.asciiPostings[place - 1];
    }
    return this.otherPostings.get(otherKey(c0, c1, c2));
  }

  private newPosting(c0: number, c1: number, c2: number): Posting {
    const posting = new Posting();
    if ((c0 | c1 | c2) < 128) {
      this.asciiPostings.push(posting);
      this.asciiSlots[asciiKey(c0, c1, c2)] = this.asciiPostings.length;
    } else {
      this.otherPostings.set(otherKey(c0, c1, c2), posting);
    }
    const pair = c0 * 0x1_0000 + c1;
    const thirds = this.thirdsOfPair.get(pair);
    if (thirds) thirds.push(c2);
    else this.thirdsOfPair.set(pair, [c2]);
    return posting;
  }

  /** The list of the trigram at a text's position i. */
  private postingAt(text: string, i: number): Posting | undefined {
    return this.posting(text.charCodeAt(i), text.charCodeAt(i + 1), text.charCodeAt(i + 2));
  }

  /** Indexes a story's text under its slot. */
  add(slot: number, text: string): void {
    const indexed = text + END;
    for (let i = 0; i + 3 <= indexed.length; i++) {
      const posting = this.postingAt(indexed, i) ?? this.newPosting(indexed.charCodeAt(i), indexed.charCodeAt(i + 1), indexed.charCodeAt(i + 2));
      posting.add(slot);
    }
    if (slot >= this.marks.length * 32) {
      const grown = new Uint32Array(Math.max(1024, (slot >>> 5) * 2));
      grown.set(this.marks);
      this.marks = grown;
    }
    if (slot >= this.masksLow.length) {
      const size = Math.max(1024, slot * 2);
      const grow = (masks: Int32Array) => {
        const grown = new Int32Array(size);
        grown.set(masks);
        return grown;
      };
      this.masksLow = grow(this.masksLow);
      this.masksHigh = grow(this.masksHigh);
    }
    [this.masksLow[slot], this.masksHigh[slot]] = maskOf(text);
  }

  /** Whether a slot's text has every character of a mask (characterMask). */
  hasCharacters(slot: number, low: number, high: number): boolean {
    return (this.masksLow[slot]! & low) === low && (this.masksHigh[slot]! & high) === high;
  }

  /**
   * Gives back the room the lists grew into (a list doubles when full, so after the first load a quarter of the
   * entries on average are room; 63 MB at 500,000 stories). Lists that grow later grow again as they need.
   */
  trim(): void {
    for (const posting of this.asciiPostings) posting.trim();
    for (const posting of this.otherPostings.values()) posting.trim();
  }

  /** Takes a story's former text out of the index (before its new text is added). */
  remove(slot: number, text: string): void {
    const indexed = text + END;
    for (let i = 0; i + 3 <= indexed.length; i++) this.postingAt(indexed, i)?.remove(slot);
  }

  /**
   * For each text (lowercased), at most how many stories hold it: its rarest trigram's list's length, read without
   * intersecting any; null for a text shorter than three characters (a pair's stories are not counted here).
   */
  textBounds(texts: readonly string[]): (number | null)[] {
    return texts.map((text) => {
      if (text.length < 3) return null;
      let bound = Infinity;
      for (let i = 0; i + 3 <= text.length; i++) bound = Math.min(bound, this.postingAt(text, i)?.length ?? 0);
      return bound;
    });
  }

  /**
   * The stories that may hold every one of `texts` (each lowercased), or null when none of them narrows the search
   * (all are shorter than two characters): every story may then match. Each text's rarest list is read (a pair's: the
   * union of its trigrams'), and they are intersected: a text's other trigrams are mostly in the same stories, and a
   * text longer than three characters is tested on each candidate anyway, so intersecting them would cost more than
   * the tests it saves. The slots are in a buffer every search reuses (the caller reads it before the next).
   */
  candidates(texts: readonly string[]): Candidates | null {
    const lists: Candidates[] = [];
    for (const text of texts) {
      if (text.length >= 3) {
        let rarest: Posting | undefined;
        for (let i = 0; i + 3 <= text.length; i++) {
          const posting = this.postingAt(text, i);
          if (!posting) return { slots: new Int32Array(0), length: 0 };
          if (!rarest || posting.length < rarest.length) rarest = posting;
        }
        lists.push(rarest!);
      } else if (text.length === 2) {
        lists.push(this.pairCandidates(text.charCodeAt(0), text.charCodeAt(1)));
      }
    }
    if (lists.length === 0) return null;
    lists.sort((a, b) => a.length - b.length);
    // The rarest list, narrowed by each of the others in turn.
    if (this.result.length < lists[0]!.length) this.result = new Int32Array(Math.max(lists[0]!.length, this.result.length * 2));
    const result = this.result;
    result.set(lists[0]!.slots.subarray(0, lists[0]!.length));
    let length = lists[0]!.length;
    for (let l = 1; l < lists.length && length > 0; l++) length = intersect(result, length, lists[l]!);
    return { slots: result, length };
  }

  /** Every story holding a pair: the union of the postings of the trigrams it begins, through the bitmap. */
  private pairCandidates(c0: number, c1: number): Candidates {
    const thirds = this.thirdsOfPair.get(c0 * 0x1_0000 + c1) ?? [];
    const marks = this.marks;
    let count = 0;
    for (const c2 of thirds) {
      const posting = this.posting(c0, c1, c2)!;
      for (let i = 0; i < posting.length; i++) {
        const slot = posting.slots[i]!;
        const bit = 1 << (slot & 31);
        if ((marks[slot >>> 5]! & bit) === 0) {
          marks[slot >>> 5]! |= bit;
          count++;
        }
      }
    }
    const slots = new Int32Array(count);
    let n = 0;
    for (let w = 0; n < count; w++) {
      let word = marks[w]!;
      if (word === 0) continue;
      marks[w] = 0;
      while (word !== 0) {
        const lowest = word & -word;
        slots[n++] = (w << 5) + 31 - Math.clz32(lowest);
        word ^= lowest;
      }
    }
    return { slots, length: count };
  }
}

/**
 * Keeps in result[0, length) the slots also in `other`, and returns how many are kept. Each is looked for from
 * where the last was found, by galloping: the cost follows the shorter list, however long the other. Lists of
 * about the same length are merged instead, a step each, which costs less than a gallop for every slot.
 */
function intersect(result: Int32Array, length: number, other: Candidates): number {
  if (other.length <= MERGED_UP_TO * length) return merge(result, length, other);
  let kept = 0;
  let at = 0;
  for (let i = 0; i < length && at < other.length; i++) {
    const slot = result[i]!;
    let step = 1;
    let high = at;
    while (high < other.length && other.slots[high]! < slot) {
      at = high + 1;
      high = at + step;
      step *= 2;
    }
    at = lowerBound(other.slots, at, Math.min(high + 1, other.length), slot);
    if (at < other.length && other.slots[at] === slot) result[kept++] = slot;
  }
  return kept;
}

/** Up to this many times as long as the candidates, a list is merged with them rather than galloped through. */
const MERGED_UP_TO = 4;

/** intersect's way for lists of about the same length: both read in order, side by side. */
function merge(result: Int32Array, length: number, other: Candidates): number {
  const slots = other.slots;
  let kept = 0;
  let at = 0;
  for (let i = 0; i < length && at < other.length; i++) {
    const slot = result[i]!;
    while (at < other.length && slots[at]! < slot) at++;
    if (at < other.length && slots[at] === slot) result[kept++] = slot;
  }
  return kept;
}
