import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import { paths } from '@/lib/paths';
import { Icon } from './icons';
import './header.css';

interface Props {
  /** The title search (components/header-search.tsx), on every page but login's and signup's. */
  search?: ReactNode;
  /** The Login / Logout button, supplied by the auth feature. */
  account: ReactNode;
}

export function Header({ search, account }: Props) {
  return (
    <header className="header">
      <Link className="header__brand" to={paths.home.to()} aria-label="TechTube home">
        <span className="header__logo">
          <Icon name="play" size={16} />
        </span>
        <span className="header__name">TechTube</span>
      </Link>
      {search && <div className="header__search">{search}</div>}
      <div className="header__account">{account}</div>
    </header>
  );
}
