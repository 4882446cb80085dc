/**
 * A Map of at most `max` entries that keeps the ones in use: reading an entry moves it to the end of the order, and
 * a new entry beyond `max` pushes out the one read or written longest ago. The list cache, the lists' presented
 * stories and the compressed copies of cached answers keep what people keep asking for this way, while a stream of
 * keys asked once pushes out only its own.
 */
export class RecentMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, value);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * The keys asked once, so that a cache can keep an answer from its key's second asking: a stream of keys asked once
 * (deep pages, cold feeds) would otherwise keep every answer long enough for the garbage collector to move it to the
 * old generation, whose collections mark the whole heap. A key costs far less than an answer, so many are kept.
 */
export class AskedOnce {
  private readonly keys: RecentMap<string, true>;

  constructor(max: number) {
    this.keys = new RecentMap(max);
  }

  /**
   * Whether `key` was asked before; it is remembered either way, so a key asked all along is known at once when the
   * data changes and its answer is made again.
   */
  askedBefore(key: string): boolean {
    if (this.keys.get(key) !== undefined) return true;
    this.keys.set(key, true);
    return false;
  }
}
