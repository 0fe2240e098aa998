import { appConfig } from '../../config/app-config';
import { useOrganizationInfo } from './api/get-organization-info';

/** The configured support phone, else the organization's own (organizations/current). */
export function useSupportPhone(): string {
  const organization = useOrganizationInfo();
  return appConfig.supportPhone || organization.data?.supportPhone || '';
}

/** The organization's name for the footer; the product name until it loads. */
export function useOrganizationName(fallback: string): string {
  return useOrganizationInfo().data?.name ?? fallback;
}
