import { Navigate, Outlet } from 'react-router';
import { paths } from '../../config/paths';
import { useHasBlockingError } from '../../lib/errors/error-display-store';
import { useHasSession } from '../../lib/session/session-store';

/**
 * Authenticated routes redirect to / without a session. While a blocking error is on screen the page stays:
 * the unauthorized error's own action goes to / (docs/product/errors.md#specific-errors), the user must be
 * able to read it first.
 */
export function RequireToken() {
  const hasSession = useHasSession();
  const hasBlockingError = useHasBlockingError();
  if (!hasSession && !hasBlockingError)
    return <Navigate to={paths.login} replace state={{ keepErrors: true }} />;
  return <Outlet />;
}
