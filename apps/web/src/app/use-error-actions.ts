import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { useLogout } from '../features/session/use-logout';
import type { ErrorActionKind } from '../lib/errors/app-error';

/** What the action button of a blocking error does (docs/product/errors.md#specific-errors). */
export function useErrorActions() {
  const navigate = useNavigate();
  const logout = useLogout();
  return useCallback(
    (kind: ErrorActionKind) => {
      if (kind === 'logout') void logout();
      else if (kind === 'home') navigate(paths.login);
      else if (kind === 'programSelection') navigate(paths.programSelection);
      else if (kind === 'giroApi') navigate(paths.giroApi);
    },
    [logout, navigate],
  );
}
