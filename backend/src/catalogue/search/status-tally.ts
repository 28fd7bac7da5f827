// How many videos each category holds, published and retired: a page's `total` without q, without
// counting 100 000 videos per request.
import type { VideoStatus } from './search-types';

export class StatusTally {
  private readonly byCategory = new Map<string, { published: number; retired: number }>();
  private readonly all = { published: 0, retired: 0 };

  add(categoryId: string, retired: boolean, by: 1 | -1): void {
    let counts = this.byCategory.get(categoryId);
    if (counts === undefined) this.byCategory.set(categoryId, (counts = { published: 0, retired: 0 }));
    const field = retired ? 'retired' : 'published';
    counts[field] += by;
    this.all[field] += by;
  }

  total(categoryId: string | undefined, status: VideoStatus): number {
    const counts = categoryId === undefined ? this.all : (this.byCategory.get(categoryId) ?? { published: 0, retired: 0 });
    return status === 'all' ? counts.published + counts.retired : counts[status];
  }
}
