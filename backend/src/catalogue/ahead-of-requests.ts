/**
 * Work for the catalogue's videos done after they change and before a request asks for it: a video's answer and
 * its JSON (catalogue.service.ts), otherwise made by the first search page that shows the video, while that page's
 * client and every client queued behind it wait. At 100 000 videos the searches of the catalogue-scale benchmark
 * met new videos for minutes after an import or a restart: making their answers took ~10 % of a search's CPU then,
 * and the answers piling up in the old generation brought major collections of 30–48 ms (bench/RESULTS.md,
 * "Catalogue at 100 000 videos"). Done here in slices of a few milliseconds, between other work.
 */
export class AheadOfRequests {
  private readonly pending = new Set<string>();
  /** The pending ids taken out to be worked through (deleting a Set's first entry one at a time is quadratic). */
  private taken: string[] = [];
  private at = 0;
  /** After a change that may concern every video (a category's): all of them, in turn. */
  private all: Iterator<string> | undefined;
  private scheduled = false;

  constructor(
    /** Does the work for one id; doing it again for the same id must cost little (its result kept). */
    private readonly make: (id: string) => void,
    private readonly everyId: () => Iterable<string>,
    private readonly timing: { readonly delayMs: number; readonly sliceMs: number } = { delayMs: 200, sliceMs: 2 },
  ) {}

  /** Whether work is waiting. */
  get idle(): boolean {
    return this.pending.size === 0 && this.at === this.taken.length && this.all === undefined;
  }

  /** `id` changed (undefined: any of them may have): its work is done in the next slices. */
  changed(id: string | undefined): void {
    if (id === undefined) {
      this.all = this.everyId()[Symbol.iterator]();
      this.pending.clear();
      this.taken = [];
      this.at = 0;
    } else {
      this.pending.add(id);
    }
    if (this.scheduled) return;
    this.scheduled = true;
    // A delay first: a change comes with others (an import's batch, a restart's fold), which go first.
    setTimeout(() => this.slice(), this.timing.delayMs).unref();
  }

  /** Works for at most sliceMs, then lets requests and I/O run before the next slice. */
  private slice(): void {
    const until = performance.now() + this.timing.sliceMs;
    for (let done = 0; ; done++) {
      if (done % 16 === 15 && performance.now() >= until) {
        setImmediate(() => this.slice()).unref();
        return;
      }
      const id = this.next();
      if (id === undefined) break;
      this.make(id);
    }
    this.scheduled = false;
  }

  private next(): string | undefined {
    if (this.at < this.taken.length) return this.taken[this.at++];
    if (this.pending.size > 0) {
      this.taken = [...this.pending];
      this.pending.clear();
      this.at = 1;
      return this.taken[0];
    }
    if (this.all === undefined) return undefined;
    const step = this.all.next();
    if (step.done) this.all = undefined;
    return step.done ? undefined : step.value;
  }
}
