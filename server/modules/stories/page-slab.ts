/** The room each slab holds: about fifteen pages of fifty stories. */
const SLAB_BYTES = 256 * 1024;
/** A page larger than this share of a slab gets a buffer of its own, so a slab is never mostly left unused. */
const OWN_BUFFER_FROM_BYTES = SLAB_BYTES / 4;

/**
 * Room for pages made as bytes, cut from slabs rather than each page a buffer of its own: a new buffer costs the
 * engine an allocation, its bookkeeping of memory outside the heap and a finalisation at collection (3-9 µs for a
 * 17 KB page, docs/performance.md "API"), a view of a slab a small object. Room once handed out is never handed out
 * again, so a page's bytes stay its own for as long as anyone holds them; a slab is freed when no page cut from it is
 * held. Whoever keeps a page long (a cache) keeps a copy (`Buffer.from`), so that one kept page does not hold on to a
 * whole slab.
 */
export class PageSlab {
  private slab: Buffer<ArrayBuffer> = Buffer.allocUnsafeSlow(0);
  private used = 0;

  /** `length` bytes of fresh room, their contents unset (as Buffer.allocUnsafe's). */
  take(length: number): Buffer {
    if (length > OWN_BUFFER_FROM_BYTES) return Buffer.allocUnsafeSlow(length);
    if (this.used + length > this.slab.length) {
      this.slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
      this.used = 0;
    }
    const start = this.used;
    // Each page starts at a multiple of 8, as a buffer of its own would.
    this.used = (start + length + 7) & ~7;
    return this.slab.subarray(start, start + length);
  }
}
