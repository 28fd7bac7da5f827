/**
 * Answers that are the same for every reader (the public listing's pages), built once per version of
 * what they are read from and shared by every request that asks meanwhile: eight clients asking for
 * the same page at once start one build, not eight.
 *
 * An answer is reused only while `version` (the read model's checkpoint) is the one it was built under
 * and for at most `maxAgeMs` from the start of its build. The version makes a change show at once where
 * the checkpoint moves with every applied event (one projection partition); the age bounds how late it
 * shows where it may not (with several partitions the checkpoint is the slowest one's). A failed build is
 * forgotten, so the next request tries again. At most `maxEntries` answers are held, the least recently
 * built dropped first.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: string; builtAt: number; value: Promise<T> }>();

  constructor(private readonly options: { readonly maxAgeMs: number; readonly maxEntries: number; readonly now?: () => number }) {}

  get(key: string, version: string, build: () => Promise<T>): Promise<T> {
    const now = (this.options.now ?? Date.now)();
    const held = this.entries.get(key);
    if (held && held.version === version && now - held.builtAt < this.options.maxAgeMs) return held.value;
    const entry = { version, builtAt: now, value: build() };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }
}
