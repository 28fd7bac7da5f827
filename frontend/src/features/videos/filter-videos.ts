import type { Video } from '@/lib/types';

/**
 * The title search is a trimmed, case-insensitive substring match; the category is an
 * exact match; both combine and an empty value means "no filter".
 */
export function filterVideos(videos: readonly Video[], search: string, category: string): Video[] {
  const needle = search.trim().toLowerCase();
  return videos.filter(
    (video) => (category === '' || video.category === category) && (needle === '' || video.title.toLowerCase().includes(needle)),
  );
}
