import type { Video, VideosResponse } from '@/lib/types';

/**
 * The pages fetched so far as one list, in order. Pages are disjoint by contract (keyset paging,
 * docs/design/catalogue.md); a video met twice all the same (a page read again after an edit) is shown
 * once, where it first came, so that React's keys stay unique.
 */
export function mergePages(pages: readonly VideosResponse[] | undefined): Video[] {
  const seen = new Set<string>();
  const videos: Video[] = [];
  for (const page of pages ?? []) {
    for (const video of page.videos) {
      if (seen.has(video._id)) continue;
      seen.add(video._id);
      videos.push(video);
    }
  }
  return videos;
}
