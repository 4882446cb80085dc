/**
 * A value read from the database and trusted for `forMs` of real time (whatever the product's clock): a check asked
 * on every request reads the database about once per period per instance. A failed read is not kept, so the next
 * ask reads again.
 */
export class RecentReading<T> {
  private kept: { value: Promise<T>; readAt: number } | null = null;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly forMs: number,
  ) {}

  /** Reads now, and keeps the reading. */
  fresh(): Promise<T> {
    const value = this.read();
    const reading = { value, readAt: performance.now() };
    this.kept = reading;
    value.catch(() => {
      if (this.kept === reading) this.kept = null;
    });
    return value;
  }

  /** As read at most `forMs` ago, else read now. */
  recent(): Promise<T> {
    const reading = this.kept;
    return reading && performance.now() - reading.readAt < this.forMs ? reading.value : this.fresh();
  }

  /** The value may have changed: the next ask reads again. */
  forget(): void {
    this.kept = null;
  }
}
