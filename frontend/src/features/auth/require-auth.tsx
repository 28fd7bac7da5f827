import { Navigate, Outlet, useLocation } from 'react-router';
import { useToken } from '@/lib/hooks';
import { paths } from '@/lib/paths';

/** Protected pages send guests to /login, replacing the entry and remembering the origin. */
export function RequireAuth() {
  const token = useToken();
  const location = useLocation();
  if (!token) return <Navigate to={paths.login.to()} replace state={{ from: location, reason: 'Log in to see this page.' }} />;
  return <Outlet />;
}
