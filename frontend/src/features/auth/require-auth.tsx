import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useToken } from '@/lib/hooks';
import { paths } from '@/lib/paths';

/** SPEC §2: protected pages send guests to /login, replacing the entry and remembering the origin. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  if (!token) return <Navigate to={paths.login.to()} replace state={{ from: location }} />;
  return children;
}
