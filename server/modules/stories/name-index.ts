/**
 * The stories of each name: of each domain, or of each author (lower case, as the search texts hold them), so a
 * domain's or an author's feed reads its own stories instead of every story holding its trigrams (docs/feeds.md).
 *
 * A name's stories are a chain of slots linked through one array indexed by slot (prepended as they come): a name
 * costs a map entry and two numbers, a story the four bytes of its link, however many names there are (2 MB at
 * 500,000 stories). Chains are never dropped: a name whose stories all left keeps an empty one.
 */
export class NameIndex {
  /** Each name's chain number. */
  private readonly chains = new Map<string, number>();
  /** Each chain's first slot (-1: empty) and how many slots it holds. */
  private heads = new Int32Array(0);
  private sizes = new Int32Array(0);
  /** Each slot's next slot in its chain (-1: the last). */
  private next = new Int32Array(0);
  /** For a domain index: the names under each parent domain (`a.example.com` under `example.com`). */
  private readonly children: Map<string, string[]> | null;

  constructor({ domains = false }: { domains?: boolean } = {}) {
    this.children = domains ? new Map() : null;
  }

  /** The memory the index takes, in bytes, besides its map's entries and names. */
  get bytes(): number {
    return this.heads.byteLength + this.sizes.byteLength + this.next.byteLength;
  }

  /** Puts a slot in a name's chain (an empty name in none). */
  add(slot: number, name: string): void {
    if (name === '') return;
    this.ensureSlots(slot + 1);
    const chain = this.chainOf(name);
    this.next[slot] = this.heads[chain]!;
    this.heads[chain] = slot;
    this.sizes[chain]!++;
  }

  /**
   * Takes a slot out of the chain of the name it was added under. The chain is walked to the slot before it: a story
   * changes its domain or author seldom, and chains are short but for a few.
   */
  remove(slot: number, name: string): void {
    const chain = this.chains.get(name);
    if (chain === undefined || slot >= this.next.length) return;
    if (this.heads[chain] === slot) {
      this.heads[chain] = this.next[slot]!;
    } else {
      let before = this.heads[chain]!;
      while (before !== -1 && this.next[before] !== slot) before = this.next[before]!;
      if (before === -1) return;
      this.next[before] = this.next[slot]!;
    }
    this.sizes[chain]!--;
  }

  /**
   * How many slots a name's stories take, with those of the names under it for a domain index (a domain's feed
   * includes its subdomains).
   */
  count(name: string): number {
    let count = 0;
    for (const chain of this.chainsWithin(name)) count += this.sizes[chain]!;
    return count;
  }

  /** The slots of a name's stories (and of the names under it, for a domain index), in no particular order. */
  slots(name: string): Int32Array {
    const slots = new Int32Array(this.count(name));
    let n = 0;
    for (const chain of this.chainsWithin(name)) {
      for (let slot = this.heads[chain]!; slot !== -1; slot = this.next[slot]!) slots[n++] = slot;
    }
    return slots;
  }

  private chainsWithin(name: string): number[] {
    const own = this.chains.get(name);
    const chains = own === undefined ? [] : [own];
    for (const child of this.children?.get(name) ?? []) chains.push(this.chains.get(child)!);
    return chains;
  }

  private chainOf(name: string): number {
    let chain = this.chains.get(name);
    if (chain !== undefined) return chain;
    chain = this.chains.size;
    this.chains.set(name, chain);
    if (chain >= this.heads.length) {
      const size = Math.max(1024, this.heads.length * 2);
      this.heads = grown(this.heads, size, -1);
      this.sizes = grown(this.sizes, size, 0);
    }
    // Each parent with a dot in it: example.com for a.b.example.com, and b.example.com.
    if (this.children) {
      for (let dot = name.indexOf('.'); dot !== -1 && name.indexOf('.', dot + 1) !== -1; dot = name.indexOf('.', dot + 1)) {
        const parent = name.slice(dot + 1);
        const under = this.children.get(parent);
        if (under) under.push(name);
        else this.children.set(parent, [name]);
      }
    }
    return chain;
  }

  private ensureSlots(needed: number): void {
    if (needed <= this.next.length) return;
    const size = Math.max(needed, this.next.length * 2, 1024);
    this.next = grown(this.next, size, -1);
  }
}

/** A copy of an array at a larger size, the new places filled with `fill`. */
function grown(array: Int32Array, size: number, fill: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(size).fill(fill);
  next.set(array);
  return next;
}
