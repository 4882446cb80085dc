/** Room the arena starts with and grows from: a few hundred cards. */
const INITIAL_BYTES = 64 * 1024;
/** The arena is compacted once replaced cards take more than this share of what it has written... */
const COMPACT_WASTE_SHARE = 0.5;
/** ...and at least this much, so a small index never spends its time compacting. */
const COMPACT_FROM_WASTE_BYTES = 16 * 1024 * 1024;

/**
 * What may follow a card in the arena, written with it: the card's ending on a page as it was when the card was
 * written (`bytes`, its age), known by `key`, and a comma.
 */
export interface CardSeal {
  key: number;
  bytes: Uint8Array;
}

/** Values a spans entry holds for each slot. */
const SPAN = 4;
const COMMA = 0x2c;

/**
 * Each slot's card as UTF-8 bytes, all in one buffer. A page is then copied out of it as bytes and written to the
 * socket as they are: no string is joined, encoded or kept per page, and the garbage collector sees one buffer
 * rather than a string per story (it marks every live object on each full collection, and the index holds hundreds
 * of thousands). A changed card is written at the end; the old bytes stay until the arena is compacted, which copies
 * the live cards into a new buffer once replaced ones take half of it (at a few hundred changed stories a minute,
 * every few hours), in the layout's order: reading them in that order, scattered, takes 2-3 times as long as in slot
 * order (docs/performance.md, "Cards").
 */
export class CardArena {
  /**
   * `layout` gives the slots in the order pages read them most (an order of the lists): compacting and trimming lay
   * the cards out in it, so a page's cards lie side by side, one run of memory read in sequence rather than fifty
   * trips to memory. Slots it leaves out follow, in slot order.
   */
  constructor(
    private readonly layout: () => ArrayLike<number> = () => [],
    private readonly sealOf?: (slot: number) => CardSeal,
  ) {}

  private bytes = Buffer.allocUnsafeSlow(INITIAL_BYTES);
  /**
   * The memory under `bytes` (a buffer of its own, from its start): a card is copied as a view of it, which costs
   * less than Buffer's copy, which looks the memory up again for each card.
   */
  private memory = this.bytes.buffer;
  private used = 0;
  private wasted = 0;
  /**
   * Each slot's card's start, its byte length, the length it is stored with (its seal and comma after it, when
   * sealed) and its seal's key (NaN for none), side by side: a page reads them with one trip to memory.
   */
  private spans = new Float64Array(0);

  /**
   * Stores `card` as `slot`'s, replacing any it had, followed by its seal (`sealOf`) if the arena has one: a page
   * whose endings are still the seals' then copies a run of cards side by side at once (`run`).
   */
  set(slot: number, card: string): void {
    this.ensureSlots(slot + 1);
    const at = SPAN * slot;
    this.wasted += this.spans[at + 2]!;
    const length = Buffer.byteLength(card);
    const seal = this.sealOf?.(slot);
    const stored = seal === undefined ? length : length + seal.bytes.length + 1;
    this.ensureRoom(stored);
    this.bytes.write(card, this.used);
    if (seal !== undefined) this.writeSeal(this.bytes, this.used + length, seal);
    this.spans[at] = this.used;
    this.spans[at + 1] = length;
    this.spans[at + 2] = stored;
    this.spans[at + 3] = seal === undefined ? NaN : seal.key;
    this.used += stored;
    if (this.wasted > COMPACT_FROM_WASTE_BYTES && this.wasted > this.used * COMPACT_WASTE_SHARE) this.compact();
  }

  has(slot: number): boolean {
    return this.length(slot) > 0;
  }

  /** The byte length of `slot`'s card (0 for none). */
  length(slot: number): number {
    return SPAN * slot < this.spans.length ? this.spans[SPAN * slot + 1]! : 0;
  }

  /** Copies `slot`'s card into `target` at `at`; answers where it ends there. */
  copy(slot: number, target: Buffer, at: number): number {
    const length = this.spans[SPAN * slot + 1]!;
    target.set(new Uint8Array(this.memory, this.spans[SPAN * slot]!, length), at);
    return at + length;
  }

  /** The key of `slot`'s seal (NaN when it has none, which equals no key). */
  sealKey(slot: number): number {
    return this.spans[SPAN * slot + 3]!;
  }

