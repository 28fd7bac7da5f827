// Every word the catalogue holds, numbered, and found by prefix: a sorted array searched by bisection,
// plus the words added since it was last sorted (scanned one by one). They are merged into it once they
// are a sixteenth of it, so adding a word costs a few string moves on average, never a sort per word.
const MIN_PENDING = 256;

export class TermDictionary {
  /** Each term's text, by its number. */
  readonly terms: string[] = [];
  private readonly ids = new Map<string, number>();
  private sortedTerms: string[] = [];
  private sortedIds: number[] = [];
  private pending: number[] = [];

  /** The term's number, numbering it if it is new. */
  idOf(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.terms.push(term);
      this.ids.set(term, id);
      this.pending.push(id);
      if (this.pending.length > Math.max(MIN_PENDING, this.sortedTerms.length >> 4)) this.mergePending();
    }
    return id;
  }

  /** The numbers of the terms that begin with `prefix` (the term itself included). */
  withPrefix(prefix: string): number[] {
    const found: number[] = [];
    const sorted = this.sortedTerms;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < sorted.length && sorted[i].startsWith(prefix); i++) found.push(this.sortedIds[i]);
    for (const id of this.pending) if (this.terms[id].startsWith(prefix)) found.push(id);
    return found;
  }

  private mergePending(): void {
    const terms = this.terms;
    const added = this.pending.sort((a, b) => (terms[a] < terms[b] ? -1 : 1));
    const mergedTerms: string[] = [];
    const mergedIds: number[] = [];
    let i = 0;
    let j = 0;
    while (i < this.sortedTerms.length || j < added.length) {
      if (j === added.length || (i < this.sortedTerms.length && this.sortedTerms[i] < terms[added[j]])) {
        mergedTerms.push(this.sortedTerms[i]);
        mergedIds.push(this.sortedIds[i++]);
      } else {
        mergedTerms.push(terms[added[j]]);
        mergedIds.push(added[j++]);
      }
    }
    this.sortedTerms = mergedTerms;
    this.sortedIds = mergedIds;
    this.pending = [];
  }
}
