import { NavLink } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { Icon, type IconName } from './icons';
import { revealFocused } from './reveal-focused';
import './sidebar.css';

const links = [
  { to: paths.home.to(), label: 'Explore', icon: 'explore' },
  { to: paths.playlists.to(), label: 'Playlist', icon: 'playlist' },
  { to: paths.watchLater.to(), label: 'Watch Later', icon: 'clock' },
  { to: paths.liked.to(), label: 'Liked', icon: 'like' },
  { to: paths.history.to(), label: 'History', icon: 'history' },
  { to: paths.subscriptions.to(), label: 'Subscriptions', icon: 'subscriptions' },
  { to: paths.activity.to(), label: 'Activity', icon: 'activity' },
] satisfies { to: string; label: string; icon: IconName }[];

/** A column on wide screens, a scrollable strip under the header on phones. */
export function Sidebar() {
  return (
    <nav className="sidebar" aria-label="Main">
      <ul className="sidebar__list" onFocus={revealFocused}>
        {links.map(({ to, label, icon }) => (
          <li key={to}>
            <NavLink className="sidebar__link" to={to} end>
              <Icon name={icon} />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
