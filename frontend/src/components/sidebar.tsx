import { NavLink } from '@/components/link';
import { Icon } from './icons';
import { NAV_ENTRIES } from './nav-entries';
import { revealFocused } from './reveal-focused';
import './sidebar.css';

/** A column on wide screens, a scrollable strip under the header on tablets; phones get the bottom bar. */
export function Sidebar() {
  return (
    <nav className="sidebar" aria-label="Main">
      <ul className="sidebar__list" onFocus={revealFocused}>
        {NAV_ENTRIES.map(({ to, label, icon }) => (
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

/** Phones (up to 600 px): the main destinations in a bar at the bottom, as video sites' mobile apps do. */
export function BottomNav() {
  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul className="bottom-nav__list">
        {NAV_ENTRIES.filter((entry) => entry.bottom).map(({ to, bottom, icon }) => (
          <li key={to}>
            <NavLink className="bottom-nav__link" to={to} end>
              <Icon name={icon} size={22} />
              <span className="bottom-nav__label">{bottom}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
