import { useEffect, useState } from 'react';
import { useRenderedInSlices } from '@/lib/rendered-in-slices';
import type { Category, Video } from '@/lib/types';
import { ConfirmDialog } from './confirm-dialog';
import { notifyWithUndo } from './studio-undo';
import {
  useGetAdminVideosInfiniteQuery,
  useRestoreVideoMutation,
  useRetireVideoMutation,
  type AdminSort,
  type AdminStatus,
  type AdminVideosQuery,
} from './studio-api';
import { VideoForm } from './video-form';

/** 1234 → "1.2k", 4 100 000 → "4.1M". */
function compactCount(count: number | undefined): string {
  const n = count ?? 0;
  for (const [size, unit] of [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'k'],
  ] as const) {
    if (n >= size) return `${Number((n / size).toFixed(n < size * 10 ? 1 : 0))}${unit}`;
  }
  return String(n);
}

const SORTS: [AdminSort, string][] = [
  ['newest', 'Newest'],
  ['popular', 'Popular'],
  ['likes', 'Most liked'],
  ['views', 'Most viewed'],
  ['title', 'Title'],
];
const STATUSES: [AdminStatus, string][] = [
  ['all', 'All'],
  ['published', 'Published'],
  ['retired', 'Retired'],
];

type Pending = { kind: 'retire' | 'restore'; video: Video } | { kind: 'edit' | 'add'; video?: Video };

/** The studio's videos: searched, filtered, sorted and paged by the server (GET /api/admin/videos), each with its actions. */
export function VideosTable({ categories }: { categories: Category[] }) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<AdminVideosQuery>({ sort: 'newest', status: 'all' });
  useEffect(() => {
    const timer = setTimeout(() => setQuery((current) => ({ ...current, q: typed.trim() || undefined })), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const answer = useGetAdminVideosInfiniteQuery(query);
  const { isError, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage } = answer;
  const { shown: data, rendering } = useRenderedInSlices(answer.data);
  const isLoading = answer.isLoading || rendering;
  const videos = data?.pages.flatMap((page) => page.videos) ?? [];
  const [retire] = useRetireVideoMutation();
  const [restore] = useRestoreVideoMutation();
  const [pending, setPending] = useState<Pending | null>(null);

  const doRetire = (video: Video) =>
    void retire(video._id).then(({ error }) => !error && notifyWithUndo(`Video retired: ${video.title}`, () => void restore(video._id)));
  const doRestore = (video: Video) =>
    void restore(video._id).then(({ error }) => !error && notifyWithUndo(`Video restored: ${video.title}`, () => void retire(video._id)));

  const select = <K extends keyof AdminVideosQuery>(name: K, label: string, options: [string, string][]) => (
    <label className="studio-field">
      <span className="studio-field__label">{label}</span>
      <select
        className="studio-field__input"
        value={query[name] ?? ''}
        onChange={(event) => setQuery((current) => ({ ...current, [name]: event.target.value || undefined }))}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <section className="studio__section" aria-labelledby="studio-videos">
      <div className="studio__section-head">
        <h2 id="studio-videos">Videos</h2>
        <button type="button" className="btn btn--primary" onClick={() => setPending({ kind: 'add' })}>
          Add video
        </button>
      </div>
      <div className="studio__filters">
        <label className="studio-field">
          <span className="studio-field__label">Search</span>
          <input className="studio-field__input" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </label>
        {select('category', 'Category', [['', 'All'], ...categories.map((c): [string, string] => [c._id, c.categoryName])])}
        {select('sort', 'Sort by', SORTS)}
        {select('status', 'Status', STATUSES)}
      </div>
      {/* Focusable so that a keyboard can scroll it on a phone, where the table is wider than the screen. */}
      <div className="studio__table-wrap" tabIndex={0} role="region" aria-label="Videos table" aria-busy={isFetching}>
        <table className="studio__table">
          <colgroup>
            <col />
            <col className="studio__col--category" />
            <col className="studio__col--count" />
            <col className="studio__col--count" />
            <col className="studio__col--date" />
            <col className="studio__col--status" />
            <col className="studio__col--actions" />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Video</th>
              <th scope="col">Category</th>
              <th scope="col">Likes</th>
              <th scope="col">Views</th>
              <th scope="col">Published</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {videos.map((video) => {
              const retired = video.available === false;
              return (
                <tr key={video._id} className={retired ? 'studio__row--retired' : undefined}>
                  <td>
                    <div className="studio__video">
                      <img src={video.thumbnail} alt="" width={96} height={54} loading="lazy" />
                      <div>
                        <div className="studio__video-title">{video.title}</div>
                        <div className="studio__muted">
                          {video.channel} · {video._id}
                        </div>
                      </div>
                    </div>
                  </td>
                  <td>{video.category}</td>
                  <td>{compactCount(video.likeCount)}</td>
                  <td>{compactCount(video.viewCount)}</td>
                  <td>{video.publishedAt ? new Date(video.publishedAt).toLocaleDateString() : '–'}</td>
                  <td>{retired ? 'Retired' : 'Published'}</td>
                  <td>
                    <div className="studio__actions">
                      <button
                        type="button"
                        className="btn btn--outline"
                        aria-label={`Edit ${video.title}`}
                        onClick={() => setPending({ kind: 'edit', video })}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn--outline"
                        aria-label={`${retired ? 'Restore' : 'Retire'} ${video.title}`}
                        onClick={() => setPending({ kind: retired ? 'restore' : 'retire', video })}
                      >
                        {retired ? 'Restore' : 'Retire'}
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {isLoading ? (
        // Holds the first page's place (studio.css): the panels below start under the fold, not on screen to
        // be pushed down when the rows arrive (a layout shift, README "Speed on a phone").
        <p role="status" className="studio__loading">
          Loading videos…
        </p>
      ) : isError && !data ? (
        <p className="studio__muted">The videos cannot be shown right now.</p>
      ) : videos.length === 0 ? (
        <p className="studio__muted">No videos match.</p>
      ) : (
        hasNextPage && (
          <button
            type="button"
            className="btn btn--outline"
            aria-disabled={isFetchingNextPage}
            onClick={() => !isFetchingNextPage && void fetchNextPage()}
          >
            {isFetchingNextPage ? 'Loading more videos…' : 'Load more videos'}
          </button>
        )
      )}
      {(pending?.kind === 'add' || pending?.kind === 'edit') && (
        <VideoForm video={pending.video} categories={categories} onClose={() => setPending(null)} />
      )}
      {pending?.kind === 'retire' && (
        <ConfirmDialog
          title="Retire this video?"
          text={`“${pending.video.title}” leaves home, search and the player. Lists that hold it show it as no longer available. You can restore it later.`}
          action="Retire"
          onConfirm={() => doRetire(pending.video)}
          onClose={() => setPending(null)}
        />
      )}
      {pending?.kind === 'restore' && (
        <ConfirmDialog
          title="Restore this video?"
          text={`“${pending.video.title}” comes back to home, search, the player and every list that holds it.`}
          action="Restore"
          onConfirm={() => doRestore(pending.video)}
          onClose={() => setPending(null)}
        />
      )}
    </section>
  );
}
