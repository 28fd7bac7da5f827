import { Link } from '@/components/link';
import { paths } from '@/lib/paths';
import type { Playlist } from '@/lib/types';
import defaultPlaylistImage from '@/assets/playlist-default.svg';
import { ImageWithFallback } from '@/components/image-with-fallback';
import { Icon } from '@/components/icons';
import { videoCount } from '@/components/list-page';
import { VideoThumbnail } from '@/components/video-thumbnail';

const DefaultImage = () => <img className="playlist-card__img" src={defaultPlaylistImage} alt="" />;

/** Its own image, else its first video's thumbnail (as video sites show a playlist), else the default one. */
function Cover({ playlist }: { playlist: Playlist }) {
  const first = playlist.videos[0];
  if (playlist.playlistImg || !first) {
    return <ImageWithFallback src={playlist.playlistImg} alt="" className="playlist-card__img" fallback={<DefaultImage />} />;
  }
  return (
    <div className="playlist-card__img playlist-card__thumb" aria-hidden="true">
      <VideoThumbnail src={first.thumbnail} title={first.title} />
    </div>
  );
}

export function PlaylistCard({ playlist, onDelete }: { playlist: Playlist; onDelete: () => void }) {
  return (
    <article className="playlist-card">
      <Link className="playlist-card__link" to={paths.playlist.to(playlist._id)}>
        <Cover playlist={playlist} />
        <span className="playlist-card__title">{playlist.title}</span>
        <span className="playlist-card__count">{videoCount(playlist.videos.length)}</span>
      </Link>
      <button type="button" className="playlist-card__delete" aria-label={`Delete playlist ${playlist.title}`} onClick={onDelete}>
        <Icon name="trash" />
      </button>
    </article>
  );
}
