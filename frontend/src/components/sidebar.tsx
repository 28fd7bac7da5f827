import { NavLink } from 'react-router-dom';
import { paths } from '@/app/config/paths';
import './sidebar.css';

const links = [
  { to: paths.home.to(), label: 'Explore', icon: '🧭' },
  { to: paths.playlists.to(), label: 'Playlist', icon: '🎞' },
  { to: paths.watchLater.to(), label: 'Watch Later', icon: '🕒' },
  { to: paths.liked.to(), label: 'Liked', icon: '👍' },
  { to: paths.history.to(), label: 'History', icon: '📜' },
];

/** A column on wide screens, a scrollable strip under the header on phones. */
export function Sidebar() {
  return (
    <nav className="sidebar" aria-label="Main">
      <ul className="sidebar__list">
        {links.map(({ to, label, icon }) => (
          <li key={to}>
            <NavLink className="sidebar__link" to={to} end>
              <span className="sidebar__icon" aria-hidden="true">
                {icon}
              </span>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
