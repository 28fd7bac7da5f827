/**
 * Keeps a category's removal and the writes that put videos in it (a publication, an edit of the category,
 * a restore, an import) apart within this process (docs/design/catalogue.md, "Categories and their videos").
 * Writes into one category run side by side; its removal waits for those under way, and writes that come
 * during a removal wait for it. Each then checks the catalogue again: the removal finds the videos just
 * written and is refused, or the write finds its category gone. Without this, a removal counted while an
 * import of thousands of videos was still appending them would succeed, and the import go on publishing
 * into the removed category.
 */
export class CategoryLocks {
  private readonly writes = new Map<string, Set<Promise<unknown>>>();
  private readonly removals = new Map<string, Promise<unknown>>();

  /** Runs `work` (a write putting videos into `categoryIds`) once no removal of one of them is under way. */
  async placing<T>(categoryIds: Iterable<string>, work: () => Promise<T>): Promise<T> {
    const ids = [...new Set(categoryIds)];
    for (;;) {
      const removals = ids.flatMap((id) => this.removals.get(id) ?? []);
      if (removals.length === 0) break;
      await Promise.allSettled(removals);
    }
    const running = work();
    for (const id of ids) {
      let writes = this.writes.get(id);
      if (!writes) this.writes.set(id, (writes = new Set()));
      writes.add(running);
    }
    try {
      return await running;
    } finally {
      for (const id of ids) {
        const writes = this.writes.get(id)!;
        writes.delete(running);
        if (writes.size === 0) this.writes.delete(id);
      }
    }
  }

  /** Runs `work` (the removal of `categoryId`) alone: after the writes into it under way, before those that come meanwhile. */
  async removing<T>(categoryId: string, work: () => Promise<T>): Promise<T> {
    while (this.removals.has(categoryId)) await Promise.allSettled([this.removals.get(categoryId)]);
    const running = Promise.allSettled([...(this.writes.get(categoryId) ?? [])]).then(work);
    this.removals.set(categoryId, running);
    try {
      return await running;
    } finally {
      this.removals.delete(categoryId);
    }
  }
}
