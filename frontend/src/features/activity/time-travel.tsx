import { useId, useState, type FormEvent } from 'react';
import { Link } from '@/components/link';
import { paths } from '@/lib/paths';
import { firstServerError } from '@/lib/server-errors';
import { useUserArg } from '@/lib/hooks';
import type { Video } from '@/lib/types';
import { Loader } from '@/components/loader';
import { readableTime } from './readable-time';
import { useGetLibraryAsOfQuery } from './library-snapshot-api';

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a datetime-local input shows it: the reader's own clock, to the second. */
function toLocalInput(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** "View my library as of …": a date and time on the reader's clock, sent as an ISO moment. */
export function TimeTravelForm({ asOf, onShow }: { asOf: string | null; onShow: (iso: string) => void }) {
  const [value, setValue] = useState(() => toLocalInput(asOf ? new Date(asOf) : new Date()));
  const inputId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A datetime-local value has no offset, so Date reads it on the reader's clock.
    const moment = new Date(value);
    if (value && !Number.isNaN(moment.getTime())) onShow(moment.toISOString());
  };

  return (
    <form className="time-travel__form" onSubmit={onSubmit}>
      <label className="time-travel__label" htmlFor={inputId}>
        View my library as of
      </label>
      <div className="time-travel__row">
        <input
          id={inputId}
          className="field__input"
          type="datetime-local"
          step={1}
          required
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={!value}>
          Show
        </button>
      </div>
    </form>
  );
}

/** The read-only picture of the user's lists at `asOf`. */
export function LibraryAsOf({ asOf }: { asOf: string }) {
  // currentData: while another moment loads, the previous one must not show under the new heading.
  const { currentData: data, isFetching, isError, error } = useGetLibraryAsOfQuery(useUserArg(asOf));

  return (
    <section className="time-travel" aria-labelledby="time-travel-title">
      <div className="time-travel__banner">
        <h2 id="time-travel-title" className="time-travel__title">
          Your library as of <time dateTime={asOf}>{readableTime(asOf, { seconds: true })}</time>
        </h2>
        <p className="time-travel__note">A past view, read only: what your lists held at that moment. Nothing here can be changed.</p>
        <Link className="btn btn--outline" to={paths.activity.to()}>
          Back to timeline
        </Link>
      </div>
      {isFetching && !data ? (
        <Loader />
      ) : isError || !data ? (
        <p className="empty-state__text">{firstServerError(error) ?? 'This view cannot be shown right now.'}</p>
      ) : (
        <>
          <PastList title="Liked videos" videos={data.likes} />
          <PastList title="Watch later" videos={data.watchlater} />
          {/* Latest watched first, as on the History page. */}
          <PastList title="History" videos={[...data.history].reverse()} />
          <section className="time-travel__section" aria-labelledby="past-playlists">
            <h3 id="past-playlists" className="time-travel__heading">
              Playlists <span className="time-travel__count">({data.playlists.length})</span>
            </h3>
            {data.playlists.length === 0 ? (
              <p className="time-travel__none">No playlists</p>
            ) : (
              data.playlists.map((playlist) => <PastList key={playlist._id} title={playlist.title} videos={playlist.videos} level={4} />)
            )}
          </section>
        </>
      )}
    </section>
  );
}

function PastList({ title, videos, level = 3 }: { title: string; videos: Video[]; level?: 3 | 4 }) {
  const headingId = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <section className={`time-travel__section time-travel__section--${level}`} aria-labelledby={headingId}>
      <Heading id={headingId} className="time-travel__heading">
        {title} <span className="time-travel__count">({videos.length})</span>
      </Heading>
      {videos.length === 0 ? (
        <p className="time-travel__none">Nothing</p>
      ) : (
        <ol className="time-travel__list">
          {videos.map((video) => (
            <li key={video._id} className="time-travel__item">
              <Link to={paths.videoPlay.to(video._id)}>{video.title}</Link>
              <span className="time-travel__channel">{video.channel}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
