import { appConfig } from '../../config/app-config';
import { useOrganizationInfo } from './api/get-organization-info';

/**
 * The configured support phone, else the organization's own (organizations/current), loaded once `enabled`
 * (the call is made once a visit and then kept).
 */
export function useSupportPhone(enabled = true): string {
  const organization = useOrganizationInfo(enabled);
  return appConfig.supportPhone || organization.data?.supportPhone || '';
}

/**
 * The organization's name for the footer; the product name until it loads. With `loads` false it only reads
 * what another screen part loaded (the root layout, once the page has loaded).
 */
export function useOrganizationName(fallback: string, loads = true): string {
  return useOrganizationInfo(loads).data?.name ?? fallback;
}
