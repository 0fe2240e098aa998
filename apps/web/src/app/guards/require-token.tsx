import { Navigate, Outlet } from 'react-router';
import { paths } from '../../config/paths';
import { useHasBlockingError } from '../../lib/errors/error-display-store';
import { useHasToken } from '../../lib/session/session-store';

/**
 * Authenticated routes redirect to / without a token. While a blocking error is on screen the page stays:
 * the unauthorized error's own action goes to / (docs/product/errors.md#specific-errors), the user must be
 * able to read it first.
 */
export function RequireToken() {
  const hasToken = useHasToken();
  const hasBlockingError = useHasBlockingError();
  if (!hasToken && !hasBlockingError)
    return <Navigate to={paths.login} replace state={{ keepErrors: true }} />;
  return <Outlet />;
}
