/**
 * A value with the catalogue's counts taken out of every video in it (`likeCount`, `viewCount` and the
 * display strings made from them): a test that compares a user's answers before and after other users act
 * compares that user's own data, while the counts follow everyone's likes and views (docs/design/catalogue.md).
 */
export function withoutCounts<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutCounts) as T;
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>);
  const isVideo = entries.some(([key]) => key === 'likeCount');
  return Object.fromEntries(
    entries
      .filter(([key]) => !(isVideo && ['likeCount', 'viewCount', 'likes', 'views'].includes(key)))
      .map(([key, child]) => [key, withoutCounts(child)]),
  ) as T;
}
