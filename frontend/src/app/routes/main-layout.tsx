import { Outlet, useLocation } from 'react-router';
import { paths } from '@/lib/paths';
import { AppShell } from '@/components/app-shell';
import { Header } from '@/components/header';
import { HeaderSearch } from '@/components/header-search';
import { AccountButton } from '@/features/auth/account-button';

const NO_SIDEBAR: string[] = [paths.login.path, paths.signup.path];

/** Every route but home: the header with its search, and the navigation; the auth forms have neither. */
export function MainLayout() {
  const { pathname } = useLocation();
  const sidebar = !NO_SIDEBAR.includes(pathname.toLowerCase().replace(/\/+$/, ''));
  return (
    <AppShell header={<Header search={sidebar && <HeaderSearch />} account={<AccountButton />} />} sidebar={sidebar}>
      <Outlet />
    </AppShell>
  );
}
