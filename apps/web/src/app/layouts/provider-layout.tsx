import { Box, Container } from '@mantine/core';
import type { Company } from '@portal/contract';
import { useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { SimpleFooter } from '../../components/layout/simple-footer';
import { paths } from '../../config/paths';
import { useDefaultCompany } from '../../features/companies/api/get-default-company';
import { CompanyModal } from '../../features/companies/components/company-modal';
import { useOrganizationName } from '../../features/organization/use-support-phone';
import { useSessionQueries } from '../../features/session/use-session-queries';
import { showSuccess } from '../../lib/errors/error-display-store';
import { useTranslation } from '../../lib/i18n/use-translation';
import { ProviderGuard } from '../guards/provider-guard';
import { ProviderHeader } from './provider-header';

/**
 * Authenticated provider pages: the provider header, the guard around the content, the footer, and the
 * company modal (mandatory while no company is set). The default company loads for activated providers.
 */
export function ProviderLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSessionQueries();
  const organizationName = useOrganizationName(t('app.name'));
  const canHaveCompany = session.step === 'dashboard' && session.account.data?.activated === true;
  const company = useDefaultCompany(canHaveCompany);
  const [isChoosing, setChoosing] = useState(false);
  const hasNoCompany = canHaveCompany && company.isError;
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
      <Container
        component="main"
        id="main"
        tabIndex={-1}
        size="lg"
        py={{ base: 'md', sm: 'xl' }}
        w="100%"
        style={{ flex: 1 }}
      >
        <ProviderGuard
          step={session.step}
          isLoading={
            session.account.isPending || session.terms.isPending || (canHaveCompany && company.isPending)
          }
          hasFailed={session.account.isError || session.terms.isError || company.isError}
        >
          <Outlet />
        </ProviderGuard>
      </Container>
      <SimpleFooter organizationName={organizationName} />
      <CompanyModal
        opened={isChoosing || hasNoCompany}
        isMandatory={hasNoCompany}
        currentId={company.data?.id}
        onClose={() => setChoosing(false)}
        onChosen={chosen}
      />
    </Box>
  );
}
