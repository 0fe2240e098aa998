import { Box, Container } from '@mantine/core';
import type { Company } from '@portal/contract';
import { lazy, useCallback, useDeferredValue, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { SimpleFooter } from '../../components/layout/simple-footer';
import { paths } from '../../config/paths';
import { isNoCompany, useDefaultCompany } from '../../features/companies/api/get-default-company';
import { useOrganizationName } from '../../features/organization/use-support-phone';
import { canHaveCompany as sessionCanHaveCompany } from '../../features/session/next-session-step';
import { useSessionQueries } from '../../features/session/use-session-queries';
import { showSuccess } from '../../lib/errors/error-display-store';
import { useTranslation } from '../../lib/i18n/use-translation';
import { useMountAfterFirstOpen } from '../../lib/use-mount-after-first-open';
import { ProviderGuard } from '../guards/provider-guard';
import { ProviderHeader } from './provider-header';

// The company modal (Mantine's modal and scroll area) loads the first time it opens.
const CompanyModal = lazy(() =>
  import('../../features/companies/components/company-modal').then((module) => ({
    default: module.CompanyModal,
  })),
);

/**
 * Authenticated provider pages: the provider header, the guard around the content, the footer, and the
 * company modal (mandatory while no company is set). The default company loads for activated providers. The
 * session's calls and the company were asked for with the route, beside this layout's code (app/route-data.ts).
 */
export function ProviderLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSessionQueries();
  // The footer starts below the fold: its name waits for the root layout's idle load, not for a call of its
  // own among the ones the page is waiting for.
  const organizationName = useOrganizationName(t('app.name'), false);
  const canHaveCompany = sessionCanHaveCompany(session.account.data, session.terms.data);
  const company = useDefaultCompany(canHaveCompany);
  const [isChoosing, setChoosing] = useState(false);
  // No company set: the modal, which cannot be closed, and the page waits behind it for the choice. Any other
  // failure of the company's call: the guard's message, whose reload may help; never both.
  const hasNoCompany = canHaveCompany && isNoCompany(company.error);
  const hasCompanyFailed = company.isError && !hasNoCompany;
  const isModalOpen = isChoosing || hasNoCompany;
  const isLoading =
    session.account.isPending ||
    session.terms.isPending ||
    (canHaveCompany && company.isPending) ||
    hasNoCompany;
  // While its code loads, the page stays as it is rather than the layout's spinner standing in for it.
  const mountsModal = useMountAfterFirstOpen(isModalOpen);
  // The header and the footer are memoised: the session's answers re-render this layout (each one blocking, as
  // TanStack Query's results reach React through useSyncExternalStore), and they should re-render only when
  // what they show changes. The header's data is deferred: the company's answer re-renders the header (badge,
  // links, bell) in a deferred render that React slices, the one that mounts the page under it.
  const changeCompany = useCallback(() => setChoosing(true), []);
  const headerCompany = useDeferredValue(company.data);
  const hasHeaderCompanyFailed = useDeferredValue(company.isError);
  const isConsult = useDeferredValue(
    session.account.data?.authorities.includes('ROLE_PROVIDER_CONSULT') ?? false,
  );
  const chosen = (next: Company) => {
    setChoosing(false);
    showSuccess('company.switched', { name: next.name });
    navigate(paths.dashboard);
  };
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <ProviderHeader
        isConsult={isConsult}
        company={headerCompany}
        hasCompanyFailed={hasHeaderCompanyFailed}
        onChangeCompany={changeCompany}
      />
      {/* At least a screen high, so the footer starts below the fold: a page growing as its data arrives
          pushes nothing the user can see (layout shift), and the footer never stands in for the page's
          largest content. */}
      <Container
        component="main"
        id="main"
        tabIndex={-1}
        size="lg"
        py={{ base: 'md', sm: 'xl' }}
        w="100%"
        mih="100vh"
        style={{ flex: 1 }}
      >
        <ProviderGuard
          step={session.step}
          isLoading={isLoading}
          hasFailed={session.account.isError || session.terms.isError || hasCompanyFailed}
        >
          <Outlet />
        </ProviderGuard>
      </Container>
      <SimpleFooter organizationName={organizationName} />
      {mountsModal && (
        <CompanyModal
          opened={isModalOpen}
          isMandatory={hasNoCompany}
          currentId={company.data?.id}
          onClose={() => setChoosing(false)}
          onChosen={chosen}
        />
      )}
    </Box>
  );
}
