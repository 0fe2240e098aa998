import { Anchor, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '../../components/feedback/page-spinner';
import { appConfig } from '../../config/app-config';
import { type ExternalRouteKey, paths } from '../../config/paths';
import { useOrganizationInfo } from '../../features/organization/api/get-organization-info';
import { useTranslation } from '../../lib/i18n/use-translation';

/** The configured address; /full-terms falls back to the organization's own terms address. */
function useTarget(target: ExternalRouteKey): { url: string; isResolving: boolean } {
  const organization = useOrganizationInfo();
  const configured = appConfig.external[target];
  if (configured || target !== 'fullTerms') return { url: configured, isResolving: false };
  return { url: organization.data?.termsFullUrl ?? '', isResolving: organization.isPending };
}

/**
 * An external-redirect route (docs/product/screens-and-routes.md#external-redirects): replaces this page with
 * the external address.
 */
export function ExternalRedirect({ target }: { target: ExternalRouteKey }) {
  const { t } = useTranslation();
  const { url, isResolving } = useTarget(target);
  useEffect(() => {
    if (url) window.location.replace(url);
  }, [url]);
  if (!url && !isResolving) return <Navigate to={paths.notFound} replace />;
  return (
    <Stack component="main" id="main" align="center">
      <PageSpinner label={t('redirect.title')} />
      {url && <Anchor href={url}>{t('redirect.link')}</Anchor>}
    </Stack>
  );
}
