import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from './config/paths';
import type { AppDispatch, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export const useToken = () => useAppSelector((state) => state.auth.token);

/**
 * Wraps a user-list action: guests are sent to /login (remembering where they were, so that
 * they come back after logging in) instead of running it.
 */
export function useSignedInAction() {
  const token = useToken();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (action: (token: string) => void) => {
      if (token) action(token);
      else navigate(paths.login.to(), { state: { from: location } });
    },
    [token, navigate, location],
  );
}
