import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { resetSession } from '../../lib/session/session-store';
import { endSession } from './api/logout';

/**
 * Logout (docs/product/screens-and-routes.md#session-flow): end the session on the server (errors ignored; the
 * API clears its cookies), then forget it and reset authentication, account, terms, company, program and dismissed
 * notifications, and go to /.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const revoking = endSession();
    resetSession();
    navigate(paths.login, { replace: true });
    // Server state of the user (account, terms, companies, programs…) goes; public brand facts may stay.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'public' });
    await revoking;
  }, [navigate, queryClient]);
}
