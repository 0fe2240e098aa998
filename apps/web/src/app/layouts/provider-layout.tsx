import { Box, Container } from '@mantine/core';
import type { Company } from '@portal/contract';
import { useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { SimpleFooter } from '../../components/layout/simple-footer';
import { paths } from '../../config/paths';
import { useDefaultCompany } from '../../features/companies/api/get-default-company';
import { useOrganizationName } from '../../features/organization/use-support-phone';
import { useProvidedSessionQueries } from '../../features/session/session-queries-context';
import { showSuccess } from '../../lib/errors/error-display-store';
import { useTranslation } from '../../lib/i18n/use-translation';
import { ProviderGuard } from '../guards/provider-guard';
import { lazyPart, useLazyPart } from '../lazy-part';
import { ProviderHeader } from './provider-header';

// The company modal (Mantine's modal and scroll area) loads a moment after the page, or when it opens.
const companyModal = lazyPart(() =>
  import('../../features/companies/components/company-modal').then((module) => module.CompanyModal),
);

/**
 * Authenticated provider pages: the provider header, the guard around the content, the footer, and the
 * company modal (mandatory while no company is set). The default company loads for activated providers. The
 * session queries come from the shell (route-table.tsx).
 */
export function ProviderLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useProvidedSessionQueries();
  // The footer starts below the fold: its name waits for the root layout's idle load, not for a call of its
  // own among the ones the page is waiting for.
  const organizationName = useOrganizationName(t('app.name'), false);
  const canHaveCompany = session.step === 'dashboard' && session.account.data?.activated === true;
  const company = useDefaultCompany(canHaveCompany);
  const [isChoosing, setChoosing] = useState(false);
  const hasNoCompany = canHaveCompany && company.isError;
  const isModalOpen = isChoosing || hasNoCompany;
  const isLoading =
    session.account.isPending || session.terms.isPending || (canHaveCompany && company.isPending);
  const CompanyModal = useLazyPart(companyModal, {
    preload: isLoading ? false : 'later',
    isWanted: isModalOpen,
  });
  const chosen = (next: Company) => {
    setChoosing(false);
    showSuccess('company.switched', { name: next.name });
    navigate(paths.dashboard);
  };
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <ProviderHeader
        account={session.account.data}
        company={company.data}
        hasCompanyFailed={company.isError}
        onChangeCompany={() => setChoosing(true)}
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
          hasFailed={session.account.isError || session.terms.isError || company.isError}
        >
          <Outlet />
        </ProviderGuard>
      </Container>
      <SimpleFooter organizationName={organizationName} />
      {CompanyModal && (
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
