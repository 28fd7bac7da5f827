import { ToggleButton } from '@/components/toggle-button';
import type { Video } from '@/lib/types';
import { useVideoSetToggle } from './use-video-set';
import { likes, watchLater } from './video-sets-api';

// The player's buttons (Like/Unlike, WatchLater/Remove WatchLater, Playlist), one small
// component each, so that adding one (Share, Subscribe) is one more line in PlayerActions.

function LikeButton({ video }: { video: Video }) {
  const like = useVideoSetToggle(likes, video);
  return <ToggleButton icon="like" label={like.isIn ? 'Unlike' : 'Like'} widest="Unlike" pressed={like.isIn} onClick={like.toggle} />;
}

function WatchLaterButton({ video }: { video: Video }) {
  const later = useVideoSetToggle(watchLater, video);
  return (
    <ToggleButton
      icon="clock"
      label={later.isIn ? 'Remove WatchLater' : 'WatchLater'}
      widest="Remove WatchLater"
      pressed={later.isIn}
      onClick={later.toggle}
    />
  );
}

function PlaylistButton({ onOpen }: { onOpen: () => void }) {
  return <ToggleButton icon="playlist" label="Playlist" onClick={onOpen} />;
}

export function PlayerActions({ video, onPlaylist }: { video: Video; onPlaylist: () => void }) {
  return (
    <>
      <LikeButton video={video} />
      <WatchLaterButton video={video} />
      <PlaylistButton onOpen={onPlaylist} />
    </>
  );
}