  /** Where `slot`'s card starts in the arena: cards sealed and side by side are copied as one run. */
  start(slot: number): number {
    return this.spans[SPAN * slot]!;
  }

  /** The bytes `slot`'s card is stored with: the card, and its seal and comma when sealed. */
  storedLength(slot: number): number {
    return this.spans[SPAN * slot + 2]!;
  }

  /** Copies the arena's bytes from `start` to `end` (a run of sealed cards) into `target` at `at`; answers where they end there. */
  run(start: number, end: number, target: Buffer, at: number): number {
    target.set(new Uint8Array(this.memory, start, end - start), at);
    return at + end - start;
  }

  /** `slot`'s card as text (for tests and the rare reader that wants a string). */
  text(slot: number): string {
    const start = this.spans[SPAN * slot]!;
    return this.bytes.toString('utf8', start, start + this.spans[SPAN * slot + 1]!);
  }

  /**
   * Lays the cards out in the layout's order, giving back the room the arena grew into beyond an eighth more than
   * it holds (after the first load).
   */
  trim(): void {
    this.moveTo(Math.max(INITIAL_BYTES, Math.ceil((this.used - this.wasted) * 1.125)));
  }

  /** The bytes the arena holds, live and replaced. */
  get byteLength(): number {
    return this.bytes.length;
  }

  private writeSeal(target: Buffer, at: number, seal: CardSeal): void {
    target.set(seal.bytes, at);
    target[at + seal.bytes.length] = COMMA;
  }

  private ensureSlots(needed: number): void {
    if (SPAN * needed <= this.spans.length) return;
    // Doubling: a slot at a time, the load would copy the spans once per story.
    const spans = new Float64Array(SPAN * Math.max(needed, (2 * this.spans.length) / SPAN, 1024));
    spans.set(this.spans);
    this.spans = spans;
  }

  private ensureRoom(length: number): void {
    if (this.used + length <= this.bytes.length) return;
    const next = Buffer.allocUnsafeSlow(Math.max(this.used + length, this.bytes.length * 2));
    this.bytes.copy(next, 0, 0, this.used);
    this.use(next);
  }

  private compact(): void {
    const live = this.used - this.wasted;
    this.moveTo(Math.max(INITIAL_BYTES, Math.ceil(live * 1.25)));
  }

  /**
   * Moves the live cards into a new buffer of `size` bytes (or more, for seals grown longer), packed in the layout's
   * order, then the other slots', each sealed anew: the ages seals hold move on.
   */
  private moveTo(size: number): void {
    const spans = this.spans;
    const slots = spans.length / SPAN;
    const seals = new Array<CardSeal | undefined>(slots);
    let needed = 0;
    for (let slot = 0; slot < slots; slot++) {
      const length = spans[SPAN * slot + 1]!;
      if (length === 0) continue;
      const seal = this.sealOf?.(slot);
      seals[slot] = seal;
      needed += seal === undefined ? length : length + seal.bytes.length + 1;
    }
    const next = Buffer.allocUnsafeSlow(Math.max(size, needed));
    const moved = new Uint8Array(slots);
    let at = 0;
    const move = (slot: number) => {
      const length = spans[SPAN * slot + 1]!;
      if (moved[slot] === 1 || length === 0) return;
      const start = spans[SPAN * slot]!;
      const seal = seals[slot];
      this.bytes.copy(next, at, start, start + length);
      if (seal !== undefined) this.writeSeal(next, at + length, seal);
      const stored = seal === undefined ? length : length + seal.bytes.length + 1;
      spans[SPAN * slot] = at;
      spans[SPAN * slot + 2] = stored;
      spans[SPAN * slot + 3] = seal === undefined ? NaN : seal.key;
      at += stored;
      moved[slot] = 1;
    };
    const order = this.layout();
    for (let i = 0; i < order.length; i++) move(order[i]!);
    for (let slot = 0; slot < slots; slot++) move(slot);
    this.used = at;
    this.wasted = 0;
    this.use(next);
  }

  private use(bytes: Buffer<ArrayBuffer>): void {
    this.bytes = bytes;
    this.memory = bytes.buffer;
  }
}
