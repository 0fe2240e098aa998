import { Navigate, Outlet } from 'react-router';
import { paths } from '../../config/paths';
import { useDefaultCompany } from '../../features/companies/api/get-default-company';

/**
 * The program selection and the anticipation pages need a company that may anticipate: for one that may not,
 * a typed or remembered address leads to /dashboard, which says why (docs/product/screens-and-routes.md#routing-rules).
 * The provider layout shows its pages once the company has loaded, so its answer is here.
 */
export function RequireCanAnticipate() {
  const company = useDefaultCompany();
  if (company.data && !company.data.canAnticipate) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
