// A sorted list of document numbers under a total order, kept as blocks of at most MAX_BLOCK entries:
// inserting or removing moves at most one block's entries (a flat array of 100 000 moves up to all of
// them on every like: bench/RESULTS.md, "Catalogue search at 100 000 videos"), and a page starts with two
// binary searches (over the blocks' last entries, then inside one block).
const MAX_BLOCK = 1024;

/** A position: the block and the offset in it. */
interface Position {
  readonly block: number;
  readonly offset: number;
}

export class SortedBlocks {
  private readonly blocks: number[][] = [];

  /** `compare` is a total order: 0 only for the same document. */
  constructor(private readonly compare: (a: number, b: number) => number) {}

  insert(doc: number): void {
    const { block, offset } = this.firstAfter((entry) => this.compare(entry, doc) > 0);
    if (this.blocks.length === 0) {
      this.blocks.push([doc]);
      return;
    }
    // Past the last entry: the end of the last block.
    const target = block === this.blocks.length ? this.blocks.length - 1 : block;
    const entries = this.blocks[target];
    entries.splice(block === this.blocks.length ? entries.length : offset, 0, doc);
    if (entries.length > MAX_BLOCK) this.blocks.splice(target + 1, 0, entries.splice(entries.length >> 1));
  }

  /** Removes `doc`, found by the order as it stood when `doc` was inserted: call before changing its key. */
  remove(doc: number): void {
    const { block, offset } = this.firstAfter((entry) => this.compare(entry, doc) >= 0);
    const entries = this.blocks[block];
    if (entries?.[offset] !== doc) throw new Error(`document ${doc} is not where its key places it`);
    entries.splice(offset, 1);
    if (entries.length === 0) this.blocks.splice(block, 1);
  }

  /**
   * Visits the entries from the first one for which `isAfter` holds (a predicate false then true along
   * the order), in order, while `visit` returns true.
   */
  scanFrom(isAfter: (doc: number) => boolean, visit: (doc: number) => boolean): void {
    const start = this.firstAfter(isAfter);
    for (let b = start.block, o = start.offset; b < this.blocks.length; b++, o = 0) {
      const entries = this.blocks[b];
      for (; o < entries.length; o++) if (!visit(entries[o])) return;
    }
  }

  /** A reader of the entries from the first, one per call (undefined past the last); valid until the list changes. */
  cursor(): () => number | undefined {
    let block = 0;
    let offset = 0;
    return () => {
      while (block < this.blocks.length && offset >= this.blocks[block].length) {
        block++;
        offset = 0;
      }
      return block < this.blocks.length ? this.blocks[block][offset++] : undefined;
    };
  }

  /**
   * Inserts many documents at once (a batch of the log): into an empty list as full blocks, sorted once;
   * otherwise one by one.
   */
  insertMany(docs: number[]): void {
    if (this.blocks.length > 0) {
      for (const doc of docs) this.insert(doc);
      return;
    }
    const sorted = docs.sort(this.compare);
    for (let i = 0; i < sorted.length; i += MAX_BLOCK >> 1) this.blocks.push(sorted.slice(i, i + (MAX_BLOCK >> 1)));
  }

  private firstAfter(isAfter: (doc: number) => boolean): Position {
    const blocks = this.blocks;
    let lo = 0;
    let hi = blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const entries = blocks[mid];
      if (isAfter(entries[entries.length - 1])) hi = mid;
      else lo = mid + 1;
    }
    if (lo === blocks.length) return { block: lo, offset: 0 };
    const entries = blocks[lo];
    let from = 0;
    let to = entries.length - 1;
    while (from < to) {
      const mid = (from + to) >> 1;
      if (isAfter(entries[mid])) to = mid;
      else from = mid + 1;
    }
    return { block: lo, offset: from };
  }
}
