/** Room the arena starts with and grows from: a few hundred cards. */
const INITIAL_BYTES = 64 * 1024;
/** The arena is compacted once replaced cards take more than this share of what it has written... */
const COMPACT_WASTE_SHARE = 0.5;
/** ...and at least this much, so a small index never spends its time compacting. */
const COMPACT_FROM_WASTE_BYTES = 16 * 1024 * 1024;

/**
 * Each slot's card as UTF-8 bytes, all in one buffer. A page is then copied out of it as bytes and written to the
 * socket as they are: no string is joined, encoded or kept per page, and the garbage collector sees one buffer
 * rather than a string per story (it marks every live object on each full collection, and the index holds hundreds
 * of thousands). A changed card is written at the end; the old bytes stay until the arena is compacted, which copies
 * the live cards into a new buffer once replaced ones take half of it (at a few hundred changed stories a minute,
 * every few hours, some tens of milliseconds at 500,000 stories).
 */
export class CardArena {
  private bytes = Buffer.allocUnsafeSlow(INITIAL_BYTES);
  private used = 0;
  private wasted = 0;
  /** Each slot's card's start and byte length, side by side: a page reads both with one trip to memory. */
  private spans = new Float64Array(0);

  /** Stores `card` as `slot`'s, replacing any it had. */
  set(slot: number, card: string): void {
    this.ensureSlots(slot + 1);
    this.wasted += this.spans[2 * slot + 1]!;
    const length = Buffer.byteLength(card);
    this.ensureRoom(length);
    this.bytes.write(card, this.used);
    this.spans[2 * slot] = this.used;
    this.spans[2 * slot + 1] = length;
    this.used += length;
    if (this.wasted > COMPACT_FROM_WASTE_BYTES && this.wasted > this.used * COMPACT_WASTE_SHARE) this.compact();
  }

  has(slot: number): boolean {
    return this.length(slot) > 0;
  }

  /** The byte length of `slot`'s card (0 for none). */
  length(slot: number): number {
    return 2 * slot < this.spans.length ? this.spans[2 * slot + 1]! : 0;
  }

  /** Copies `slot`'s card into `target` at `at`; answers where it ends there. */
  copy(slot: number, target: Buffer, at: number): number {
    const start = this.spans[2 * slot]!;
    return at + this.bytes.copy(target, at, start, start + this.spans[2 * slot + 1]!);
  }

  /** `slot`'s card as text (for tests and the rare reader that wants a string). */
  text(slot: number): string {
    const start = this.spans[2 * slot]!;
    return this.bytes.toString('utf8', start, start + this.spans[2 * slot + 1]!);
  }

  /** Gives back the room the arena grew into beyond an eighth more than it holds (after the first load). */
  trim(): void {
    const room = Math.max(INITIAL_BYTES, Math.ceil(this.used * 1.125));
    if (room < this.bytes.length) this.moveTo(room, this.wasted > 0);
  }

  /** The bytes the arena holds, live and replaced. */
  get byteLength(): number {
    return this.bytes.length;
  }

  private ensureSlots(needed: number): void {
    if (2 * needed <= this.spans.length) return;
    const spans = new Float64Array(2 * Math.max(needed, this.spans.length, 1024));
    spans.set(this.spans);
    this.spans = spans;
  }

  private ensureRoom(length: number): void {
    if (this.used + length <= this.bytes.length) return;
    this.moveTo(Math.max(this.used + length, this.bytes.length * 2), false);
  }

  private compact(): void {
    const live = this.used - this.wasted;
    this.moveTo(Math.max(INITIAL_BYTES, Math.ceil(live * 1.25)), true);
  }

  /** Moves the cards into a new buffer of `size` bytes: as they lie, or live ones only, packed. */
  private moveTo(size: number, packed: boolean): void {
    const next = Buffer.allocUnsafeSlow(size);
    if (!packed) {
      this.bytes.copy(next, 0, 0, this.used);
    } else {
      let at = 0;
      for (let slot = 0; 2 * slot < this.spans.length; slot++) {
        const length = this.spans[2 * slot + 1]!;
        if (length === 0) continue;
        const start = this.spans[2 * slot]!;
        this.bytes.copy(next, at, start, start + length);
        this.spans[2 * slot] = at;
        at += length;
      }
      this.used = at;
      this.wasted = 0;
    }
    this.bytes = next;
  }
}
