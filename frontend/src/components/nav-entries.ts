import { paths } from '@/lib/paths';
import type { IconName } from './icons';

export interface NavEntry {
  to: string;
  /** The sidebar's words (Explore, Playlist, Watch Later, Liked, History). */
  label: string;
  icon: IconName;
  /** Set for the entries of the phone's bottom bar, with its shorter word. */
  bottom?: string;
}

/**
 * The app's navigation, once: the sidebar shows every entry, the phone's bottom bar those with a
 * `bottom` word. Adding a destination is one line here.
 */
export const NAV_ENTRIES: NavEntry[] = [
  { to: paths.home.to(), label: 'Explore', icon: 'explore', bottom: 'Home' },
  { to: paths.playlists.to(), label: 'Playlist', icon: 'playlist', bottom: 'Playlists' },
  { to: paths.watchLater.to(), label: 'Watch Later', icon: 'clock', bottom: 'Watch later' },
  { to: paths.liked.to(), label: 'Liked', icon: 'like', bottom: 'Liked' },
  { to: paths.history.to(), label: 'History', icon: 'history', bottom: 'History' },
  { to: paths.subscriptions.to(), label: 'Subscriptions', icon: 'subscriptions' },
  { to: paths.activity.to(), label: 'Activity', icon: 'activity' },
];
