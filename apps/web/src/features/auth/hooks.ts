import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { logout } from './api';

export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    navigate('/', { replace: true });
  }, [navigate]);
}

/** Where "back to the page they were on" points for the current screen. */
export function useCurrentPath(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}
