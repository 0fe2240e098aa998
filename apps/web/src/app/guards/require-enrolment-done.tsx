import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../../components/feedback/page-spinner';
import { paths } from '../../config/paths';
import { useAccount } from '../../features/session/api/get-account';
import { needsEnrolment } from '../../features/session/next-session-step';

/**
 * Pages outside the provider layout that call the API (the terms page) wait for the account, and a user who
 * must enrol a second factor goes to /two-factor instead: the API would refuse them every other call
 * (docs/product/account-security.md#forced-enrolment). A failed account shows nothing here: the page's own
 * calls report it.
 */
export function RequireEnrolmentDone() {
  const account = useAccount();
  if (account.isPending) return <PageSpinner />;
  if (needsEnrolment(account.data)) return <Navigate to={paths.twoFactor} replace />;
  return <Outlet />;
}
