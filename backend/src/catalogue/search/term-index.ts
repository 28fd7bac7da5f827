// The inverted index: for each term, the documents holding it and in which fields; for each document, its
// terms (to edit it, and to test a few documents against a broad prefix without reading its postings).
// Entries are packed into one int: (number << 3) | fields, in typed arrays, at 4 bytes an entry.
import { TermDictionary } from './term-dictionary';
import { wordsOf } from './normalize';

export const TITLE = 4;
export const CHANNEL = 2;
export const DESCRIPTION = 1;

/** A flag of the scratch fields: this term's posting already says so. */
const UNCHANGED = 8;

export interface IndexedTexts {
  readonly title: string;
  readonly channel: string;
  readonly description: string;
}

export class TermIndex {
  readonly dictionary = new TermDictionary();
  /** Per term: (doc << 3 | fields) entries by ascending doc, and how many are in use. */
  readonly postings: Int32Array[] = [];
  readonly postingLengths: number[] = [];
  /** Per document: its slice of `forward`, (term << 3 | fields) entries. */
  forward = new Int32Array(1 << 16);
  readonly forwardStart: number[] = [];
  readonly forwardLength: number[] = [];
  /**
   * Per term, how many documents hold it in each field: [title, channel, description] at term * 3. Upper
   * bounds of a score tier's size, for choosing how to find its videos (walked-page.ts).
   */
  fieldCounts = new Int32Array(3 << 12);
  /** Moves with every document indexed: what is derived from the postings (broad-words.ts) is kept until it moves. */
  changes = 0;
  private forwardUsed = 0;
  private forwardGarbage = 0;
  /** By term, while a document is indexed: its fields in the new texts (and UNCHANGED when they were already so). */
  private scratchFields = new Uint8Array(1 << 12);

  /** How many (term, document) pairs the index holds. */
  get forwardEntries(): number {
    return this.forwardUsed - this.forwardGarbage;
  }

  /** Indexes a document's texts, replacing what it held before. */
  setDocument(doc: number, texts: IndexedTexts): void {
    this.changes++;
    const terms = this.collect(texts);
    const fields = this.scratchFields;
    const start = this.forwardStart[doc];
    if (start !== undefined) {
      for (let i = start, end = start + this.forwardLength[doc]; i < end; i++) {
        const term = this.forward[i] >> 3;
        const held = this.forward[i] & 7;
        if (fields[term] === held) fields[term] |= UNCHANGED;
        else this.countFields(term, held, -1);
        if (fields[term] === 0) this.removePosting(term, doc);
      }
      this.forwardGarbage += this.forwardLength[doc];
      this.forwardLength[doc] = 0;
    }
    for (const term of terms) {
      if ((fields[term] & UNCHANGED) !== 0) continue;
      this.setPosting(term, doc, fields[term]);
      this.countFields(term, fields[term], 1);
    }
    if (this.forwardUsed + terms.length > this.forward.length) this.compactForward(terms.length);
    this.forwardStart[doc] = this.forwardUsed;
    this.forwardLength[doc] = terms.length;
    for (const term of terms) {
      this.forward[this.forwardUsed++] = (term << 3) | (fields[term] & 7);
      fields[term] = 0;
    }
  }

  /** The document's distinct terms; `scratchFields` holds the fields of each (left 0 for every other term). */
  private collect(texts: IndexedTexts): number[] {
    const terms: number[] = [];
    this.collectField(wordsOf(texts.title), TITLE, terms);
    this.collectField(wordsOf(texts.channel), CHANNEL, terms);
    this.collectField(wordsOf(texts.description), DESCRIPTION, terms);
    return terms;
  }

  private collectField(words: string[], field: number, terms: number[]): void {
    for (let i = 0; i < words.length; i++) {
      const term = this.dictionary.idOf(words[i]);
      if (term >= this.scratchFields.length) this.growScratch();
      if (this.scratchFields[term] === 0) terms.push(term);
      this.scratchFields[term] |= field;
    }
  }

  private growScratch(): void {
    const grown = new Uint8Array(this.scratchFields.length * 2);
    grown.set(this.scratchFields);
    this.scratchFields = grown;
    const counts = new Int32Array(grown.length * 3);
    counts.set(this.fieldCounts);
    this.fieldCounts = counts;
  }

  private countFields(term: number, fields: number, by: 1 | -1): void {
    const at = term * 3;
    if (fields & TITLE) this.fieldCounts[at] += by;
    if (fields & CHANNEL) this.fieldCounts[at + 1] += by;
    if (fields & DESCRIPTION) this.fieldCounts[at + 2] += by;
  }

  /** Adds the document to the term's postings, or changes its fields there. */
  private setPosting(term: number, doc: number, fields: number): void {
    let entries = this.postings[term];
    let length = this.postingLengths[term] ?? 0;
    if (entries === undefined) {
      entries = this.postings[term] = new Int32Array(4);
      this.postingLengths[term] = 0;
    }
    const entry = (doc << 3) | fields;
    // A new document has the highest number: it goes last (the common case, and building).
    if (length === 0 || entries[length - 1] >> 3 < doc) {
      if (length === entries.length) entries = this.growPostings(term);
      entries[length] = entry;
      this.postingLengths[term] = length + 1;
      return;
    }
    const at = this.find(entries, length, doc);
    if (at < length && entries[at] >> 3 === doc) {
      entries[at] = entry;
      return;
    }
    if (length === entries.length) entries = this.growPostings(term);
    entries.copyWithin(at + 1, at, length);
    entries[at] = entry;
    this.postingLengths[term] = ++length;
  }

  private removePosting(term: number, doc: number): void {
    const entries = this.postings[term];
    const length = this.postingLengths[term];
    const at = this.find(entries, length, doc);
    entries.copyWithin(at, at + 1, length);
    this.postingLengths[term] = length - 1;
  }

  private find(entries: Int32Array, length: number, doc: number): number {
    let lo = 0;
    let hi = length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (entries[mid] >> 3 < doc) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private growPostings(term: number): Int32Array {
    const grown = new Int32Array(this.postings[term].length * 2);
    grown.set(this.postings[term]);
    return (this.postings[term] = grown);
  }

  /** Copies the documents' slices into a new array with room for `more` entries, leaving edits' old slices behind. */
  private compactForward(more: number): void {
    const live = this.forwardUsed - this.forwardGarbage;
    const compacted = new Int32Array(Math.max(this.forward.length, (live + more) * 2));
    let used = 0;
    for (let doc = 0; doc < this.forwardStart.length; doc++) {
      const start = this.forwardStart[doc];
      compacted.set(this.forward.subarray(start, start + this.forwardLength[doc]), used);
      this.forwardStart[doc] = used;
      used += this.forwardLength[doc];
    }
    this.forward = compacted;
    this.forwardUsed = used;
    this.forwardGarbage = 0;
  }
}
